import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/seed/seed.js';
import { sanitizeRichText } from '../src/core/sanitize.js';
import type { AnalysisFigures } from '../src/modules/dashboard/dashboard-routes.js';
import type { AnnouncementWire, BellLists } from '../src/modules/announcements/announcement-service.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const bell = async (token: string) =>
  (await s.request<BellLists>('GET', '/sys/annountCement/listByUser', { token })).body.result;

describe('the header bell (listByUser, editByAnntIdAndUserId, queryById)', () => {
  it('gives each user the unread notices and system messages meant for them, newest first', async () => {
    const buyer = await bell(await s.login('buyer'));
    expect(buyer.anntMsgTotal).toBe(2);
    expect(buyer.anntMsgList.map((a) => a.titile)).toEqual([
      '2026年度供应商绩效评估工作启动',
      '欢迎使用 Procura 招标采购平台',
    ]);
    expect(buyer.sysMsgTotal).toBe(2);
    expect(buyer.sysMsgList[0]).toMatchObject({
      titile: '新供应商待审核：苏州新材科技有限公司',
      openType: 'url',
      openPage: '/srm/supplier/list',
      priority: 'M',
    });
    expect(buyer.sysMsgList[1]!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A message sent to the buyer alone is not the supplier's.
    const supplier = await bell(await s.login('supplier1'));
    expect(supplier.sysMsgTotal).toBe(1);
    expect(supplier.sysMsgList.map((a) => a.titile)).toEqual(['系统升级维护通知']);
  });

  it('opening one marks it read for that user only', async () => {
    const token = await s.login('supplier1');
    const before = await bell(token);
    const id = before.anntMsgList[0]!.id;
    const read = await s.request('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      token,
      body: { anntId: id },
    });
    expect(read.body.success).toBe(true);
    const after = await bell(token);
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    expect(after.anntMsgList.map((a) => a.id)).not.toContain(id);
    expect((await bell(await s.login('admin'))).anntMsgList.map((a) => a.id)).toContain(id);
  });

  it('queryById gives the announcement to whom it was sent, and 404 to anyone else', async () => {
    const buyerToken = await s.login('buyer');
    const targeted = (await bell(buyerToken)).sysMsgList.find((a) => a.msgType === 'USER')!;
    const mine = await s.request<AnnouncementWire>('GET', `/sys/annountCement/queryById?id=${targeted.id}`, {
      token: buyerToken,
    });
    expect(mine.body.result).toMatchObject({ titile: targeted.titile, sender: 'system', msgCategory: '2' });
    expect(mine.body.result.msgContent).toContain('<b>苏州新材科技有限公司</b>');
    const other = await s.request('GET', `/sys/annountCement/queryById?id=${targeted.id}`, {
      token: await s.login('supplier1'),
    });
    expect(other.status).toBe(404);
    expect(
      (
        await s.request('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
          token: await s.login('supplier1'),
          body: { anntId: targeted.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.request('GET', '/sys/annountCement/queryById?id=x%27%20or%201=1', { token: buyerToken })).status,
    ).toBe(400);
  });

  it('a user created after an announcement ended does not receive it', async () => {
    await s.ctx.db
      .updateTable('sysAnnouncement')
      .set({ endTime: '2020-01-01T00:00:00.000Z' })
      .where('titile', '=', '欢迎使用 Procura 招标采购平台')
      .execute();
    await createUser(s.ctx.db, { username: 'newcomer', realname: '新同事', password: 'Newcomer@1', roleCode: 'buyer' });
    const lists = await bell(await s.login('newcomer', 'Newcomer@1'));
    expect(lists.anntMsgList.map((a) => a.titile)).toEqual(['2026年度供应商绩效评估工作启动']);
  });

  it('a revoked announcement leaves the bell', async () => {
    const token = await s.login('admin');
    await s.ctx.db
      .updateTable('sysAnnouncement')
      .set({ sendStatus: '2' })
      .where('titile', '=', '系统升级维护通知')
      .execute();
    expect((await bell(token)).sysMsgList.map((a) => a.titile)).not.toContain('系统升级维护通知');
  });
});

describe('my messages (getMyAnnouncementSend, readAll)', () => {
  it('lists read and unread announcements of the user, filtered and paged', async () => {
    const token = await s.login('buyer');
    type Row = {
      anntId: string;
      titile: string;
      readFlag: number;
      priority_dictText: string;
      msgCategory_dictText: string;
    };
    const all = await s.request<{ records: Row[]; total: number }>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10',
      { token },
    );
    expect(all.body.result.total).toBeGreaterThanOrEqual(2);
    expect(all.body.result.records[0]).toHaveProperty('priority_dictText');
    const filtered = await s.request<{ records: Row[] }>(
      'GET',
      `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent('*待审核*')}`,
      { token },
    );
    expect(filtered.body.result.records.map((r) => r.titile)).toEqual(['新供应商待审核：苏州新材科技有限公司']);
    expect(filtered.body.result.records[0]).toMatchObject({
      msgCategory_dictText: '系统消息',
      priority_dictText: '重要',
      readFlag: 0,
    });

    const readAll = await s.request('PUT', '/sys/sysAnnouncementSend/readAll', { token });
    expect(readAll.body).toMatchObject({ success: true, message: '全部已读' });
    const lists = await bell(token);
    expect(lists.anntMsgTotal + lists.sysMsgTotal).toBe(0);
    const unread = await s.request<{ total: number }>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0',
      { token },
    );
    expect(unread.body.result.total).toBe(0);
  });
});

