import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createSessionStore } from '../lib/auth-store';
import { http } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';
import { JEECG_VIEWS } from '@procura/shared';
import { resolvePage } from '../app/page-registry';
import { ADMIN_MENU, menuNode, userInfo } from '../test/fixtures';
import { fakeServer, ok } from '../test/fake-server';
import { renderApp } from '../test/render';
import { resolveResourcePage } from './resource-route';

describe('resource/<key> menu components', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolve to one kept page per known resource, and to nothing otherwise', () => {
    const page = resolveResourcePage('resource/sysPosition');
    expect(page).not.toBeNull();
    expect(resolveResourcePage('resource/sysPosition')).toBe(page);
    expect(resolvePage('resource/sysPosition')).toBe(page);
    expect(resolveResourcePage('resource/noSuchThing')).toBeNull();
    expect(resolveResourcePage('resource/toString')).toBeNull();
    expect(resolveResourcePage('sysPosition')).toBeNull();
  });

  it("resolve JeecgBoot's view paths, as seeded menus store them, to the same pages", () => {
    for (const [ours, jeecg] of Object.entries(JEECG_VIEWS)) {
      expect(resolvePage(jeecg), jeecg).not.toBeNull();
      expect(resolvePage(jeecg), jeecg).toBe(resolvePage(ours));
    }
    expect(resolvePage('system/NoSuchList')).toBeNull();
  });

  it('open the generic page from the menu, and an unknown key says the page does not exist', async () => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo());
    const menu = [
      ...ADMIN_MENU,
      menuNode('/isystem/position', 'resource/sysPosition'),
      menuNode('/isystem/nothing', 'resource/sysNothing'),
    ];
    const server = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': () =>
        ok({ menu, auth: [{ action: 'position:list', type: '1' }], allAuth: [] }),
      'GET /sys/position/list': () =>
        ok({ records: [{ id: 'p1', code: 'CGJL', name: '采购经理' }], total: 1, size: 23, current: 1, pages: 1 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/isystem/position', createSessionStore(http));
    expect(await screen.findByText('采购经理')).toBeTruthy();
    expect(screen.getByTestId('resource-page-sysPosition')).toBeTruthy();
    await router.navigate('/isystem/nothing');
    expect(await screen.findByText('页面组件不存在')).toBeTruthy();
  });
});
