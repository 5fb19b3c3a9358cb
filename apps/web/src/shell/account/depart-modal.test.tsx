import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import type { SessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { DepartModal } from './depart-modal';

const DEPARTS = [
  { id: 'd1', parentId: 'hq', departName: '采购部', orgCode: 'A01A01', orgCategory: '2' },
  { id: 'd2', parentId: 'hq', departName: '质量部', orgCode: 'A01A02', orgCategory: '2' },
];

let store: SessionStore;
const onClose = vi.fn();

function setup(routes: Record<string, FakeHandler>, forced = false) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<DepartModal open forced={forced} onClose={onClose} />, { route: '/dashboard/workbench', store });
  return server;
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('department modal', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo({ username: 'buyer', orgCode: null }));
    store = createSessionStore(http);
    onClose.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('warns and closes when the user has no department', async () => {
    setup({ 'GET /sys/user/getCurrentUserDeparts': () => ok({ list: [], orgCode: '' }) });
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('must be answered by choosing when forced: no cancel, and confirming empty shows the field in error', async () => {
    const server = setup(
      {
        'GET /sys/user/getCurrentUserDeparts': () => ok({ list: DEPARTS, orgCode: '' }),
        'PUT /sys/selectDepart': () => ok({ userInfo: userInfo({ username: 'buyer', orgCode: 'A01A02' }) }),
      },
      true,
    );
    expect(await screen.findByText('请选择登录部门')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    await waitFor(() => expect(server.calls('GET /sys/user/getCurrentUserDeparts')).toHaveLength(1));
    confirm();
    expect(await screen.findByText('请选择一个部门')).toBeTruthy();
    expect(document.querySelector('.ant-form-item-has-error')).not.toBeNull();
    expect(server.calls('PUT /sys/selectDepart')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('质量部'));
    confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls('PUT /sys/selectDepart')[0]!.body).toEqual({ orgCode: 'A01A02', username: 'buyer' });
    expect(store.getState().userInfo?.orgCode).toBe('A01A02');
    expect(persistedSession.userInfo()?.orgCode).toBe('A01A02');
    expect(screen.getByText('切换部门成功')).toBeTruthy();
  });

  it('preselects the current department and shows a refusal', async () => {
    persistedSession.setUserInfo(userInfo({ username: 'buyer', orgCode: 'A01A01' }));
    store = createSessionStore(http);
    setup({
      'GET /sys/user/getCurrentUserDeparts': () => ok({ list: DEPARTS, orgCode: 'A01A01' }),
      'PUT /sys/selectDepart': () => ({
        body: { success: false, code: 500, message: '您不属于该部门', result: null, timestamp: 0 },
      }),
    });
    expect(await screen.findByText('切换部门')).toBeTruthy();
    await waitFor(() => expect(screen.getByTitle('采购部')).toBeTruthy());
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
    confirm();
    expect(await screen.findByText('您不属于该部门')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(store.getState().userInfo?.orgCode).toBe('A01A01');
  });
});
