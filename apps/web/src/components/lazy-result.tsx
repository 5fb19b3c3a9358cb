import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

// antd's Result module carries its 403/404/500 illustrations: loaded when a result is first shown
// (an error, a missing page), not with the back office's first screen.
const AntResult = lazy(() => import('antd/es/result'));

/** antd's Result, loaded on first use. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
