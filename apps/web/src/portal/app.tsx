import { useEffect } from 'react';
import type { PortalTemplate } from '@procura/shared';
import { SeHome } from './home-se';
import { ProHome } from './home-pro';
import {
  AboutPage,
  DetailPage,
  FeaturePage,
  GuidePage,
  NewsPage,
  PrivacyPage,
  PurchasePage,
  ResultPage,
} from './inner-pages';
import { Link, useLocation } from './router';
import { TemplatesPage } from './templates-page';
import { useEnabledTemplate } from './template';
import { Toasts } from './toast';

const TITLES: Record<string, string> = {
  '/purchaseAnnouncement': '采购公告',
  '/resultAnnouncement': '结果公示',
  '/about': '关于我们',
  '/privacy': '隐私政策',
  '/feature': '平台介绍',
  '/guide': '操作指南',
  '/news': '新闻资讯',
  '/detail': '公告详情',
  '/portal/templates': '门户模板',
};

function NotFound() {
  return (
    <main className="p-container p-section p-notfound" data-testid="portal-not-found">
      <h1>页面不存在</h1>
      <Link to="/portal">返回门户首页</Link>
    </main>
  );
}

/** The template whose configuration a path renders with: the homes name theirs; null for the rest (they follow the enabled one). */
export function templateOfPath(pathname: string): PortalTemplate | null {
  if (pathname === '/proHome') return 'pro';
  if (pathname === '/seHome') return 'se';
  return null;
}

/** /portal: the home of the template enabled for every visitor (a site setting); nothing until it is read. */
function EnabledHome() {
  const template = useEnabledTemplate();
  if (template === null) return <main className="p-page" data-testid="portal-home-pending" />;
  return template === 'pro' ? <ProHome /> : <SeHome />;
}

/** The portal's route table (spec part 1 §2.5); `/pro/…` are the footer's aliases of the inner pages. */
export function route(pathname: string) {
  const path = pathname.replace(/^\/pro(?=\/)/, '');
  switch (path) {
    case '/portal':
      return <EnabledHome />;
    case '/portal/templates':
      return <TemplatesPage />;
    case '/proHome':
      return <ProHome />;
    case '/seHome':
      return <SeHome />;
    case '/purchaseAnnouncement':
      return <PurchasePage />;
    case '/resultAnnouncement':
      return <ResultPage />;
    case '/about':
      return <AboutPage />;
    case '/privacy':
      return <PrivacyPage />;
    case '/feature':
      return <FeaturePage />;
    case '/guide':
      return <GuidePage />;
    case '/news':
      return <NewsPage />;
    case '/detail':
      return <DetailPage />;
    default:
      return <NotFound />;
  }
}

export function PortalApp() {
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/pro(?=\/)/, '');
  useEffect(() => {
    const title = TITLES[path];
    document.title = title ? `${title} - 招标采购平台` : '招标采购平台';
  }, [path]);
  return (
    <>
      {route(pathname)}
      <Toasts />
    </>
  );
}
