import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '@procura/shared';
import { findRouteChain } from '../../lib/menu-routes';
import type { AppRoute } from '../../lib/menu-routes';
import { PlainHeading } from '../../components/text/plain-text';

export type Crumb = { title: string; path: string | null };

/** 首页 first (linking home), then the routes leading to the page; the last crumb is not a link. */
export function breadcrumbTrail(pathname: string, routes: readonly AppRoute[]): Crumb[] {
  const chain = findRouteChain(pathname, routes).filter((r) => r.path !== HOME_PATH);
  const crumbs: Crumb[] = [
    { title: '首页', path: HOME_PATH },
    ...chain.map((r) => ({ title: r.meta.title, path: r.path })),
  ];
  crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1]!, path: null };
  return crumbs;
}

/** The breadcrumb and title above the page. */
export function PageHeader({ routes, title }: { routes: readonly AppRoute[]; title?: string | undefined }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbTrail(pathname, routes);
  return (
    <div className="procura-page-header" data-testid="page-header">
      <Breadcrumb
        data-testid="breadcrumb"
        items={crumbs.map((c) => ({
          key: c.path ?? c.title,
          title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
        }))}
      />
      {title ? (
        <PlainHeading level={5} style={{ margin: '8px 0 0' }}>
          {title}
        </PlainHeading>
      ) : null}
    </div>
  );
}