describe('rich text is sanitised on the server (XSS-1)', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const dirty =
      '<p style="color:#f00;background:url(x)">hi<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="/po?bizId=1">po</a><iframe srcdoc="x"></iframe></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toContain('<p style="color:#f00">hi');
    expect(clean).not.toMatch(/onerror|<script|javascript:|iframe|url\(/);
    expect(clean).toContain('<a href="/po?bizId=1" rel="noopener noreferrer">po</a>');
  });
});

describe('GET /dashboard/analysis', () => {
  it('gives internal users the platform figures', async () => {
    const res = await s.request<AnalysisFigures>('GET', '/dashboard/analysis', { token: await s.login('admin') });
    const f = res.body.result;
    if (f.scope !== 'platform') throw new Error('expected platform figures');
    // The demo company's three, and the second demo tenant's hdadmin and hdbuyer.
    expect(f.users).toMatchObject({ internal: 5, supplier: 4, frozen: 0 });
    expect(f.suppliers.total).toBe(4);
    expect(f.suppliers.byStatus.find((b) => b.status === 'QUALIFIED')).toEqual({
      status: 'QUALIFIED',
      text: '合格',
      count: 3,
    });
    expect(f.suppliers.byMonth).toHaveLength(6);
    expect(f.suppliers.byMonth.at(-1)!.count).toBe(4);
    expect(f.notices.published).toBeGreaterThanOrEqual(2);
  });

  it('gives a supplier its own company, not the platform', async () => {
    const res = await s.request<AnalysisFigures>('GET', '/dashboard/analysis', { token: await s.login('supplier1') });
    expect(res.body.result).toMatchObject({
      scope: 'supplier',
      supplier: { name: '华东精密机械有限公司', statusText: '合格' },
    });
    expect(res.text).not.toContain('users');
  });
});

describe('announcement administration (add, doReleaseData, doReovkeData)', () => {
  type Bell = BellLists;
  it('publishes a draft to one user: it reaches that user only; revoking takes it back', async () => {
    const admin = await s.login('admin');
    const supplier1 = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'supplier1').executeTakeFirstOrThrow()
    ).id;
    const add = await s.request<{ id: string }>('POST', '/sys/annountCement/add', {
      token: admin,
      body: {
        titile: '请确认年度框架协议',
        msgCategory: '2',
        priority: 'H',
        msgType: 'USER',
        userIds: `${supplier1},`,
        msgContent: '<p onclick="x()">请于本周内确认<script>alert(1)</script></p>',
      },
    });
    expect(add.body.success).toBe(true);
    const id = add.body.result.id;
    const draft = await s.request<AnnouncementWire>('GET', `/sys/annountCement/queryById?id=${id}`, { token: admin });
    expect(draft.body.result).toMatchObject({
      sendStatus: '0',
      msgContent: '<p>请于本周内确认</p>',
      userIds: `${supplier1},`,
    });

    const supplierToken = await s.login('supplier1');
    const before: Bell = await bell(supplierToken);
    expect(before.sysMsgList.map((a) => a.titile)).not.toContain('请确认年度框架协议');
    expect((await s.request('GET', `/sys/annountCement/queryById?id=${id}`, { token: supplierToken })).status).toBe(
      404,
    );

    const released = await s.request('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
    expect(released.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect((await bell(supplierToken)).sysMsgList.map((a) => a.titile)).toContain('请确认年度框架协议');
    expect((await bell(await s.login('buyer'))).sysMsgList.map((a) => a.titile)).not.toContain('请确认年度框架协议');
    const published = await s.request<AnnouncementWire>('GET', `/sys/annountCement/queryById?id=${id}`, {
      token: supplierToken,
    });
    expect(published.body.result).toMatchObject({ sender: 'admin', sendStatus: '1' });

    expect(
      (await s.request('PUT', '/sys/annountCement/edit', { token: admin, body: { id, titile: '改' } })).body.message,
    ).toBe('已发布的通告不能修改，请先撤销');
    expect((await s.request('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: admin })).body.message).toBe(
      '该系统通知撤销成功',
    );
    expect((await bell(supplierToken)).sysMsgList.map((a) => a.titile)).not.toContain('请确认年度框架协议');
  });

  it('an announcement to chosen users needs real users', async () => {
    const admin = await s.login('admin');
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/annountCement/add', {
      token: admin,
      body: { titile: 'x', msgCategory: '1', priority: 'L', msgType: 'USER', userIds: '' },
    });
    expect(res.body.result.errors).toEqual({ userIds: '请选择指定用户' });
    const ghost = await s.request<{ errors: Record<string, string> }>('POST', '/sys/annountCement/add', {
      token: admin,
      body: { titile: 'x', msgCategory: '1', priority: 'L', msgType: 'USER', userIds: 'f'.repeat(32) },
    });
    expect(ghost.body.result.errors).toEqual({ userIds: '指定用户不存在' });
  });

  it('only announcement administrators publish', async () => {
    const res = await s.request('GET', `/sys/annountCement/doReleaseData?id=${'0'.repeat(32)}`, {
      token: await s.login('buyer'),
    });
    expect(res.status).toBe(403);
  });
});
