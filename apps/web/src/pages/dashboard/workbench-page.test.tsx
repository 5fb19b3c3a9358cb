import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { ADMIN_MENU, userInfo } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import WorkbenchPage from './workbench-page';

const location = () => screen.getByTestId('location').textContent;

async function setup(todos: FakeHandler) {
  persistedSession.setToken('tok');
  persistedSession.setUserInfo(userInfo({ realname: '采购员' }));
  const server = fakeServer({
    'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
    'GET /dashboard/todos': todos,
  });
  vi.stubGlobal('fetch', server.fetch);
  const store = createSessionStore(http);
  await store.loadPermissions();
  renderWithProviders(<WorkbenchPage />, { route: '/dashboard/workbench', store });
}

describe('home workbench', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the user's to-do cards with counts, and a card opens its page", async () => {
    await setup(() =>
      ok({
        cards: [
          { key: 'approvalTodo', title: '我的待办审批', count: 2, path: '/approval/todo' },
          { key: 'sourcingDrafts', title: '询价草稿', count: 0, path: '/srm/sourcing' },
        ],
      }),
    );
    expect(screen.getByText('欢迎, 采购员')).toBeTruthy();
    const card = await screen.findByTestId('todo-approvalTodo');
    expect(card.textContent).toContain('我的待办审批');
    expect(card.textContent).toContain('2');
    expect(screen.getByTestId('todo-sourcingDrafts').textContent).toContain('询价草稿');
    fireEvent.click(card.querySelector('button')!);
    expect(location()).toBe('/approval/todo');
  });

  it("a supplier's home lists its open events soonest deadline first, and one opens its page", async () => {
    await setup(() =>
      ok({
        cards: [{ key: 'sourcingInvitations', title: '待答复的询价邀请', count: 1, path: '/srm/my-sourcing' }],
        deadlines: [
          {
            code: 'TND-1',
            title: '空调设备招标',
            kind: '招标',
            deadline: '2026-12-08 17:00:00',
            path: '/srm/my-tender',
          },
        ],
      }),
    );
    const list = await screen.findByTestId('home-deadlines');
    expect(list.textContent).toContain('TND-1 空调设备招标');
    expect(list.textContent).toContain('截止 2026-12-08 17:00:00');
    fireEvent.click(list.querySelector('button')!);
    expect(location()).toBe('/srm/my-tender');
  });

  it('an internal user gets no deadline list', async () => {
    await setup(() =>
      ok({ cards: [{ key: 'approvalTodo', title: '我的待办审批', count: 0, path: '/approval/todo' }] }),
    );
    await screen.findByTestId('todo-approvalTodo');
    expect(screen.queryByTestId('home-deadlines')).toBeNull();
  });

  it('says so when nothing waits', async () => {
    await setup(() => ok({ cards: [] }));
    expect(await screen.findByText('暂无待办')).toBeTruthy();
  });

  it('shows the error with a retry that reloads', async () => {
    let calls = 0;
    await setup(() => {
      calls += 1;
      return calls === 1
        ? fail(500, '服务繁忙')
        : ok({ cards: [{ key: 'a', title: '询价草稿', count: 1, path: '/x' }] });
    });
    expect(await screen.findByText('待办加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('todo-a')).toBeTruthy();
  });
});
