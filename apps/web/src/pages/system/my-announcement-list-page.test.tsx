import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import MyAnnouncementListPage from './my-announcement-list-page';

const ROWS = [
  {
    id: 'send1',
    anntId: 'a1',
    titile: '系统升级维护通知',
    sender: 'admin',
    priority: 'H',
    msgCategory: '2',
    msgCategory_dictText: '系统消息',
    readFlag: 0,
    sendTime: '2026-11-22 10:00:00',
    msgContent: '<p>维护</p>',
    openType: null,
    openPage: null,
  },
  {
    id: 'send2',
    anntId: 'a2',
    titile: '欢迎使用',
    sender: 'admin',
    priority: 'L',
    msgCategory: '1',
    msgCategory_dictText: '通知公告',
    readFlag: 1,
    sendTime: '2026-11-21 10:00:00',
    msgContent: '<p>欢迎</p>',
    openType: null,
    openPage: null,
  },
];

function setup() {
  const read = new Set(['a2']);
  const server = fakeServer({
    'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': () =>
      ok({
        records: ROWS.map((r) => ({ ...r, readFlag: read.has(r.anntId) ? 1 : 0 })),
        total: 2,
        size: 23,
        current: 1,
        pages: 1,
      }),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': (req) => {
      read.add((req.body as { anntId: string }).anntId);
      return ok(null);
    },
    'PUT /sys/sysAnnouncementSend/readAll': () => {
      ROWS.forEach((r) => read.add(r.anntId));
      return ok(null, '全部已读');
    },
    'GET /sys/annountCement/queryById': (req) => {
      const row = ROWS.find((r) => r.anntId === req.url.searchParams.get('id'))!;
      return ok({ ...row, id: row.anntId });
    },
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<MyAnnouncementListPage />, {
    route: '/messageSeting/annountCement',
    store: createSessionStore(http),
  });
  return server;
}

const rowOf = (text: string) =>
  within(document.querySelector('.ant-table-tbody') as HTMLElement)
    .getByText(text)
    .closest('tr')!;
const list = (server: ReturnType<typeof fakeServer>) =>
  server.calls('GET /sys/sysAnnouncementSend/getMyAnnouncementSend');

describe('my messages', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the messages newest first with type, priority and read state', async () => {
    const server = setup();
    const row = (await screen.findByText('系统升级维护通知')).closest('tr')!;
    expect(row.textContent).toContain('系统消息');
    expect(row.textContent).toContain('紧急');
    expect(row.textContent).toContain('未读');
    expect(screen.getByText('欢迎使用').closest('tr')!.textContent).toContain('已读');
    const params = list(server)[0]!.url.searchParams;
    expect([params.get('column'), params.get('order'), params.get('pageNo')]).toEqual(['sendTime', 'desc', '1']);
  });

  it('searches titles with the like mode', async () => {
    const server = setup();
    await screen.findByText('系统升级维护通知');
    fireEvent.change(document.getElementById('titile')!, { target: { value: '维护' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(list(server).at(-1)!.url.searchParams.get('titile')).toBe('*维护*'));
  });

  it('opening a message shows it, marks it read and refreshes the list', async () => {
    const server = setup();
    await screen.findByText('系统升级维护通知');
    fireEvent.click(within(rowOf('系统升级维护通知')).getByText('查看'));
    expect(await screen.findByText('系统公告')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls('PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId')[0]?.body).toEqual({ anntId: 'a1' }),
    );
    await waitFor(() => expect(list(server).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(rowOf('系统升级维护通知').textContent).toContain('已读'));
  });

  it('marks all read', async () => {
    const server = setup();
    await screen.findByText('系统升级维护通知');
    fireEvent.click(screen.getByTestId('read-all'));
    expect(await screen.findByText('全部已读', { selector: '.ant-message *' })).toBeTruthy();
    expect(server.calls('PUT /sys/sysAnnouncementSend/readAll')).toHaveLength(1);
    await waitFor(() => expect(rowOf('系统升级维护通知').textContent).toContain('已读'));
  });
});
