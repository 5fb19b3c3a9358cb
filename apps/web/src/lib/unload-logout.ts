/**
 * JeecgBoot's way of telling a real close from a reload: when the page is unloaded within
 * 5 ms of `beforeunload` the tab is being closed, so the session is ended on the server with a
 * beacon (spec part 2 §7). The unload is observed through `pagehide` (fired at the same moment):
 * an `unload` listener is deprecated and keeps the page out of the back/forward cache. A page
 * kept in that cache (`persisted`) is not being closed. A fast reload can pass for a close too;
 * the server holds the close a few seconds and the reloaded page, by using the token, keeps
 * its session (SessionService.closeSoon).
 */
export const REAL_CLOSE_MAX_GAP_MS = 5;

export function isRealClose(beforeUnloadAt: number | null, unloadAt: number): boolean {
  return beforeUnloadAt !== null && unloadAt - beforeUnloadAt <= REAL_CLOSE_MAX_GAP_MS;
}

export type UnloadLogoutDeps = {
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now: () => number;
  token: () => string | null;
  /** The absolute or base-relative URL of /sys/logoutV2. */
  url: () => string;
  sendBeacon: (url: string, data: string) => boolean;
};

/** Installs the listeners; returns a function removing them. */
export function installUnloadLogout(deps: UnloadLogoutDeps): () => void {
  let beforeUnloadAt: number | null = null;
  const onBeforeUnload = () => {
    beforeUnloadAt = deps.now();
  };
  const onPageHide = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) return;
    const token = deps.token();
    if (token && isRealClose(beforeUnloadAt, deps.now())) deps.sendBeacon(deps.url(), token);
  };
  deps.target.addEventListener('beforeunload', onBeforeUnload);
  deps.target.addEventListener('pagehide', onPageHide);
  return () => {
    deps.target.removeEventListener('beforeunload', onBeforeUnload);
    deps.target.removeEventListener('pagehide', onPageHide);
  };
}
