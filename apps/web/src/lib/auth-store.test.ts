import { describe, expect, it } from 'vitest';
import { StorageKey } from '@procura/shared';
import { ADMIN_MENU, userInfo } from '../test/fixtures';
import { clientFor, fail, fakeServer, ok } from '../test/fake-server';
import { createSessionStore, EMPTY_MENU_ERROR } from './auth-store';
import { LoginError } from './login-session';
import { persistedSession } from './session-persistence';

const loginResult = (extra: Record<string, unknown> = {}) => ({
  token: 'tok-admin',
  userInfo: userInfo(),
  sysAllDictItems: { sex: [{ value: '1', text: '男', title: '男', label: '男' }] },
  departs: [],
  multi_depart: 1,
  ...extra,
});

function storeWith(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  return { server, store: createSessionStore(clientFor(server)) };
}

describe('session store: login', () => {
  it('stores token, user info and dictionaries on code 200', async () => {
    const { store, server } = storeWith({ 'POST /sys/login': () => ok(loginResult(), '登录成功') });
    await store.login('admin', 'Procura@2026');
    expect(server.requests[0]!.body).toEqual({ username: 'admin', password: 'Procura@2026' });
    expect(store.getState()).toMatchObject({ token: 'tok-admin', userInfo: { username: 'admin' }, routes: null });
    expect(store.getState().permissions.menu).toEqual([]);
    expect(persistedSession.token()).toBe('tok-admin');
    expect(persistedSession.userInfo()?.realname).toBe('管理员');
    expect(persistedSession.dict()?.sex).toHaveLength(1);
  });

  it("accepts the code as the string '200' (loose comparison)", async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ({ body: { success: true, code: '200', message: '', result: loginResult() } }),
    });
    await expect(store.login('admin', 'x')).resolves.toMatchObject({ token: 'tok-admin' });
  });

  it('rejects any other code with the server message and stores nothing', async () => {
    const { store } = storeWith({ 'POST /sys/login': () => fail(200, '用户名或密码错误', 500) });
    const error = await store.login('admin', 'bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect((error as Error).message).toBe('用户名或密码错误');
    expect(persistedSession.token()).toBeNull();
    expect(store.getState().token).toBeNull();
  });

  it('rejects success:true bodies whose code is not 200', async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ({ body: { success: true, code: 0, message: '手机验证码错误', result: null } }),
    });
    await expect(store.login('a', 'b')).rejects.toThrow('手机验证码错误');
  });

  it('rejects a throttled login (HTTP 429) with the server message', async () => {
    const { store } = storeWith({ 'POST /sys/login': () => fail(429, '登录失败次数过多，请15分钟后再试') });
    await expect(store.login('admin', 'bad')).rejects.toThrow('登录失败次数过多，请15分钟后再试');
  });
});

describe('session store: logout', () => {
  it('posts /sys/logout with the token header, then forgets everything', async () => {
    const { store, server } = storeWith({
      'POST /sys/login': () => ok(loginResult()),
      'POST /sys/logout': () => ok(null, '退出登录成功！'),
    });
    await store.login('admin', 'x');
    persistedSession.setButtonAuth([{ action: 'a', type: '1' }], []);
    await store.logout();
    expect(server.calls('POST /sys/logout')[0]!.headers['X-Access-Token']).toBe('tok-admin');
    expect(store.getState()).toMatchObject({ token: null, userInfo: null, routes: null });
    expect(window.localStorage.getItem(StorageKey.TOKEN)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.DICT)).toBeNull();
    expect(window.sessionStorage.getItem(StorageKey.USER_BUTTON_AUTH)).toBeNull();
  });

  it('ignores server errors when logging out', async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ok(loginResult()),
      'POST /sys/logout': () => fail(500, 'boom'),
    });
    await store.login('admin', 'x');
    await expect(store.logout()).resolves.toBeUndefined();
    expect(store.getState().token).toBeNull();
  });
});

