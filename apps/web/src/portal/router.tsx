import { useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** The portal's own small history router (the back office's react-router stays out of it). */
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  emit();
  const hash = to.includes('#') ? to.slice(to.indexOf('#') + 1) : '';
  if (hash) {
    // The footer's site map links into page sections (/about#history): scroll once rendered.
    requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash))?.scrollIntoView());
  } else if (!options.replace) {
    window.scrollTo(0, 0);
  }
}

export type PortalLocation = { pathname: string; query: URLSearchParams };

export function useLocation(): PortalLocation {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, 'http://portal.local');
  return { pathname: url.pathname.replace(/\/+$/, '') || '/', query: url.searchParams };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An in-portal link (plain clicks navigate without a page load; modified clicks and new tabs are the browser's). */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      target === '_blank' ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (!isPortalHref(to)) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a
      href={to}
      target={target}
      rel={target === '_blank' ? 'noopener noreferrer' : undefined}
      onClick={handle}
      {...rest}
    />
  );
}

const PORTAL_SEGMENTS = new Set([
  'portal',
  'proHome',
  'seHome',
  'purchaseAnnouncement',
  'resultAnnouncement',
  'about',
  'privacy',
  'feature',
  'guide',
  'news',
  'detail',
  'pro',
]);

/** Whether a link stays inside the portal app (else it is a full page load, e.g. /user/login). */
export function isPortalHref(to: string): boolean {
  if (!to.startsWith('/')) return false;
  const first = to.split(/[/?#]/)[1] ?? '';
  return PORTAL_SEGMENTS.has(first);
}
