import { useEffect } from 'react';
import { initialTabs, openTab } from './tab-state';
import type { TabPage, TabState } from './tab-state';

/** Open tabs survive a reload: kept in sessionStorage (this browser tab only), per user. */
const SAVED_TABS_KEY = 'procura:tabs';

type SavedTabs = { owner: string; hrefs: string[] };

function readSaved(owner: string): string[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED_TABS_KEY) ?? 'null') as SavedTabs | null;
    if (!saved || saved.owner !== owner || !Array.isArray(saved.hrefs)) return [];
    return saved.hrefs.filter((h): h is string => typeof h === 'string');
  } catch {
    return [];
  }
}

/**
 * The workspace when the shell starts after a reload: the tabs open before it, in order, for the
 * routes the user still has, with the current page opened among them; else just home and the page.
 */
export function restoredTabs(
  owner: string,
  current: TabPage,
  home: TabPage | null,
  multiTab: boolean,
  pageOf: (href: string) => TabPage | null,
): TabState {
  const fresh = initialTabs(current, home);
  if (!multiTab || !owner) return fresh;
  const pages: TabPage[] = [];
  for (const href of readSaved(owner)) {
    const page = pageOf(href);
    if (page && !pages.some((p) => p.fullPath === page.fullPath)) pages.push(page);
  }
  if (pages.length === 0) return fresh;
  const withHome = home && !pages.some((p) => p.fullPath === home.fullPath) ? [home, ...pages] : pages;
  return openTab({ pages: withHome, activeKey: current.fullPath }, current, true);
}

/** Saves the open tabs whenever they change. */
export function useSavedTabs(owner: string, tabs: TabState): void {
  useEffect(() => {
    if (!owner) return;
    try {
      const saved: SavedTabs = { owner, hrefs: tabs.pages.map((p) => p.href) };
      sessionStorage.setItem(SAVED_TABS_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or refused: the tabs simply do not survive a reload.
    }
  }, [owner, tabs]);
}
