import { describe, expect, it } from 'vitest';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  isTicketKey,
  keptAliveKeys,
  openTab,
  refreshTab,
  setMultiTab,
  setTabTitle,
  hrefOf,
  TAB_MESSAGES,
} from './tab-state';
import { restoredTabs } from './tab-persist';
import type { TabPage, TabState } from './tab-state';

function page(fullPath: string, extra: Partial<TabPage> = {}): TabPage {
  const path = fullPath.split('?')[0]!;
  return {
    fullPath,
    href: fullPath,
    path,
    name: path.slice(1),
    title: `t${path}`,
    keepAlive: false,
    refreshKey: 0,
    ...extra,
  };
}

const HOME = page('/dashboard/workbench', { title: '首页' });
const keys = (state: TabState) => state.pages.map((p) => p.fullPath);

/** Home, then a, b, c opened in that order; c active. */
function fourTabs(): TabState {
  let state = initialTabs(HOME, HOME);
  for (const p of ['/a', '/b', '/c']) state = openTab(state, page(p), true);
  return state;
}

function closed(outcome: ReturnType<typeof closeTab>): TabState {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.state;
}

describe('tab workspace state', () => {
  it('starts with the home tab first and the current page active', () => {
    expect(initialTabs(page('/a'), HOME)).toEqual({ pages: [HOME, page('/a')], activeKey: '/a' });
    expect(initialTabs(HOME, HOME)).toEqual({ pages: [HOME], activeKey: HOME.fullPath });
    // A user without the home route has no home tab.
    expect(keys(initialTabs(page('/a'), null))).toEqual(['/a']);
  });

  it('opens each route as a tab keyed by its full path', () => {
    const state = fourTabs();
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a', '/b', '/c']);
    expect(state.activeKey).toBe('/c');
    const withQuery = openTab(state, page('/a?id=1'), true);
    expect(keys(withQuery)).toEqual(['/dashboard/workbench', '/a', '/b', '/c', '/a?id=1']);
  });

  it('updates an open tab in place, keeping its dynamic title and refresh counter', () => {
    let state = setTabTitle(fourTabs(), '/a', '订单 PO-1');
    state = refreshTab(state, '/a');
    state = openTab(state, page('/c'), true);
    state = openTab(state, page('/a', { keepAlive: true, icon: 'user', title: 'menu title' }), true);
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a', '/b', '/c']);
    expect(state.activeKey).toBe('/a');
    expect(state.pages[1]).toMatchObject({ title: '订单 PO-1', keepAlive: true, icon: 'user', refreshKey: 1 });
  });

  it('closing the active tab activates its right neighbour, else its left one', () => {
    let state = openTab(fourTabs(), page('/b'), true);
    state = closed(closeTab(state, '/b'));
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a', '/c']);
    expect(state.activeKey).toBe('/c');
    state = closed(closeTab(state, '/c'));
    expect(state.activeKey).toBe('/a');
  });

  it('closing another tab keeps the active one', () => {
    const state = closed(closeTab(fourTabs(), '/a'));
    expect(keys(state)).toEqual(['/dashboard/workbench', '/b', '/c']);
    expect(state.activeKey).toBe('/c');
  });

  it('refuses to close the home tab', () => {
    expect(closeTab(fourTabs(), '/dashboard/workbench')).toEqual({
      ok: false,
      message: 'the home page cannot be closed!',
    });
    expect(closeTab(initialTabs(HOME, HOME), '/dashboard/workbench')).toEqual({
      ok: false,
      message: TAB_MESSAGES.homeCannotClose,
    });
  });

  it('refuses to close the last page', () => {
    expect(closeTab(initialTabs(page('/a'), null), '/a')).toEqual({
      ok: false,
      message: 'this is the last page, cannot close any more',
    });
    // A ticket page left alone by "close others" is the last page too.
    const alone = closeOthers(openTab(fourTabs(), page('/b?ticket=T1'), true), '/b?ticket=T1');
    expect(closeTab(alone, '/b?ticket=T1')).toEqual({ ok: false, message: TAB_MESSAGES.lastPage });
  });

  it('closes the tabs left of one, keeping home first', () => {
    let state = openTab(fourTabs(), page('/a'), true);
    state = closeLeft(state, '/b');
    expect(keys(state)).toEqual(['/dashboard/workbench', '/b', '/c']);
    // The active tab /a was closed: the chosen one becomes active.
    expect(state.activeKey).toBe('/b');
    expect(closeLeft(state, '/dashboard/workbench')).toBe(state);
  });

  it('closes the tabs right of one', () => {
    let state = closeRight(fourTabs(), '/a');
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a']);
    expect(state.activeKey).toBe('/a');
    state = closeRight(openTab(fourTabs(), page('/a'), true), '/b');
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a', '/b']);
    expect(state.activeKey).toBe('/a');
    expect(keys(closeRight(fourTabs(), '/dashboard/workbench'))).toEqual(['/dashboard/workbench']);
  });

  it('closes the others, keeping home unless the kept tab is home or a ticket link', () => {
    const state = closeOthers(fourTabs(), '/b');
    expect(keys(state)).toEqual(['/dashboard/workbench', '/b']);
    expect(state.activeKey).toBe('/b');
    expect(keys(closeOthers(fourTabs(), '/dashboard/workbench'))).toEqual(['/dashboard/workbench']);
    expect(closeOthers(fourTabs(), '/nope')).toEqual(fourTabs());
  });

  it('tells ticket links', () => {
    expect(isTicketKey('/a?ticket=1')).toBe(true);
    expect(isTicketKey('/a?x=1&ticke=1')).toBe(true);
    expect(isTicketKey('/ticket')).toBe(false);
    expect(isTicketKey('/a?tickets=1')).toBe(false);
  });

  it('refresh remounts a tab and activates it', () => {
    const state = refreshTab(fourTabs(), '/a');
    expect(state.activeKey).toBe('/a');
    expect(state.pages.map((p) => p.refreshKey)).toEqual([0, 1, 0, 0]);
    expect(refreshTab(state, '/missing')).toBe(state);
  });

  it('with multi-tab mode off only the current page remains', () => {
    let state = setMultiTab(openTab(fourTabs(), page('/b'), true), false, HOME);
    expect(keys(state)).toEqual(['/b']);
    state = openTab(state, page('/c'), false);
    expect(keys(state)).toEqual(['/c']);
    expect(state.activeKey).toBe('/c');
    // Switched on again: home comes back first.
    state = setMultiTab(state, true, HOME);
    expect(keys(state)).toEqual(['/dashboard/workbench', '/c']);
    expect(state.activeKey).toBe('/c');
  });

  it('lists the kept-alive tabs', () => {
    let state = openTab(fourTabs(), page('/isystem/user', { keepAlive: true }), true);
    state = openTab(state, page('/srm/supplier/list', { keepAlive: true }), true);
    expect(keptAliveKeys(state)).toEqual(['/isystem/user', '/srm/supplier/list']);
  });
});

