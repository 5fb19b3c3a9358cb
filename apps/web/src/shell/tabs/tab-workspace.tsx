import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@procura/shared';
import { useSession } from '../../lib/auth-store';
import { useLayoutSettings } from '../../lib/layout-settings';
import { findRouteChain, isPageRoute } from '../../lib/menu-routes';
import type { AppRoute } from '../../lib/menu-routes';
import { confirmLeave } from '../../lib/leave-confirm';
import { unsavedRegistry } from '../../lib/unsaved-changes';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  openTab,
  refreshTab,
  setMultiTab,
  setTabTitle,
  hrefOf,
} from './tab-state';
import type { TabPage, TabState } from './tab-state';
import { storedTabTitle, storeTabTitle } from './tab-title';
import { restoredTabs, useSavedTabs } from './tab-persist';
import { tabKeyOf } from '../../lib/detail-param';

/** The tab for a location, from the route that answers it; null for parents and forwards. */
export function tabPageFor(pathname: string, search: string, routes: readonly AppRoute[]): TabPage | null {
  const route = findRouteChain(pathname, routes).at(-1);
  if (!route || !isPageRoute(route)) return null;
  const fullPath = tabKeyOf(pathname, search);
  const page: TabPage = {
    fullPath,
    href: `${pathname}${search}`,
    path: pathname,
    name: route.name,
    title: storedTabTitle(fullPath) ?? route.meta.title,
    keepAlive: route.meta.keepAlive,
    refreshKey: 0,
  };
  if (route.meta.icon) page.icon = route.meta.icon;
  return page;
}

export type TabWorkspace = {
  tabs: TabState;
  multiTab: boolean;
  activate(key: string): void;
  close(key: string): void;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  refresh(key: string): void;
  /** Gives the tab of `fullPath` a title of its own, remembered across reloads. */
  setTitle(fullPath: string, title: string): void;
};

const TabWorkspaceContext = createContext<TabWorkspace | null>(null);

export function useTabWorkspace(): TabWorkspace {
  const workspace = useContext(TabWorkspaceContext);
  if (!workspace) throw new Error('useTabWorkspace must be used inside <TabWorkspaceProvider>');
  return workspace;
}

/** Sets the current page's tab title (e.g. to the record it shows). */
export function useTabTitle(title: string | null | undefined): void {
  const workspace = useContext(TabWorkspaceContext);
  const { pathname, search } = useLocation();
  // The page's own tab: the location when it mounted (a kept-alive page sees others later).
  const [fullPath] = useState(() => tabKeyOf(pathname, search));
  const setTitle = workspace?.setTitle;
  useEffect(() => {
    if (setTitle && title) setTitle(fullPath, title);
  }, [setTitle, fullPath, title]);
}

type Seen = { href: string; multiTab: boolean };

/** Keeps the open tabs in step with the location and offers the tab actions. */
export function TabWorkspaceProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { routes, userInfo } = useSession();
  const { multiTab } = useLayoutSettings();
  const routeList = useMemo(() => routes?.routes ?? [], [routes]);
  const current = useMemo(() => tabPageFor(pathname, search, routeList), [pathname, search, routeList]);
  const home = useMemo(() => tabPageFor(HOME_PATH, '', routeList), [routeList]);

  const owner = userInfo?.username ?? '';
  // A reload brings back the tabs that were open (kept per browser tab and per user).
  const [tabs, setTabs] = useState<TabState>(() =>
    current
      ? restoredTabs(owner, current, multiTab ? home : null, multiTab, (href) => {
          const [path, query = ''] = href.split('?', 2) as [string, string?];
          return tabPageFor(path, query ? `?${query}` : '', routeList);
        })
      : { pages: [], activeKey: '' },
  );
  useSavedTabs(owner, tabs);
  const [seen, setSeen] = useState<Seen>({ href: current?.href ?? '', multiTab });
  // Follow the location during render (no flash of a missing tab): a new page opens a tab.
  if (current && (seen.href !== current.href || seen.multiTab !== multiTab)) {
    setSeen({ href: current.href, multiTab });
    setTabs((prev) => {
      const opened =
        prev.pages.length === 0 ? initialTabs(current, multiTab ? home : null) : openTab(prev, current, multiTab);
      return seen.multiTab !== multiTab ? setMultiTab(opened, multiTab, home) : opened;
    });
  }

  /** Applies a change that closes tabs: asks first when one of them holds unsaved edits. */
  const apply = useCallback(
    (next: TabState) => {
      const closing = tabs.pages.filter((p) => !next.pages.some((n) => n.fullPath === p.fullPath));
      const commit = () => {
        closing.forEach((p) => unsavedRegistry.discard(p.path));
        setTabs(next);
        if (next.activeKey !== tabKeyOf(pathname, search)) navigate(hrefOf(next, next.activeKey));
      };
      if (closing.some((p) => unsavedRegistry.isDirty(p.path))) {
        confirmLeave(modal, commit);
      } else {
        commit();
      }
    },
    [tabs, pathname, search, navigate, modal],
  );

  // Stable, so pages may call it from effects.
  const setTitle = useCallback((fullPath: string, title: string) => {
    storeTabTitle(fullPath, title);
    setTabs((prev) => setTabTitle(prev, fullPath, title));
  }, []);

  const workspace = useMemo<TabWorkspace>(
    () => ({
      tabs,
      multiTab,
      activate: (key) => navigate(hrefOf(tabs, key)),
      close(key) {
        const outcome = closeTab(tabs, key);
        if (!outcome.ok) {
          message.warning(outcome.message);
          return;
        }
        apply(outcome.state);
      },
      closeLeft: (key) => apply(closeLeft(tabs, key)),
      closeRight: (key) => apply(closeRight(tabs, key)),
      closeOthers: (key) => apply(closeOthers(tabs, key)),
      refresh(key) {
        setTabs(refreshTab(tabs, key));
        if (key !== tabKeyOf(pathname, search)) navigate(hrefOf(tabs, key));
      },
      setTitle,
    }),
    [tabs, multiTab, navigate, message, apply, pathname, search, setTitle],
  );

  return <TabWorkspaceContext.Provider value={workspace}>{children}</TabWorkspaceContext.Provider>;
}
