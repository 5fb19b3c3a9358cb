import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import type { SafeHtml } from './safe-html';

// DOMPurify loads with the first rich text shown: the portal's lists and homes never need it.
const Lazy = lazy(() => import('./safe-html').then((m) => ({ default: m.SafeHtml })));

/** SafeHtml, loaded on first use; until then an empty box of the same class holds its place. */
export function LazySafeHtml(props: ComponentProps<typeof SafeHtml>) {
  return (
    <Suspense fallback={<div className={props.className} style={props.style} />}>
      <Lazy {...props} />
    </Suspense>
  );
}
