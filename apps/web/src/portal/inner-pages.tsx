import { PORTAL_LIMITS } from '@procura/shared';
import type { NewsItem } from '@procura/shared';
import { LazySafeHtml as SafeHtml } from '../components/lazy-safe-html';
import { recordsOf, usePortalView } from './api';
import { Features } from './home-pro';
import { NewsCard } from './items';
import { Banner, PortalPage } from './layout';
import { Link, navigate, useLocation } from './router';
import { Slider, chunk } from './slider';
import { Loading, Pending } from './widgets';
import { Pager, useInnerConfig, withQuery } from './inner-common';

// 采购公告, its detail and 结果公示 have files of their own; app.tsx imports every page from here.
export { DetailPage } from './detail-page';
export { PurchasePage } from './purchase-page';
export { ResultPage } from './result-page';

/** Plain configured text as paragraphs (blank lines between them); never HTML. */
function Paragraphs({ text, testId }: { text: string | undefined; testId: string }) {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="p-intro">暂无数据</p>;
  return (
    <div data-testid={testId}>
      {paragraphs.map((p, i) => (
        <p key={i} className="p-intro">
          {p}
        </p>
      ))}
    </div>
  );
}

/** 关于我们: introduction, history timeline 4 per page (autoplay, loop), culture, contact offices. */
export function AboutPage() {
  const config = useInnerConfig();
  const { intro, history, offices } = config.about;
  const pages = chunk(history, PORTAL_LIMITS.timelinePerPage);
  return (
    <PortalPage config={config} testId="portal-about-page">
      <Banner title="关于我们" testId="portal-about-banner" color={config.hero.primaryColor} />
      <div className="p-container">
        <section className="p-section" id="intro" data-testid="portal-about-intro">
          <h2>公司简介</h2>
          <p className="p-intro">{intro || '暂无数据'}</p>
        </section>
        <section className="p-section" id="history" data-testid="portal-about-history">
          <h2>发展历程</h2>
          <Pending loading={false} empty={pages.length === 0}>
            <Slider
              items={history}
              perSlide={PORTAL_LIMITS.timelinePerPage}
              autoplayMs={PORTAL_LIMITS.sliderAutoplayMs}
              speedMs={PORTAL_LIMITS.sliderSpeedMs}
              testId="portal-timeline"
              label="发展历程"
              render={(entry) => (
                <div className="p-timeline-item">
                  <strong>{entry.year}</strong>
                  <span className="p-date">{entry.month}</span>
                  <p>{entry.content}</p>
                </div>
              )}
            />
          </Pending>
        </section>
        <section className="p-section" id="culture" data-testid="portal-about-culture">
          <h2>企业文化</h2>
          <Paragraphs text={config.about.culture} testId="portal-about-culture-text" />
        </section>
        <section className="p-section" id="contact" data-testid="portal-about-offices">
          <h2>联系我们</h2>
          <Pending loading={false} empty={offices.length === 0}>
            <div className="p-grid p-grid-3">
              {offices.map((office) => (
                <article key={office.name} className="p-card">
                  <h3>{office.name}</h3>
                  <p>{office.address}</p>
                  <p>{office.phone}</p>
                </article>
              ))}
            </div>
          </Pending>
        </section>
      </div>
    </PortalPage>
  );
}

export function FeaturePage() {
  const config = useInnerConfig();
  return (
    <PortalPage config={config} testId="portal-feature-page">
      <Banner
        title={config.platformInfo.title || '平台介绍'}
        testId="portal-feature-banner"
        color={config.hero.primaryColor}
      />
      <Features config={config} testId="portal-feature-list" />
    </PortalPage>
  );
}

const GUIDE = [
  {
    title: '供应商注册',
    steps: [
      '点击页面右上角「注册」',
      '填写企业名称、统一社会信用代码与联系人信息',
      '设置符合强度要求的密码并提交',
      '首次登录后完善供应商信息，等待审核',
    ],
  },
  { title: '登录', steps: ['点击「登录」进入登录页', '输入用户名和密码', '多租户账号需选择租户后进入工作台'] },
  { title: '找回密码', steps: ['在登录页联系平台管理员重置密码', '使用新密码登录后尽快修改密码'] },
  {
    title: '参与报名',
    steps: ['在「采购公告」中找到项目并打开详情', '登录后点击「报名」', '在工作台中下载文件并按时响应'],
  },
];

export function GuidePage() {
  const config = useInnerConfig();
  return (
    <PortalPage config={config} testId="portal-guide-page">
      <Banner title="操作指南" testId="portal-guide-banner" color={config.hero.primaryColor} />
      <div className="p-container p-section p-grid p-grid-2">
        {GUIDE.map((g) => (
          <article key={g.title} className="p-card">
            <h2>{g.title}</h2>
            <ol>
              {g.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </article>
        ))}
      </div>
    </PortalPage>
  );
}

/** 隐私政策: the text an administrator keeps in 门户管理 › 页面设计 › 关于我们. */
export function PrivacyPage() {
  const config = useInnerConfig();
  return (
    <PortalPage config={config} testId="portal-privacy-page">
      <Banner title="隐私政策" testId="portal-privacy-banner" color={config.hero.primaryColor} />
      <div className="p-container p-section">
        <Paragraphs text={config.about.privacy} testId="portal-privacy-text" />
      </div>
    </PortalPage>
  );
}

/** 新闻资讯: paged list, or one article with `?id=`. */
export function NewsPage() {
  const config = useInnerConfig();
  const { pathname, query } = useLocation();
  const id = query.get('id');
  const type = query.get('type') ?? '';
  const pageNo = Math.max(1, Number(query.get('pageNo')) || 1);
  const list = usePortalView<{ records: NewsItem[]; pages?: number; current?: number }>(
    id ? null : '/portal/view/news',
    { type, pageNo, pageSize: 12 },
  );
  const detail = usePortalView<NewsItem>(id ? '/portal/view/newsDetail' : null, { id: id ?? '' });
  return (
    <PortalPage config={config} testId="portal-news-page">
      <Banner title="新闻资讯" testId="portal-news-banner" color={config.hero.primaryColor} />
      <div className="p-container p-section">
        {id ? (
          detail.loading ? (
            <Loading />
          ) : detail.data ? (
            <article className="p-detail" data-testid="portal-news-detail">
              <p className="p-crumb">
                <Link to="/news">新闻资讯</Link>
              </p>
              <h1>{detail.data.title}</h1>
              <p className="p-subtitle">
                <span
                  className={detail.data.type === '行业新闻' ? 'p-news-type p-news-orange' : 'p-news-type p-news-blue'}
                >
                  {detail.data.type}
                </span>{' '}
                {detail.data.date}
              </p>
              <SafeHtml html={detail.data.content} className="p-content" />
            </article>
          ) : (
            <Pending loading={false} empty>
              {null}
            </Pending>
          )
        ) : (
          <Pending loading={list.loading} empty={recordsOf(list.data).length === 0}>
            <div className="p-grid p-grid-4" data-testid="portal-news-list">
              {recordsOf(list.data).map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </div>
            <Pager
              current={list.data?.current ?? pageNo}
              pages={list.data?.pages ?? 1}
              onChange={(p) => navigate(withQuery(pathname, { type, pageNo: p }), { replace: true })}
            />
          </Pending>
        )}
      </div>
    </PortalPage>
  );
}
