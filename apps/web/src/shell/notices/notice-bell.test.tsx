import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTICE_POLL_MS } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { NOTICE_PANEL_LOADING_MS, NoticeBell } from './notice-bell';

const location = () => screen.getByTestId('location').textContent;

function annt(id: string, titile: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    titile,
    msgContent: `<p>${titile}的内容</p>`,
    sender: 'admin',
    priority: 'L',
    msgCategory: '1',
    sendTime: '2026-11-20 10:00:00',
    openType: null,
    openPage: null,
    ...extra,
  };
}

const SYSTEM = annt('s1', '系统升级维护通知', { priority: 'H', msgCategory: '2' });
const REVIEW = annt('s2', '新供应商待审核', {
  priority: 'M',
  msgCategory: '2',
  openType: 'url',
  openPage: '/srm/supplier/list',
});
const NOTICE = annt('n1', '绩效评估启动', { priority: 'M' });
const WELCOME = annt('n2', '欢迎使用', { priority: 'L' });

function lists(read: Set<string>) {
  const unread = (items: ReturnType<typeof annt>[]) => items.filter((a) => !read.has(a.id));
  const anntMsgList = unread([NOTICE, WELCOME]);
  const sysMsgList = unread([SYSTEM, REVIEW]);
  return { anntMsgList, anntMsgTotal: anntMsgList.length, sysMsgList, sysMsgTotal: sysMsgList.length };
}

function setup({ supplier = null, listByUser }: { supplier?: unknown; listByUser?: FakeHandler } = {}) {
  const read = new Set<string>();
  const all = [SYSTEM, REVIEW, NOTICE, WELCOME];
  const server = fakeServer({
    'GET /sys/annountCement/listByUser': listByUser ?? (() => ok(lists(read))),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': (req) => {
      read.add((req.body as { anntId: string }).anntId);
      return ok(null);
    },
    'GET /sys/annountCement/queryById': (req) => ok(all.find((a) => a.id === req.url.searchParams.get('id'))),
    'GET /supplierBaseAPI/getSupplier': () => ok(supplier),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<NoticeBell />, { route: '/dashboard/workbench', store: createSessionStore(http) });
  return server;
}

const openPanel = async () => {
  fireEvent.click(screen.getByTestId('notice-bell'));
  return screen.findByTestId('notice-panel');
};

describe('notice bell', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows notices and system messages with their counts and priority tags', async () => {
    setup();
    const panel = await openPanel();
    expect(await within(panel).findByText('通知(2)')).toBeTruthy();
    expect(within(panel).getByText('系统消息(2)')).toBeTruthy();
    expect(within(panel).getByText('绩效评估启动')).toBeTruthy();
    const tags = [...panel.querySelectorAll('[data-priority]')].map((t) => [
      t.getAttribute('data-priority'),
      t.textContent,
      t.className.match(/ant-tag-(blue|orange|red)/)?.[1],
    ]);
    expect(tags).toEqual([
      ['M', '重要', 'orange'],
      ['L', '一般', 'blue'],
    ]);
    fireEvent.click(within(panel).getByText('系统消息(2)'));
    expect(await within(panel).findByText('系统升级维护通知')).toBeTruthy();
    expect(panel.querySelector('[data-priority="H"]')?.className).toContain('ant-tag-red');
  });

  it('opening one marks it read, refreshes the counts and shows it by id', async () => {
    const server = setup();
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByText('系统消息(2)'));
    fireEvent.click(await within(panel).findByText('新供应商待审核'));
    const dialog = await screen.findByTestId('announcement-dialog');
    await waitFor(() =>
      expect(server.calls('PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId')[0]?.body).toEqual({ anntId: 's2' }),
    );
    expect(server.calls('GET /sys/annountCement/queryById')[0]!.url.searchParams.get('id')).toBe('s2');
    expect(await within(dialog).findByText('新供应商待审核的内容')).toBeTruthy();
    expect(screen.getByText('系统公告')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /sys/annountCement/listByUser').length).toBeGreaterThanOrEqual(2));
    await openPanel();
    expect(await screen.findByText('系统消息(1)')).toBeTruthy();
    // 去处理 goes to the announcement's page.
    fireEvent.click(screen.getByRole('button', { name: /去处理/ }));
    await waitFor(() => expect(location()).toBe('/srm/supplier/list'));
  });

  it("offers 'view more' to internal users only", async () => {
    setup();
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /查看更多/ }));
    await waitFor(() => expect(location()).toBe('/messageSeting/annountCement'));
  });

  it("hides 'view more' from a supplier (the supplier-info call answers)", async () => {
    const server = setup({ supplier: { id: 'sup1', name: '某公司' } });
    const panel = await openPanel();
    await waitFor(() => expect(server.calls('GET /supplierBaseAPI/getSupplier')).toHaveLength(1));
    await within(panel).findByText('通知(2)');
    expect(within(panel).queryByText(/查看更多|查看 更多/)).toBeNull();
  });

  it('shows the panel loading for 200 ms when opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    const panel = await openPanel();
    expect(panel.querySelector('.ant-spin-spinning')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_PANEL_LOADING_MS + 20));
    await waitFor(() => expect(panel.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('polls every 6 s and stops after a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fails = false;
    const server = setup({ listByUser: () => (fails ? fail(500, '系统繁忙') : ok(lists(new Set()))) });
    const polls = () => server.calls('GET /sys/annountCement/listByUser').length;
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    await waitFor(() => expect(polls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    await waitFor(() => expect(polls()).toBe(3));
    fails = true;
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    await waitFor(() => expect(polls()).toBe(4));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS * 3));
    expect(polls()).toBe(4);
    const panel = await openPanel();
    expect(within(panel).getByText('消息加载失败')).toBeTruthy();
  });
});
