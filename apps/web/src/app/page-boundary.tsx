import { Component, Suspense } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { LazyResult as Result } from '../components/lazy-result';

/** A lazily loaded chunk that could not be fetched (new deployment, network loss). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|Loading chunk|Loading CSS chunk|error loading dynamically imported module|Importing a module script failed/i.test(
    error.message,
  );
}

export function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}

type BoundaryProps = { children: ReactNode; reload?: () => void };
type BoundaryState = { error: Error | null };

/** Keeps a failing screen from blanking the app: chunk failures offer a reload. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) {
      const reload = this.props.reload ?? (() => window.location.reload());
      return (
        <Result
          status="warning"
          title="页面加载失败"
          subTitle="页面资源加载失败，可能是网络异常或系统已更新，请重新加载。"
          extra={
            <Button type="primary" onClick={reload}>
              重新加载
            </Button>
          }
        />
      );
    }
    return <Result status="error" title="页面出错了" subTitle={error.message} />;
  }
}

/** Error boundary plus a spinner while the screen's chunk loads. */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