describe('a tab remembers its detail, and the tabs survive a reload (issue 19 #9)', () => {
  it('keeps one tab while its detail opens and goes back to that detail when activated', () => {
    let state = fourTabs();
    state = openTab(state, page('/b', { href: '/b?open=42' }), true);
    expect(keys(state)).toEqual(['/dashboard/workbench', '/a', '/b', '/c']);
    state = openTab(state, page('/c'), true);
    expect(hrefOf(state, '/b')).toBe('/b?open=42');
    expect(hrefOf(state, '/c')).toBe('/c');
  });

  it('restores the saved tabs of the same user, and only routes that still answer', () => {
    sessionStorage.setItem('procura:tabs', JSON.stringify({ owner: 'buyer', hrefs: ['/a', '/gone', '/b?open=7'] }));
    const pageOf = (href: string) => (href.startsWith('/gone') ? null : page(href.split('?')[0]!, { href }));
    const restored = restoredTabs('buyer', page('/c'), HOME, true, pageOf);
    expect(keys(restored)).toEqual(['/dashboard/workbench', '/a', '/b', '/c']);
    expect(restored.activeKey).toBe('/c');
    expect(hrefOf(restored, '/b')).toBe('/b?open=7');
    // Another user in the same browser tab, or multi-tab mode off, starts afresh.
    expect(keys(restoredTabs('admin', page('/c'), HOME, true, pageOf))).toEqual(['/dashboard/workbench', '/c']);
    expect(keys(restoredTabs('buyer', page('/c'), HOME, false, pageOf))).toEqual(['/dashboard/workbench', '/c']);
    sessionStorage.clear();
  });
});
