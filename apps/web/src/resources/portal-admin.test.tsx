import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { portalPurchaseAnnouncementResource } from '@procura/shared';
import { ok } from '../test/fake-server';
import { button, codes, page, setup } from './resource-page-harness';

// 采购公告 (domain §23) beyond its definition: 发布 on drafts, 关闭 and 撤回 (with a reason) on published ones.
const row = (id: string, title: string, status: string, text: string) => ({
  id,
  title,
  type: 'tender',
  type_dictText: '招标',
  status,
  status_dictText: text,
  createBy: 'admin',
  createTime: '2026-11-01 09:00:00',
});
const DRAFT = row('d1', '钢板采购招标公告', 'draft', '草稿');
const PUBLISHED = row('p1', '办公电脑询价公告', 'published', '已发布');
const dict = (items: [string, string][]) => () =>
  ok(items.map(([value, text]) => ({ value, text, title: text, label: text })));
const DICTS = {
  'GET /sys/dict/getDictItems/portal_sourcing_type': dict([
    ['tender', '招标'],
    ['inquiry', '询价'],
    ['bidding', '竞价'],
  ]),
  'GET /sys/dict/getDictItems/portal_announcement_status': dict([
    ['draft', '草稿'],
    ['published', '已发布'],
    ['closed', '已关闭'],
    ['withdrawn', '已撤回'],
  ]),
  'GET /sys/dict/getDictItems/srm_purchase_method': dict([['OPEN_TENDER', '公开招标']]),
  'GET /sys/dict/getDictItems/srm_purchase_type': dict([['GOODS', '物资']]),
};

describe('采购公告 administration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers 发布 on drafts, 关闭 and 撤回 on published announcements', async () => {
    const { server } = setup(portalPurchaseAnnouncementResource, {
      ...DICTS,
      'GET /portal/purchaseAnnouncement/list': () => page([DRAFT, PUBLISHED]),
      'POST /portal/purchaseAnnouncement/publish': () => ok(null, '发布成功'),
    });
    const draftRow = (await screen.findByText('钢板采购招标公告')).closest('tr')!;
    const publishedRow = screen.getByText('办公电脑询价公告').closest('tr')!;
    expect(within(draftRow).queryByText('关闭')).toBeNull();
    expect(within(draftRow).queryByText('撤回')).toBeNull();
    expect(within(publishedRow).queryByText('发布')).toBeNull();
    expect(within(publishedRow).getByText('关闭')).toBeTruthy();

    fireEvent.click(within(draftRow).getByText('发布'));
    expect(await screen.findByText('确定发布吗？发布后公告将在门户公开')).toBeTruthy();
    const loads = server.calls('GET /portal/purchaseAnnouncement/list').length;
    fireEvent.click(button(/确\s*定/));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(server.calls('POST /portal/purchaseAnnouncement/publish')[0]!.body).toEqual({ id: 'd1' });
    await waitFor(() => expect(server.calls('GET /portal/purchaseAnnouncement/list').length).toBeGreaterThan(loads));
  });

  it('撤回 asks for a reason, sends it, and reloads the list', async () => {
    const { server } = setup(portalPurchaseAnnouncementResource, {
      ...DICTS,
      'GET /portal/purchaseAnnouncement/list': () => page([PUBLISHED]),
      'POST /portal/purchaseAnnouncement/withdraw': () => ok(null, '撤回成功'),
    });
    const publishedRow = (await screen.findByText('办公电脑询价公告')).closest('tr')!;
    fireEvent.click(within(publishedRow).getByText('撤回'));
    const submit = await screen.findByTestId('portal-withdraw-submit');
    fireEvent.click(submit);
    expect(await screen.findByText('请输入撤回原因')).toBeTruthy();
    expect(server.calls('POST /portal/purchaseAnnouncement/withdraw')).toHaveLength(0);

    const loads = server.calls('GET /portal/purchaseAnnouncement/list').length;
    fireEvent.change(screen.getByTestId('portal-withdraw-reason'), { target: { value: '采购需求取消' } });
    fireEvent.click(submit);
    expect(await screen.findByText('撤回成功')).toBeTruthy();
    expect(server.calls('POST /portal/purchaseAnnouncement/withdraw')[0]!.body).toEqual({
      id: 'p1',
      reason: '采购需求取消',
    });
    await waitFor(() => expect(server.calls('GET /portal/purchaseAnnouncement/list').length).toBeGreaterThan(loads));
  });

  it('hides the commands without portalPurchase:edit', async () => {
    setup(
      portalPurchaseAnnouncementResource,
      { ...DICTS, 'GET /portal/purchaseAnnouncement/list': () => page([DRAFT, PUBLISHED]) },
      codes('portalPurchase', ['list']),
    );
    await screen.findByText('钢板采购招标公告');
    expect(screen.queryByText('发布')).toBeNull();
    expect(screen.queryByText('关闭')).toBeNull();
    expect(screen.queryByText('撤回')).toBeNull();
  });
});
