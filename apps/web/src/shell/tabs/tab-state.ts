import { HOME_PATH } from '@procura/shared';

/** One open page of the workspace (spec part 1 §3 "Tab page"). */
export type TabPage = {
  /** The tab's key: path plus query string, without the detail parameter (lib/detail-param). */
  fullPath: string;
  /** Where the tab was last: its key plus the detail it shows, if any. Activating it goes back there. */
  href: string;
  path: string;
  name: string;
  title: string;
  icon?: string;
  keepAlive: boolean;
  /** Bumped by "refresh": the page is mounted anew. */
  refreshKey: number;
};

export type TabState = {
  pages: readonly TabPage[];
  activeKey: string;
};

/** The refusals, worded as the spec writes them (part 1 §5, §8). */
export const TAB_MESSAGES = {
  homeCannotClose: 'the home page cannot be closed!',
  lastPage: 'this is the last page, cannot close any more',
} as const;

export type TabOutcome = { ok: true; state: TabState } | { ok: false; message: string };

export const HOME_TAB_KEY = HOME_PATH;

/**
 * A page opened through a single-sign-on ticket link: "close others" on it leaves it
 * alone, without the home tab (JeecgBoot's `?ticke=` rule).
 */
export function isTicketKey(key: string): boolean {
  return /[?&]ticket?=/.test(key);
}

const indexOf = (state: TabState, key: string) => state.pages.findIndex((p) => p.fullPath === key);
const homeOf = (state: TabState) => state.pages.find((p) => p.fullPath === HOME_TAB_KEY);

/** The workspace when the shell starts: the home tab first (when the user has it), then the current page. */
export function initialTabs(current: TabPage, home: TabPage | null): TabState {
  const pages = home && current.fullPath !== home.fullPath ? [home, current] : [current];
  return { pages, activeKey: current.fullPath };
}

/**
 * Opening a route: a new page becomes the last tab; an open one is updated in place, keeping
 * its title (a dynamic title stays) and refresh counter. With multi-tab mode off only the
 * current page remains.
 */
export function openTab(state: TabState, page: TabPage, multiTab: boolean): TabState {
  const at = indexOf(state, page.fullPath);
  const existing = at >= 0 ? state.pages[at]! : null;
  const next: TabPage = existing ? { ...page, title: existing.title, refreshKey: existing.refreshKey } : page;
  if (!multiTab) return { pages: [next], activeKey: next.fullPath };
  const pages = existing ? state.pages.map((p, i) => (i === at ? next : p)) : [...state.pages, next];
  return { pages, activeKey: next.fullPath };
}

/** Multi-tab mode switched: off leaves only the active page, on brings the home tab back first. */
export function setMultiTab(state: TabState, multiTab: boolean, home: TabPage | null): TabState {
  const active = state.pages[indexOf(state, state.activeKey)] ?? state.pages[0];
  if (!active) return state;
  if (!multiTab) return { pages: [active], activeKey: active.fullPath };
  if (!home || homeOf(state)) return state;
  return { pages: [home, ...state.pages], activeKey: state.activeKey };
}

/**
 * Closing a tab. The home tab and the very last page are refused. Closing the active tab
 * activates its neighbour (the one to its right, else to its left); closing another tab
 * leaves the active one as it is.
 */
export function closeTab(state: TabState, key: string): TabOutcome {
  if (key === HOME_TAB_KEY) return { ok: false, message: TAB_MESSAGES.homeCannotClose };
  if (state.pages.length <= 1) return { ok: false, message: TAB_MESSAGES.lastPage };
  const at = indexOf(state, key);
  if (at < 0) return { ok: true, state };
  const pages = state.pages.filter((p) => p.fullPath !== key);
  const activeKey = key === state.activeKey ? pages[Math.min(at, pages.length - 1)]!.fullPath : state.activeKey;
  return { ok: true, state: { pages, activeKey } };
}

/** After removing tabs: keep the active one when it survived, else activate `key`. */
function withActive(pages: TabPage[], state: TabState, key: string): TabState {
  const activeKey = pages.some((p) => p.fullPath === state.activeKey) ? state.activeKey : key;
  return { pages, activeKey };
}

/** Closes the tabs left of `key`; the home tab stays first. */
export function closeLeft(state: TabState, key: string): TabState {
  const at = indexOf(state, key);
  if (at < 0 || key === HOME_TAB_KEY) return state;
  const home = homeOf(state);
  const pages = [...(home ? [home] : []), ...state.pages.slice(at)];
  return withActive(pages, state, key);
}

/** Closes the tabs right of `key`. */
export function closeRight(state: TabState, key: string): TabState {
  const at = indexOf(state, key);
  if (at < 0) return state;
  return withActive(state.pages.slice(0, at + 1), state, key);
}

/** Closes every tab but `key` (and the home tab, unless `key` is home or a ticket link); `key` becomes active. */
export function closeOthers(state: TabState, key: string): TabState {
  const at = indexOf(state, key);
  if (at < 0) return state;
  const page = state.pages[at]!;
  const home = homeOf(state);
  const keepHome = home && key !== HOME_TAB_KEY && !isTicketKey(key);
  return { pages: keepHome ? [home, page] : [page], activeKey: key };
}

/** Reloads a tab's page (it is mounted anew) and activates it. */
export function refreshTab(state: TabState, key: string): TabState {
  if (indexOf(state, key) < 0) return state;
  return {
    pages: state.pages.map((p) => (p.fullPath === key ? { ...p, refreshKey: p.refreshKey + 1 } : p)),
    activeKey: key,
  };
}

/** Replaces a tab's title (a page naming itself after its record, say). */
export function setTabTitle(state: TabState, key: string, title: string): TabState {
  const at = indexOf(state, key);
  if (at < 0 || state.pages[at]!.title === title) return state;
  return { ...state, pages: state.pages.map((p) => (p.fullPath === key ? { ...p, title } : p)) };
}

/** Where activating the tab of `key` goes: the address it was last at. */
export function hrefOf(state: TabState, key: string): string {
  return state.pages.find((p) => p.fullPath === key)?.href ?? key;
}

/** Keys of the tabs that keep their page mounted while hidden. */
export function keptAliveKeys(state: TabState): string[] {
  return state.pages.filter((p) => p.keepAlive).map((p) => p.fullPath);
}
