import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeRequest } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import LogListPage from './log-list-page';
import type { LogRecord } from './log-list-page';

const row = (over: Partial<LogRecord>): LogRecord => ({
  id: 'l0',
  logType: 1,
  logContent: null,
  operateType: 1,
  operateType_dictText: '登录',
  userid: 'u1',
  username: 'admin',
  realname: '管理员',
  ip: '10.0.0.8',
  method: '/jeecg-boot/sys/login',
  requestUrl: '/jeecg-boot/sys/login',
  requestType: 'POST',
  requestParam: null,
  costTime: 12,
  status: 'ok',
  createTime: '2026-03-01 09:00:00',
  ...over,
});

const LOGIN_LOGS = [
  row({ id: 'l1', logContent: '用户名: admin,登录成功！' }),
  row({
    id: 'l2',
    logContent: '用户名: ghost,登录失败：用户名或密码错误',
    username: 'ghost',
    realname: null,
    userid: null,
    status: 'failed',
  }),
];
const OPERATION_LOGS = [
  row({
    id: 'o1',
    logType: 2,
    logContent: '新增用户',
    operateType: 2,
    operateType_dictText: '添加',
    method: '/jeecg-boot/sys/user/add',
    requestParam: '{"body":{"username":"clerk","password":"******"}}',
    costTime: 345,
  }),
];

function setup() {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth([{ action: 'log:list', type: '1' }], []);
  const server = fakeServer({
    'GET /sys/log/list': (request: FakeRequest) => {
      const records = request.url.searchParams.get('logType') === '2' ? OPERATION_LOGS : LOGIN_LOGS;
      return ok({ records, total: records.length, size: 23, current: 1, pages: 1 });
    },
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<LogListPage />, { route: '/isystem/log', store: createSessionStore(http) });
  const queries = () => server.calls('GET /sys/log/list').map((c) => Object.fromEntries(c.url.searchParams));
  return { server, queries };
}

describe('日志管理', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on 登录日志: the login log, newest first, with user, IP, content and outcome', async () => {
    const { queries } = setup();
    expect(await screen.findByText('用户名: admin,登录成功！')).toBeTruthy();
    expect(queries()).toHaveLength(1);
    expect(queries()[0]).toMatchObject({
      logType: '1',
      pageNo: '1',
      pageSize: '23',
      column: 'createTime',
      order: 'desc',
    });
    const table = within(screen.getByTestId('log-table-1'));
    expect(table.getByText('admin（管理员）')).toBeTruthy();
    expect(table.getByText('ghost')).toBeTruthy();
    expect(table.getAllByText('10.0.0.8')).toHaveLength(2);
    expect(table.getByText('成功')).toBeTruthy();
    expect(table.getByText('失败')).toBeTruthy();
    expect(table.getAllByText('2026-03-01 09:00:00')).toHaveLength(2);
  });

  it('searches by keyword (sent as is) and by a day range, and resets', async () => {
    const { queries } = setup();
    await screen.findByText('用户名: admin,登录成功！');
    const search = within(screen.getByTestId('log-search-1'));
    fireEvent.change(search.getByPlaceholderText('日志内容或用户账号'), { target: { value: 'ghost' } });
    // Pick today twice in the range picker's panel (start, then end).
    const today = dayjs().format('YYYY-MM-DD');
    const start = search.getByPlaceholderText('开始日期');
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    fireEvent.click((await screen.findAllByTitle(today))[0]!);
    fireEvent.click(screen.getAllByTitle(today)[0]!);
    fireEvent.click(search.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(queries().at(-1)).toMatchObject({
        logType: '1',
        keyWord: 'ghost',
        createTime_begin: today,
        createTime_end: today,
        pageNo: '1',
      }),
    );

    fireEvent.click(search.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(queries().at(-1)).not.toHaveProperty('keyWord'));
    expect(queries().at(-1)).not.toHaveProperty('createTime_begin');
    expect(queries().at(-1)!.logType).toBe('1');
    // The date panel is slow to render in jsdom on a busy machine.
  }, 60_000);

  it('操作日志 lists operations with their type, method and route, cost, and the masked parameters', async () => {
    const { queries } = setup();
    await screen.findByText('用户名: admin,登录成功！');
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    const table = within(await screen.findByTestId('log-table-2'));
    expect(await table.findByText('新增用户')).toBeTruthy();
    expect(queries().at(-1)).toMatchObject({ logType: '2', column: 'createTime', order: 'desc' });
    expect(table.getByText('添加')).toBeTruthy();
    expect(table.getByText('/jeecg-boot/sys/user/add')).toBeTruthy();
    expect(table.getByText('POST')).toBeTruthy();
    expect(table.getByText('345')).toBeTruthy();
    // The parameters open under the row.
    fireEvent.click(table.getByRole('button', { name: /展开行|expand/i }));
    expect(await table.findByText('{"body":{"username":"clerk","password":"******"}}')).toBeTruthy();
  }, 40_000);

  it('sorts on the server by cost', async () => {
    const { queries } = setup();
    fireEvent.click(await screen.findByRole('tab', { name: '操作日志' }));
    const table = within(await screen.findByTestId('log-table-2'));
    await table.findByText('新增用户');
    fireEvent.click(within(table.getByRole('table').querySelector('thead')!).getByText('耗时(毫秒)'));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ logType: '2', column: 'costTime', order: 'asc' }));
  }, 40_000);
});
