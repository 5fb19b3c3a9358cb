import type { ComponentType } from 'react';
import { LazyResult as Result } from '../components/lazy-result';
import { PageBoundary } from './page-boundary';

/**
 * Renders the screen a menu node names (resolved through the page registry when the route
 * table is built), or says clearly that no such screen exists.
 */
export function MenuPage({ page: Page, component }: { page: ComponentType | null; component: string }) {
  if (!Page) {
    return (
      <Result
        status="warning"
        title="页面组件不存在"
        subTitle={`菜单配置的页面组件“${component || '（空）'}”不存在，请联系管理员检查菜单配置。`}
      />
    );
  }
  return (
    <PageBoundary>
      <Page />
    </PageBoundary>
  );
}
