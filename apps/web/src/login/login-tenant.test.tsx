import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TenantInfo } from '@procura/shared';
import { createSessionStore } from '../lib/auth-store';
import { defaultTenantOf, mustPickTenant } from '../lib/login-session';
import { persistedSession } from '../lib/session-persistence';
import { userInfo } from '../test/fixtures';
import { clientFor, fakeServer, ok } from '../test/fake-server';
import { renderLoginPage, submitPassword } from '../test/login';

const tenant = (id: number, name: string): TenantInfo => ({
  id,
  name,
  createBy: 'admin',
  createTime: null,
  beginDate: null,
  endDate: null,
  status: 1,
});
const loginAnswer = (tenantList?: TenantInfo[]) =>
  ok(
    {
      token: 't',
      userInfo: userInfo(),
      sysAllDictItems: {},
      departs: [],
      multi_depart: 1,
      ...(tenantList ? { tenantList } : {}),
    },
    '登录成功',
  );

describe('the tenant chosen at login (jeecg-api.md §2.2, LoginSelectTenant)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts in the first tenant; several mean a choice; none means tenant 0', () => {
    expect(defaultTenantOf([tenant(1002, '乙'), tenant(1001, '甲')])).toBe(1002);
    expect(defaultTenantOf(undefined)).toBeNull();
    expect(defaultTenantOf([])).toBeNull();
    expect(mustPickTenant({ tenantList: [tenant(1, '甲'), tenant(2, '乙')] })).toBe(true);
    expect(mustPickTenant({ tenantList: [tenant(1, '甲')] })).toBe(false);
    expect(mustPickTenant({})).toBe(false);
  });

  it("stores the login's tenant as the header of later calls, and a login without tenants forgets the previous user's", async () => {
    let answer = loginAnswer([tenant(1001, '甲')]);
    const server = fakeServer({ 'POST /sys/login': () => answer, 'GET /sys/ping': () => ok(null) });
    const client = clientFor(server);
    const store = createSessionStore(client);
    await store.login('member', 'x');
    expect(persistedSession.tenantId()).toBe('1001');
    await client.getAction('/sys/ping');
    expect(server.calls('GET /sys/ping')[0]!.headers.tenant_id).toBe('1001');
    store.selectTenant(1002);
    expect(persistedSession.tenantId()).toBe('1002');
    answer = loginAnswer();
    await store.login('admin', 'x');
    expect(persistedSession.tenantId()).toBe('0');
    store.selectTenant(1003);
    await store.logout();
    expect(persistedSession.tenantId()).toBe('0');
  });

  it('a back-office login with several tenants is entered only once a tenant is picked (the guard would leave at once)', async () => {
    const server = fakeServer({ 'POST /sys/login': () => loginAnswer([tenant(1001, '甲'), tenant(1002, '乙')]) });
    const store = createSessionStore(clientFor(server));
    await store.login('member', 'x');
    expect(store.getState().token).toBeNull();
    expect(persistedSession.tenantId()).toBe('1001');
    store.selectTenant(1002);
    expect(store.getState()).toMatchObject({ token: 't', userInfo: { username: 'admin' } });
    expect(persistedSession.tenantId()).toBe('1002');
  });

  it('the sign-in page asks which tenant before entering, in a modal dialog', async () => {
    const { left } = renderLoginPage('/user/login', {
      'POST /sys/login': () => loginAnswer([tenant(1001, '华东分公司'), tenant(1002, '华南分公司')]),
    });
    await submitPassword('member', 'Procura@2026');
    const picker = await screen.findByTestId('tenant-picker');
    expect(screen.getByRole('dialog', { name: '请选择登录租户' })).toBeTruthy();
    const select = within(picker).getByLabelText(/租户/) as HTMLSelectElement;
    expect(select).toBe(within(picker).getByTestId('tenant-select'));
    expect(select.value).toBe('1001');
    expect(within(picker).getByText('华东分公司')).toBeTruthy();
    expect(left()).toBeUndefined();
    fireEvent.change(select, { target: { value: '1002' } });
    fireEvent.click(screen.getByTestId('tenant-picker-submit'));
    await waitFor(() => expect(left()).toBe('/dashboard/workbench'));
    expect(persistedSession.tenantId()).toBe('1002');
  });

  it('a login with one tenant enters at once in it', async () => {
    const { left } = renderLoginPage('/user/login', {
      'POST /sys/login': () => loginAnswer([tenant(1001, '华东分公司')]),
    });
    await submitPassword('member', 'Procura@2026');
    await waitFor(() => expect(left()).toBe('/dashboard/workbench'));
    expect(screen.queryByTestId('tenant-picker')).toBeNull();
    expect(persistedSession.tenantId()).toBe('1001');
  });
});