describe('session store: permissions', () => {
  async function loggedIn(routes: Parameters<typeof fakeServer>[0]) {
    const setup = storeWith({ 'POST /sys/login': () => ok(loginResult()), ...routes });
    await setup.store.login('admin', 'x');
    return setup;
  }

  it('loads menu and button permissions, stores them and builds routes (once at a time)', async () => {
    const auth = [{ action: 'user:list', type: '1' }];
    const allAuth = [{ action: 'user:list', type: '1', status: '1' }];
    const { store, server } = await loggedIn({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth, allAuth }),
    });
    await Promise.all([store.loadPermissions(), store.loadPermissions()]);
    expect(server.calls('GET /sys/permission/getUserPermissionByToken')).toHaveLength(1);
    expect(store.getState().permissions).toEqual({ menu: ADMIN_MENU, auth, allAuth });
    expect(store.getState().routes?.paths).toEqual([
      '/dashboard/workbench',
      '/srm/supplier',
      '/srm/supplier/list',
      '/isystem',
      '/isystem/user',
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(StorageKey.USER_BUTTON_AUTH)!)).toEqual(auth);
    expect(JSON.parse(window.sessionStorage.getItem(StorageKey.SYS_BUTTON_AUTH)!)).toEqual(allAuth);
  });

  it.each([[[]], [null]])('fails on an empty menu (%j)', async (menu) => {
    const { store } = await loggedIn({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu, auth: [], allAuth: [] }),
    });
    await expect(store.loadPermissions()).rejects.toThrow(EMPTY_MENU_ERROR);
    expect(EMPTY_MENU_ERROR).toBe('getPermissionList: permissions must be a non-null array !');
    expect(store.getState().routes).toBeNull();
  });

  it('fails when the server refuses', async () => {
    const { store } = await loggedIn({ 'GET /sys/permission/getUserPermissionByToken': () => fail(403, '没有权限') });
    await expect(store.loadPermissions()).rejects.toBeInstanceOf(Error);
  });

  it('setUserInfo stores the new user and empties permissions so they reload', async () => {
    const { store } = await loggedIn({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
    });
    await store.loadPermissions();
    store.setUserInfo(userInfo({ isShow: 1, realname: '新名字' }));
    expect(store.getState().permissions.menu).toEqual([]);
    expect(store.getState().routes).toBeNull();
    expect(persistedSession.userInfo()?.realname).toBe('新名字');
  });

  it('starts from the stored session', () => {
    persistedSession.setToken('stored');
    persistedSession.setUserInfo(userInfo({ username: 'buyer' }));
    persistedSession.setButtonAuth([{ action: 'x', type: '1' }], []);
    const store = createSessionStore(clientFor(fakeServer({})));
    expect(store.getState()).toMatchObject({ token: 'stored', userInfo: { username: 'buyer' } });
    expect(store.getState().permissions).toEqual({ menu: [], auth: [{ action: 'x', type: '1' }], allAuth: [] });
  });
});

describe('session store: current department', () => {
  it('asks a user of several departments without a current one to pick one, across reloads', async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ok(loginResult({ userInfo: userInfo({ orgCode: null }), multi_depart: 2 })),
    });
    await store.login('buyer', 'x');
    expect(store.getState().mustPickDepart).toBe(true);
    // A reload restores the obligation.
    expect(createSessionStore(clientFor(fakeServer({}))).getState().mustPickDepart).toBe(true);

    store.departSelected(userInfo({ orgCode: 'A01A02' }));
    expect(store.getState()).toMatchObject({ mustPickDepart: false, userInfo: { orgCode: 'A01A02' } });
    expect(persistedSession.userInfo()?.orgCode).toBe('A01A02');
    expect(createSessionStore(clientFor(fakeServer({}))).getState().mustPickDepart).toBe(false);
  });

  it('does not ask when the user already has a current department or only one', async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ok(loginResult({ userInfo: userInfo({ orgCode: 'A01A01' }), multi_depart: 2 })),
    });
    await store.login('buyer', 'x');
    expect(store.getState().mustPickDepart).toBe(false);
    const single = storeWith({
      'POST /sys/login': () => ok(loginResult({ userInfo: userInfo({ orgCode: null }), multi_depart: 1 })),
    });
    await single.store.login('u', 'x');
    expect(single.store.getState().mustPickDepart).toBe(false);
  });

  it('keeps the loaded permissions when the department changes', async () => {
    const { store } = storeWith({
      'POST /sys/login': () => ok(loginResult()),
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
    });
    await store.login('admin', 'x');
    await store.loadPermissions();
    store.departSelected(userInfo({ orgCode: 'A01A03' }));
    expect(store.getState().permissions.menu).toHaveLength(ADMIN_MENU.length);
    expect(store.getState().routes).not.toBeNull();
  });
});
