import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { AnnouncementDialog, announcementDialogTitle } from './announcement-dialog';

const location = () => screen.getByTestId('location').textContent;

const NOTICE = {
  id: 'a1',
  titile: '2026年度供应商绩效评估工作启动',
  msgContent:
    '<p>请完成自评，见<a href="/purchase/order/detail?bizId=PO-9">订单</a>，或<a href="https://help.example.com/guide">帮助</a>。</p><img src="x" onerror="window.__hacked = true">',
  sender: 'admin',
  sendTime: '2026-11-20 10:00:00',
  priority: 'M',
  msgCategory: '1',
  openType: null,
  openPage: null,
};

function Harness({ id }: { id: string }) {
  const [open, setOpen] = useState<string | null>(id);
  return (
    <>
      <AnnouncementDialog id={open} onClose={() => setOpen(null)} />
      <output data-testid="dialog-state">{open ?? 'closed'}</output>
    </>
  );
}

function setup(queryById: FakeHandler = () => ok(NOTICE)) {
  const server = fakeServer({ 'GET /sys/annountCement/queryById': queryById });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<Harness id="a1" />, { route: '/dashboard/workbench', store: createSessionStore(http) });
  return server;
}

describe('announcement dialog', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is titled 系统公告 for system messages and 通知公告 otherwise', () => {
    expect(announcementDialogTitle('2')).toBe('系统公告');
    expect(announcementDialogTitle('1')).toBe('通知公告');
    expect(announcementDialogTitle(null)).toBe('通知公告');
  });

  it('shows title, sender, send time and the sanitised body, with 关闭 and no 去处理', async () => {
    const server = setup();
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(await within(dialog).findByText(NOTICE.titile)).toBeTruthy();
    expect(dialog.textContent).toContain('发布人：admin');
    expect(dialog.textContent).toContain('发布时间：2026-11-20 10:00:00');
    expect(screen.getByText('通知公告')).toBeTruthy();
    expect(screen.getByTestId('announcement-content').innerHTML).not.toContain('onerror');
    expect(screen.queryByRole('button', { name: /去处理/ })).toBeNull();
    expect(server.calls('GET /sys/annountCement/queryById')[0]!.url.searchParams.get('id')).toBe('a1');
    fireEvent.click(
      within(document.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /关\s*闭/ }),
    );
    await waitFor(() => expect(screen.getByTestId('dialog-state').textContent).toBe('closed'));
  });

  it('sends a business link to the purchase order list with its id as bizId', async () => {
    setup();
    fireEvent.click(await screen.findByText('订单'));
    await waitFor(() => expect(location()).toBe('/purchase/order/list?bizId=PO-9'));
    expect(screen.getByTestId('dialog-state').textContent).toBe('closed');
  });

  it('opens a web address in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    setup();
    fireEvent.click(await screen.findByText('帮助'));
    expect(open).toHaveBeenCalledWith('https://help.example.com/guide', '_blank', 'noopener,noreferrer');
    expect(location()).toBe('/dashboard/workbench');
  });

  it('says so when the announcement cannot be loaded', async () => {
    setup(() => fail(404, '很抱歉，资源未找到!'));
    expect(await screen.findByText('公告加载失败')).toBeTruthy();
  });
});
