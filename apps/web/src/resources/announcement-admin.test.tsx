import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { announcementResource } from '@procura/shared';
import { ok } from '../test/fake-server';
import { ALL_ACTIONS, button, codes, page, setup } from './resource-page-harness';

// 通知公告 beyond its definition: 发布 / 撤销 row commands and a user picker for 指定用户.
const DRAFT = {
  id: 'a1',
  titile: '年度盘点通知',
  msgCategory: '1',
  priority: 'M',
  msgType: 'USER',
  userIds: 'u1,',
  sendStatus: '0',
  sendStatus_dictText: '未发布',
  createTime: '2026-11-01 09:00:00',
};
const PUBLISHED = {
  ...DRAFT,
  id: 'a2',
  titile: '系统升级通知',
  msgType: 'ALL',
  userIds: null,
  sendStatus: '1',
  sendStatus_dictText: '已发布',
};
const USERS = [
  { id: 'u1', username: 'buyer', realname: '采购员' },
  { id: 'u2', username: 'clerk', realname: '文员' },
];
const dict = (items: [string, string][]) => () =>
  ok(items.map(([value, text]) => ({ value, text, title: text, label: text })));
const DICTS = {
  'GET /sys/dict/getDictItems/msg_category': dict([
    ['1', '通知公告'],
    ['2', '系统消息'],
  ]),
  'GET /sys/dict/getDictItems/priority': dict([
    ['L', '低'],
    ['M', '中'],
    ['H', '高'],
  ]),
  'GET /sys/dict/getDictItems/msg_type': dict([
    ['ALL', '全体用户'],
    ['USER', '指定用户'],
  ]),
  'GET /sys/dict/getDictItems/open_type': dict([['url', '页面地址']]),
  'GET /sys/dict/getDictItems/send_status': dict([
    ['0', '未发布'],
    ['1', '已发布'],
    ['2', '已撤销'],
  ]),
};

describe('通知公告 administration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers 发布 on drafts and 撤销 on published notices; each confirms, runs, and reloads the list', async () => {
    const { server } = setup(announcementResource, {
      ...DICTS,
      'GET /sys/annountCement/list': () => page([DRAFT, PUBLISHED]),
      'GET /sys/annountCement/doReleaseData': () => ok(null, '该系统通知发布成功'),
      'GET /sys/annountCement/doReovkeData': () => ok(null, '该系统通知撤销成功'),
    });
    const draftRow = (await screen.findByText('年度盘点通知')).closest('tr')!;
    const publishedRow = screen.getByText('系统升级通知').closest('tr')!;
    expect(within(draftRow).queryByText('撤销')).toBeNull();
    expect(within(publishedRow).queryByText('发布')).toBeNull();

    fireEvent.click(within(draftRow).getByText('发布'));
    expect(await screen.findByText('确定发布吗？发布后通告对象将收到此通告')).toBeTruthy();
    expect(server.calls('GET /sys/annountCement/doReleaseData')).toHaveLength(0);
    const loads = server.calls('GET /sys/annountCement/list').length;
    fireEvent.click(button(/确\s*定/));
    expect(await screen.findByText('该系统通知发布成功')).toBeTruthy();
    expect(server.calls('GET /sys/annountCement/doReleaseData')[0]!.url.searchParams.get('id')).toBe('a1');
    await waitFor(() => expect(server.calls('GET /sys/annountCement/list').length).toBeGreaterThan(loads));

    fireEvent.click(within(publishedRow).getByText('撤销'));
    expect(await screen.findByText('确定撤销吗？')).toBeTruthy();
    // The newest confirmation's 确定 (the first popover stays in the document, hidden).
    fireEvent.click(
      screen
        .getAllByText(/确\s*定/)
        .map((n) => n.closest('button'))
        .filter((b) => b !== null)
        .at(-1)!,
    );
    expect(await screen.findByText('该系统通知撤销成功')).toBeTruthy();
    expect(server.calls('GET /sys/annountCement/doReovkeData')[0]!.url.searchParams.get('id')).toBe('a2');
  });

  it('hides 发布 and 撤销 without announcement:edit', async () => {
    setup(
      announcementResource,
      { ...DICTS, 'GET /sys/annountCement/list': () => page([DRAFT, PUBLISHED]) },
      codes('announcement', ['list']),
    );
    await screen.findByText('年度盘点通知');
    expect(screen.queryByText('发布')).toBeNull();
    expect(screen.queryByText('撤销')).toBeNull();
  });

  it('指定用户 is picked by name and shown by name when editing; the ids are sent comma-joined', async () => {
    const { server } = setup(
      announcementResource,
      {
        ...DICTS,
        'GET /sys/annountCement/list': () => page([DRAFT]),
        'GET /sys/user/list': (req) => {
          const id = req.url.searchParams.get('id');
          const realname = req.url.searchParams.get('realname');
          const rows = id
            ? USERS.filter((u) => id.split(',').includes(u.id))
            : realname === '*文员*'
              ? [USERS[1]]
              : USERS;
          return page(rows);
        },
        'PUT /sys/annountCement/edit': () => ok(null, '修改成功!'),
      },
      codes('announcement', ALL_ACTIONS),
    );
    const row = (await screen.findByText('年度盘点通知')).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    const picker = await screen.findByTestId('user-select');
    // The stored id is shown as the user's name.
    expect(await within(picker).findByText('采购员（buyer）')).toBeTruthy();
    expect(server.calls('GET /sys/user/list')[0]!.url.searchParams.get('id')).toBe('u1,');

    const input = picker.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '文员' } });
    await waitFor(() =>
      expect(server.calls('GET /sys/user/list').some((c) => c.url.searchParams.get('realname') === '*文员*')).toBe(
        true,
      ),
    );
    fireEvent.click(await screen.findByTitle('文员（clerk）'));
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    expect(server.calls('PUT /sys/annountCement/edit')[0]!.body).toMatchObject({ id: 'a1', userIds: 'u1,u2' });
  });
});
