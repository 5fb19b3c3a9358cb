/**
 * Whether this page is being unloaded (a reload, a navigation away, a close). The browser cuts
 * off requests still in flight then, and they fail like a network error; a caller that reacts to
 * a failure by ending the session (the route guard, rule 6) asks this first, so a reload while the
 * menu is loading never signs the user out. `pagehide` fires only for an unload that happens (a
 * cancelled `beforeunload` does not count); `pageshow` means the page is back (back/forward cache).
 */
let unloading = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

export function isPageUnloading(): boolean {
  return unloading;
}
