import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NewsItem,
  PageResult,
  PortalConfig,
  PortalMember,
  PortalResult,
  PortalStats,
  PurchaseAnnouncementDetail,
  PurchaseAnnouncementItem,
  PurchaseAnnouncementPage,
  ResultAnnouncementItem,
} from '@procura/shared';
import { countdownOf, phaseOf, signupOpen } from '../src/modules/portal/portal-projection.js';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

/**
 * The public portal (spec part 1 §2.5, §3, §7; domain §23): published records only (PORTAL-1),
 * phases and countdowns from the server clock, the back office lifecycle, sign-up (SRC-4) and
 * the page configuration.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let seq = 0;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  supplier1 = await s.login('supplier1');
});
afterAll(async () => s?.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A wire datetime (GMT+8) `ms` from now. */
const wire = (ms: number) => new Date(Date.now() + ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
const unique = (label: string) => `${label}-${process.pid}-${++seq}`;

type Times = { start?: number; signup?: number; response?: number };
async function createPurchase(title: string, t: Times = {}, type = 'tender'): Promise<string> {
  const res = await s.request<{ id: string }>('POST', '/portal/purchaseAnnouncement/add', {
    token: admin,
    body: {
      title,
      type,
      code: `ZB-${seq}`,
      purchasingEntity: '测试采购单位',
      purchaseProduct: '测试产品',
      purchaseMethod: 'OPEN_TENDER',
      purchaseType: 'GOODS',
      signupStart: wire(t.start ?? -DAY),
      signupDeadline: wire(t.signup ?? 12 * DAY + HOUR),
      responseDeadline: wire(t.response ?? 20 * DAY),
      plannedStart: wire(30 * DAY),
      content: '<p>公告正文<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      contact: '联系人：测试',
    },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result.id;
}
const publish = (id: string) =>
  s.request('POST', '/portal/purchaseAnnouncement/publish', { token: admin, body: { id } });
async function published(title: string, t: Times = {}, type = 'tender'): Promise<string> {
  const id = await createPurchase(title, t, type);
  expect((await publish(id)).body).toMatchObject({ success: true, message: '发布成功' });
  return id;
}
const search = (likeName: string, extra = '') =>
  s.request<PurchaseAnnouncementPage>(
    'GET',
    `/portal/view/purchaseAnnouncements?likeName=${encodeURIComponent(likeName)}${extra}`,
  );

describe('phase and countdown from the times (domain §9.2, §23)', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  const a = (start: number, signup: number, response: number, status = 'published') => ({
    status,
    signupStart: new Date(now + start).toISOString(),
    signupDeadline: new Date(now + signup).toISOString(),
    responseDeadline: new Date(now + response).toISOString(),
  });

  it('labels 预告, 报名中, 响应中, 评审中 and 已结束 at fixed times', () => {
    expect(phaseOf(a(DAY, 5 * DAY, 9 * DAY), now)).toBe('预告');
    expect(phaseOf(a(-DAY, 5 * DAY, 9 * DAY), now)).toBe('报名中');
    expect(phaseOf(a(-DAY, 0, 9 * DAY), now)).toBe('响应中'); // the deadline instant itself is closed (SRC-4: now < deadline)
    expect(phaseOf(a(-9 * DAY, -5 * DAY, -1), now)).toBe('评审中');
    expect(phaseOf(a(-DAY, 5 * DAY, 9 * DAY, 'closed'), now)).toBe('已结束');
  });

  it('labels 公示中 while the tender behind it has its candidates in publicity (TND-17), 评审中 before', () => {
    expect(phaseOf({ ...a(-9 * DAY, -5 * DAY, -1), eventStatus: 'PUBLICITY' }, now)).toBe('公示中');
    expect(phaseOf({ ...a(-9 * DAY, -5 * DAY, -1), eventStatus: 'EVALUATING' }, now)).toBe('评审中');
  });

  it('counts whole days to the sign-up deadline while sign-up is open, then to the response deadline', () => {
    expect(countdownOf(a(-DAY, 10 * DAY, 20 * DAY), now)).toBe(10);
    expect(countdownOf(a(-DAY, 10 * DAY - 1, 20 * DAY), now)).toBe(9);
    expect(countdownOf(a(DAY, 6 * DAY + HOUR, 20 * DAY), now)).toBe(6);
    expect(countdownOf(a(-9 * DAY, -DAY, 4 * DAY + HOUR), now)).toBe(4);
    expect(countdownOf(a(-9 * DAY, -5 * DAY, -DAY), now)).toBeNull();
    expect(countdownOf(a(-DAY, 10 * DAY, 20 * DAY, 'closed'), now)).toBeNull();
  });

  it('opens sign-up only when signupStart ≤ now < signupDeadline (SRC-4)', () => {
    expect(signupOpen(a(0, DAY, 2 * DAY), now)).toBe(true);
    expect(signupOpen(a(1, DAY, 2 * DAY), now)).toBe(false);
    expect(signupOpen(a(-DAY, 0, 2 * DAY), now)).toBe(false);
    expect(signupOpen(a(-DAY, DAY, 2 * DAY, 'closed'), now)).toBe(false);
  });
});

describe('public reads (PORTAL-1, PORTAL-2)', () => {
  it('answer anonymous callers with the seeded, published records', async () => {
    const home = await s.request<PurchaseAnnouncementItem[]>('GET', '/portal/view/purchaseAnnouncement');
    expect(home.status).toBe(200);
    expect(home.body.success).toBe(true);
    expect(home.body.result.length).toBe(6);
    const item = home.body.result[0]!;
    expect(Object.keys(item).sort()).toEqual([
      'countdown',
      'dates',
      'id',
      'info',
      'publishTime',
      'status',
      'subtitle',
      'title',
      'type',
    ]);
    expect(item.info.map((i) => i.label)).toEqual(['采购产品', '采购方式', '采购类型']);
    expect(item.dates.map((d) => d.label)).toEqual(['报名截止时间', '报价截止时间', '计划开始时间']);
    expect(item.dates[0]!.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(home.body.result.some((r) => r.title.includes('草稿'))).toBe(false);

    const tenders = await s.request<PurchaseAnnouncementItem[]>('GET', '/portal/view/purchaseAnnouncement?type=tender');
    expect(tenders.body.result.length).toBeGreaterThan(0);
    expect(tenders.body.result.every((r) => r.type === 'tender')).toBe(true);

    const page = await s.request<PurchaseAnnouncementPage>(
      'GET',
      '/portal/view/purchaseAnnouncements?pageNo=1&pageSize=20',
    );
    expect(page.body.result).toMatchObject({ current: 1, size: 20, pages: 1 });
    expect(page.body.result.total).toBe(8); // 7 published and 1 closed; the draft never
    expect(page.body.result.records.map((r) => r.status)).toEqual(
      expect.arrayContaining(['报名中', '预告', '响应中', '评审中', '已结束']),
    );
    expect(page.body.result.ongoing).toBe(5);
    const closed = page.body.result.records.find((r) => r.status === '已结束')!;
    expect(closed.countdown).toBeNull();
    expect(JSON.stringify(page.body)).not.toMatch(/tenantId|sourcingEventId|withdrawReason|createBy/);

    const results = await s.request<ResultAnnouncementItem[]>('GET', '/portal/view/resultAnnouncements');
    expect(results.body.result.length).toBe(4);
    expect(Object.keys(results.body.result[0]!).sort()).toEqual(['content', 'date', 'id', 'title', 'type']);
    expect(results.body.result[0]!.content).not.toContain('<');
    const bidding = await s.request<ResultAnnouncementItem[]>('GET', '/portal/view/resultAnnouncement?type=bidding');
    expect(bidding.body.result.map((r) => r.type)).toEqual(['bidding']);

    const tenderResult = results.body.result.find((r) => r.title.includes('中标候选人公示'))!;
    const modal = await s.request<PortalResult>('GET', `/portal/view/portalResult?name=${tenderResult.id}&type=tender`);
    expect(modal.body.result).toMatchObject({
      bidCode: 'ZB-20261020-0003',
      projectName: '信息系统运维服务项目',
      company: '上海云策信息技术有限公司',
    });
    expect(modal.body.result.supplierList).toHaveLength(3);
    expect(modal.body.result.supplierList[0]).toEqual({ title: '第一中标候选人', name: '上海云策信息技术有限公司' });

    const news = await s.request<PageResult<NewsItem>>('GET', '/portal/view/news?pageSize=4');
    expect(news.body.result).toMatchObject({ total: 12, size: 4 });
    expect(news.body.result.records).toHaveLength(4);
    expect(news.body.result.records[0]!.date >= news.body.result.records[1]!.date).toBe(true);
    const industry = await s.request<PageResult<NewsItem>>(
      'GET',
      `/portal/view/news?type=${encodeURIComponent('行业新闻')}&pageSize=50`,
    );
    expect(industry.body.result.total).toBe(6);
    expect(industry.body.result.records.every((n) => n.type === '行业新闻')).toBe(true);
    const detail = await s.request<NewsItem>('GET', `/portal/view/newsDetail?id=${news.body.result.records[0]!.id}`);
    expect(detail.body.result).toMatchObject({
      id: news.body.result.records[0]!.id,
      title: news.body.result.records[0]!.title,
    });

    const members = await s.request<PortalMember[]>('GET', '/portal/view/members');
    expect(members.body.result.map((m) => m.name)).toContain('华东精密机械有限公司');
    expect(members.body.result.map((m) => m.name)).not.toContain('苏州新材科技有限公司'); // still registering
    expect(Object.keys(members.body.result[0]!).sort()).toEqual(['date', 'name']);

    const stats = await s.request<PortalStats>('GET', '/portal/view/stats');
    expect(stats.body.result).toMatchObject({ purchaseAnnouncements: 8, ongoing: 5, results: 4 });
    expect(stats.body.result.suppliers).toBeGreaterThanOrEqual(1);
  });

  it('answer the detail and the invitation dialog of a published announcement, with sanitised content', async () => {
    const title = unique('详情公告');
    const id = await published(title);
    const detail = await s.request<PurchaseAnnouncementDetail>(
      'GET',
      `/portal/view/purchaseAnnouncementDetail?id=${id}`,
    );
    expect(detail.body.result).toMatchObject({
      id,
      title,
      type: 'tender',
      status: '报名中',
      countdown: 12,
      signupOpen: true,
      contact: '联系人：测试',
    });
    expect(detail.body.result.content).toContain('公告正文');
    expect(detail.body.result.content).not.toMatch(/script|onerror/);
    expect(detail.body.result.info).toEqual([
      { label: '采购产品', value: '测试产品' },
      { label: '采购方式', value: '公开招标' },
      { label: '采购类型', value: '物资' },
    ]);
    const invitation = await s.request<PurchaseAnnouncementDetail>(
      'GET',
      `/portal/view/invitation?name=${id}&type=tender`,
    );
    expect(invitation.body.result).toMatchObject({ id, signupOpen: true });
    const wrongType = await s.request('GET', `/portal/view/invitation?name=${id}&type=bidding`);
    expect(wrongType.body).toMatchObject({ success: false, message: '采购公告不存在或已撤回' });
  });

  it('refuse unknown ids with a clear message and leak nothing', async () => {
    for (const url of [
      `/portal/view/purchaseAnnouncementDetail?id=${'0'.repeat(32)}`,
      '/portal/view/purchaseAnnouncementDetail?id=../../etc',
      `/portal/view/portalResult?name=${'0'.repeat(32)}&type=tender`,
      `/portal/view/newsDetail?id=${'0'.repeat(32)}`,
    ]) {
      const res = await s.request('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body.success, url).toBe(false);
      expect(res.body.message).toMatch(/不存在或已撤回/);
      expect(res.text).not.toMatch(LEAK_PATTERN);
    }
    expect((await s.request('GET', '/portal/view/purchaseAnnouncements?type=auction')).status).toBe(400);
    expect((await s.request('GET', '/portal/view/news?pageSize=1000')).status).toBe(400);
  });

  it('colour-relevant countdowns and phases follow the server clock', async () => {
    const tag = unique('倒计时');
    await published(`${tag}-绿`, { signup: 12 * DAY + HOUR, response: 20 * DAY });
    await published(`${tag}-橙`, { signup: 7 * DAY + HOUR, response: 20 * DAY });
    await published(`${tag}-无`, { signup: 3 * DAY + HOUR, response: 20 * DAY });
    await published(`${tag}-预告`, { start: 2 * DAY, signup: 15 * DAY + HOUR, response: 20 * DAY });
    await published(`${tag}-响应`, { start: -5 * DAY, signup: -DAY, response: 6 * DAY + HOUR });
    await published(`${tag}-评审`, { start: -5 * DAY, signup: -3 * DAY, response: -DAY });
    const page = await search(tag, '&pageSize=50');
    const by = Object.fromEntries(page.body.result.records.map((r) => [r.title.slice(tag.length + 1), r]));
    expect(by['绿']).toMatchObject({ status: '报名中', countdown: 12 });
    expect(by['橙']).toMatchObject({ status: '报名中', countdown: 7 });
    expect(by['无']).toMatchObject({ status: '报名中', countdown: 3 });
    expect(by['预告']).toMatchObject({ status: '预告', countdown: 15 });
    expect(by['响应']).toMatchObject({ status: '响应中', countdown: 6 });
    expect(by['评审']).toMatchObject({ status: '评审中', countdown: null });
  });
});

describe('filters and the ongoing count', () => {
  it('likeName matches titles literally and type narrows to one tab', async () => {
    const tag = unique('筛选');
    await published(`${tag} 招标`, {}, 'tender');
    await published(`${tag} 询价`, {}, 'inquiry');
    await published(`${tag} 竞价`, {}, 'bidding');
    expect((await search(tag)).body.result.total).toBe(3);
    const inquiry = await search(tag, '&type=inquiry');
    expect(inquiry.body.result.records.map((r) => r.title)).toEqual([`${tag} 询价`]);
    expect((await search('%')).body.result.total).toBe(0); // a wildcard is taken literally
    expect((await search(tag, '&type=')).body.result.total).toBe(3);
  });

  it('counts public events in 报名中 or 响应中, whatever the filter', async () => {
    const before = (await search('', '&type=bidding')).body.result.ongoing;
    const tag = unique('进行中');
    await published(`${tag}-报名`, {}, 'tender');
    await published(`${tag}-响应`, { start: -5 * DAY, signup: -DAY, response: 3 * DAY }, 'inquiry');
    await published(`${tag}-预告`, { start: DAY, signup: 5 * DAY }, 'tender');
    await published(`${tag}-评审`, { start: -5 * DAY, signup: -3 * DAY, response: -DAY }, 'tender');
    await createPurchase(`${tag}-草稿`);
    const after = await search('', '&type=bidding');
    expect(after.body.result.ongoing).toBe(before + 2);
  });
});

describe('drafts, closed and withdrawn records', () => {
  it('a draft never appears, a published one does, a withdrawn one disappears again', async () => {
    const title = unique('生命周期');
    const id = await createPurchase(title);
    expect((await search(title)).body.result.total).toBe(0);
    expect((await s.request('GET', `/portal/view/purchaseAnnouncementDetail?id=${id}`)).body.success).toBe(false);
    expect(
      (await s.request<PurchaseAnnouncementItem[]>('GET', '/portal/view/purchaseAnnouncement')).body.result.map(
        (r) => r.id,
      ),
    ).not.toContain(id);

    expect((await publish(id)).body.success).toBe(true);
    expect((await search(title)).body.result.records[0]).toMatchObject({ id, status: '报名中' });
    expect(
      (await s.request<PurchaseAnnouncementItem[]>('GET', '/portal/view/purchaseAnnouncement')).body.result[0]!.id,
    ).toBe(id);

    const close = await s.request('POST', '/portal/purchaseAnnouncement/close', { token: admin, body: { id } });
    expect(close.body).toMatchObject({ success: true, message: '关闭成功' });
    expect((await search(title)).body.result.records[0]).toMatchObject({ status: '已结束', countdown: null });
    expect(
      (await s.request<PurchaseAnnouncementItem[]>('GET', '/portal/view/purchaseAnnouncement')).body.result.map(
        (r) => r.id,
      ),
    ).not.toContain(id);

    const noReason = await s.request('POST', '/portal/purchaseAnnouncement/withdraw', {
      token: admin,
      body: { id, reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const withdraw = await s.request('POST', '/portal/purchaseAnnouncement/withdraw', {
      token: admin,
      body: { id, reason: '采购需求取消' },
    });
    expect(withdraw.body).toMatchObject({ success: true, message: '撤回成功' });
    expect((await search(title)).body.result.total).toBe(0);
    expect((await s.request('GET', `/portal/view/purchaseAnnouncementDetail?id=${id}`)).body.success).toBe(false);
    const row = await s.request<Record<string, unknown>>('GET', `/portal/purchaseAnnouncement/queryById?id=${id}`, {
      token: admin,
    });
    expect(row.body.result).toMatchObject({
      status: 'withdrawn',
      status_dictText: '已撤回',
      withdrawReason: '采购需求取消',
    });
  });

  it('refuses commands out of turn with a clear reason', async () => {
    const id = await createPurchase(unique('状态机'));
    const close = await s.request('POST', '/portal/purchaseAnnouncement/close', { token: admin, body: { id } });
    expect(close.body).toMatchObject({ success: false, message: '只有已发布的公告可以关闭' });
    const withdraw = await s.request('POST', '/portal/purchaseAnnouncement/withdraw', {
      token: admin,
      body: { id, reason: '无' },
    });
    expect(withdraw.body).toMatchObject({ success: false, message: '只有已发布或已关闭的公告可以撤回' });
    await publish(id);
    expect((await publish(id)).body).toMatchObject({ success: false, message: '只有草稿可以发布' });
    const del = await s.request('DELETE', `/portal/purchaseAnnouncement/delete?id=${id}`, { token: admin });
    expect(del.body).toMatchObject({ success: false, message: '已发布的采购公告不能删除，请先撤回' });
    await s.request('POST', '/portal/purchaseAnnouncement/withdraw', {
      token: admin,
      body: { id, reason: '重新发布' },
    });
    const edit = await s.request('PUT', '/portal/purchaseAnnouncement/edit', {
      token: admin,
      body: { id, title: '改' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '已关闭或已撤回的采购公告不能修改' });
    expect((await publish(id)).body).toMatchObject({ success: false, message: '只有草稿可以发布' });
    const unknown = await s.request('POST', '/portal/purchaseAnnouncement/publish', {
      token: admin,
      body: { id: '0'.repeat(32) },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('refuses a sign-up deadline before sign-up opens, or after responses close', async () => {
    const early = await s.request<{ errors: Record<string, string> }>('POST', '/portal/purchaseAnnouncement/add', {
      token: admin,
      body: { title: unique('时间'), type: 'tender', signupStart: wire(2 * DAY), signupDeadline: wire(DAY) },
    });
    expect(early.status).toBe(400);
    expect(early.body.result.errors).toEqual({ signupDeadline: '报名截止时间不能早于报名开始时间' });
    const late = await s.request<{ errors: Record<string, string> }>('POST', '/portal/purchaseAnnouncement/add', {
      token: admin,
      body: { title: unique('时间'), type: 'tender', signupDeadline: wire(5 * DAY), responseDeadline: wire(DAY) },
    });
    expect(late.body.result.errors).toEqual({ responseDeadline: '报价截止时间不能早于报名截止时间' });
  });

  it('result announcements and news appear only while published', async () => {
    const title = unique('结果');
    const add = await s.request<{ id: string }>('POST', '/portal/resultAnnouncement/add', {
      token: admin,
      body: {
        title,
        type: 'inquiry',
        projectName: '项目',
        bidCode: 'XJ-1',
        company: '甲公司',
        supplierList: JSON.stringify([{ title: '成交供应商', name: '甲公司' }]),
        content: '<p>结果</p>',
      },
    });
    const id = add.body.result.id;
    const listed = async () =>
      (
        await s.request<ResultAnnouncementItem[]>('GET', '/portal/view/resultAnnouncement?type=inquiry')
      ).body.result.map((r) => r.id);
    expect(await listed()).not.toContain(id);
    expect((await s.request('GET', `/portal/view/portalResult?name=${id}&type=inquiry`)).body.success).toBe(false);
    expect(
      (await s.request('POST', '/portal/resultAnnouncement/withdraw', { token: admin, body: { id } })).body,
    ).toMatchObject({ success: false, message: '只有已发布的结果公告可以撤回' });
    expect(
      (await s.request('POST', '/portal/resultAnnouncement/publish', { token: admin, body: { id } })).body.success,
    ).toBe(true);
    expect(await listed()).toContain(id);
    expect(
      (await s.request<PortalResult>('GET', `/portal/view/portalResult?name=${id}&type=inquiry`)).body.result
        .supplierList,
    ).toEqual([{ title: '成交供应商', name: '甲公司' }]);
    expect(
      (await s.request('POST', '/portal/resultAnnouncement/withdraw', { token: admin, body: { id } })).body.success,
    ).toBe(true);
    expect(await listed()).not.toContain(id);

    const badList = await s.request('POST', '/portal/resultAnnouncement/add', {
      token: admin,
      body: { title, type: 'tender', supplierList: '[{"x":1}]' },
    });
    expect(badList.status).toBe(400);

    const newsTitle = unique('新闻');
    const news = await s.request<{ id: string }>('POST', '/portal/news/add', {
      token: admin,
      body: { title: newsTitle, type: '行业新闻', newsDate: '2026-11-20', content: '<p>正文</p>' },
    });
    const newsId = news.body.result.id;
    const newsListed = async () =>
      (await s.request<PageResult<NewsItem>>('GET', '/portal/view/news?pageSize=50')).body.result.records.map(
        (n) => n.id,
      );
    expect(await newsListed()).not.toContain(newsId);
    expect((await s.request('GET', `/portal/view/newsDetail?id=${newsId}`)).body.success).toBe(false);
    expect((await s.request('POST', '/portal/news/publish', { token: admin, body: { id: newsId } })).body.success).toBe(
      true,
    );
    expect(await newsListed()).toContain(newsId);
    expect(
      (await s.request('POST', '/portal/news/publish', { token: admin, body: { id: newsId } })).body,
    ).toMatchObject({ success: false, message: '只有草稿可以发布' });
    expect(
      (await s.request('POST', '/portal/news/withdraw', { token: admin, body: { id: newsId } })).body.success,
    ).toBe(true);
    expect(await newsListed()).not.toContain(newsId);
  });
});

describe('POST /portal/view/signUp (SRC-4)', () => {
  it('needs a login, a supplier user, the sign-up window; once per supplier', async () => {
    const open = await published(unique('报名'));
    const anonymous = await s.request('POST', '/portal/view/signUp', { body: { id: open } });
    expect(anonymous.status).toBe(401);
    const internal = await s.request('POST', '/portal/view/signUp', { token: buyer, body: { id: open } });
    expect(internal.body).toMatchObject({ success: false, message: '仅供应商用户可以报名' });

    const early = await published(unique('未开始'), { start: DAY, signup: 5 * DAY });
    expect(
      (await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id: early } })).body,
    ).toMatchObject({ success: false, message: '不在报名时间内' });
    const late = await published(unique('已截止'), { start: -5 * DAY, signup: -DAY, response: 3 * DAY });
    expect(
      (await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id: late } })).body,
    ).toMatchObject({ success: false, message: '不在报名时间内' });
    const draft = await createPurchase(unique('草稿报名'));
    expect(
      (await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id: draft } })).body,
    ).toMatchObject({ success: false, message: '采购公告不存在或已撤回' });

    const ok = await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id: open } });
    expect(ok.body).toMatchObject({ success: true, message: '报名成功' });
    const twice = await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id: open } });
    expect(twice.body).toMatchObject({ success: false, message: '您已报名' });
    const rows = await s.ctx.db.selectFrom('portalSignup').selectAll().where('announcementId', '=', open).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SIGNED_UP' });

    const list = await s.request<PageResult<Record<string, unknown>>>(
      'GET',
      `/portal/signup/list?announcementId=${open}`,
      { token: admin },
    );
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({
      supplierName: '华东精密机械有限公司',
      username: 'supplier1',
      status: 'SIGNED_UP',
      status_dictText: '已报名',
    });
    expect((await s.request('GET', '/portal/signup/list', { token: buyer })).status).toBe(403);
    expect((await s.request('GET', '/portal/signup/list', { token: supplier1 })).status).toBe(403);
    // An announcement with sign-ups is never deleted behind the suppliers' backs.
    await s.request('POST', '/portal/purchaseAnnouncement/withdraw', {
      token: admin,
      body: { id: open, reason: '测试' },
    });
    expect(
      (await s.request('DELETE', `/portal/purchaseAnnouncement/delete?id=${open}`, { token: admin })).body,
    ).toMatchObject({ success: false, message: '已有供应商报名的采购公告不能删除' });
  });

  it('refuses a frozen or blacklisted supplier', async () => {
    const id = await published(unique('冻结'));
    const supplier = await s.ctx.db
      .selectFrom('supplier')
      .select(['id', 'status'])
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow();
    try {
      await s.ctx.db.updateTable('supplier').set({ status: 'FROZEN' }).where('id', '=', supplier.id).execute();
      expect((await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id } })).body).toMatchObject({
        success: false,
        message: '供应商已被冻结，不能报名',
      });
      await s.ctx.db.updateTable('supplier').set({ status: 'BLACKLISTED' }).where('id', '=', supplier.id).execute();
      expect((await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id } })).body).toMatchObject({
        success: false,
        message: '供应商已被黑名单，不能报名',
      });
    } finally {
      await s.ctx.db.updateTable('supplier').set({ status: supplier.status }).where('id', '=', supplier.id).execute();
    }
    expect(
      await s.ctx.db.selectFrom('portalSignup').select('id').where('announcementId', '=', id).execute(),
    ).toHaveLength(0);
  });
});

describe('GET /portal/view/signUpCheck (X-15, item 6 of issue 19)', () => {
  it('a supplier whose admission is pending is told why before it tries, and its sign-up is refused the same way', async () => {
    const id = await published(unique('待审核'));
    const check = (token?: string) =>
      s.request<{ refusal: string | null }>('GET', '/portal/view/signUpCheck', { token });
    expect((await check()).status).toBe(401);
    expect((await check(buyer)).body.result).toEqual({ refusal: '仅供应商用户可以报名' });
    expect((await check(supplier1)).body.result).toEqual({ refusal: null });
    const supplier = await s.ctx.db
      .selectFrom('supplier')
      .select(['id', 'status'])
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow();
    try {
      await s.ctx.db.updateTable('supplier').set({ status: 'PENDING_REVIEW' }).where('id', '=', supplier.id).execute();
      expect((await check(supplier1)).body.result).toEqual({ refusal: '供应商准入审核通过后方可报名' });
      expect((await s.request('POST', '/portal/view/signUp', { token: supplier1, body: { id } })).body).toMatchObject({
        success: false,
        message: '供应商准入审核通过后方可报名',
      });
    } finally {
      await s.ctx.db.updateTable('supplier').set({ status: supplier.status }).where('id', '=', supplier.id).execute();
    }
    expect(
      await s.ctx.db.selectFrom('portalSignup').select('id').where('announcementId', '=', id).execute(),
    ).toHaveLength(0);
  });

  it('a supplier that must still complete its information is told so (SUP-3 gates the sign-up, not the check)', async () => {
    const id = await published(unique('未完善'));
    const supplier2 = await s.login('supplier2');
    const check = await s.request<{ refusal: string | null }>('GET', '/portal/view/signUpCheck', { token: supplier2 });
    expect(check.status).toBe(200);
    expect(check.body.result).toEqual({ refusal: '请先完善企业信息后再报名' });
    const signUp = await s.request('POST', '/portal/view/signUp', { token: supplier2, body: { id } });
    expect(signUp.status).toBe(403);
    expect(signUp.body).toMatchObject({ success: false, message: '请先完善企业信息' });
  });
});

describe('portal page configuration', () => {
  it('answers the built-in default of each template while none is saved', async () => {
    for (const template of ['se', 'pro'] as const) {
      const res = await s.request<PortalConfig>('GET', `/portal/view/config?template=${template}`);
      expect(res.body.success).toBe(true);
      expect(res.body.result.logoWall.logos).toHaveLength(24);
      expect(res.body.result.hero.height).toBe(488);
      expect(res.body.result.callToAction.height).toBe(168);
      expect(res.body.result.footer.copyright).toContain('2024');
      expect(res.body.result.companyCloud.data.map((m) => m.name)).toContain('华东精密机械有限公司');
      // 隐私政策 and 企业文化 have pages with demo text (issue 19 item 13).
      expect(res.body.result.footer.otherLinks).toContainEqual({ title: '隐私政策', url: '/privacy' });
      expect(res.body.result.about.privacy).toContain('个人信息');
      expect(res.body.result.about.culture).toContain('价值观');
    }
    expect((await s.request('GET', '/portal/view/config?template=xx')).status).toBe(400);
  });

  it('saves a valid configuration, refuses a bad one whole, and needs portal:config', async () => {
    const base = (await s.request<PortalConfig>('GET', '/portal/config/get?template=pro', { token: admin })).body
      .result;
    const save = (config: unknown, token = admin) =>
      s.request('PUT', '/portal/config/save', { token, body: { template: 'pro', config } });
    const bad: [string, PortalConfig][] = [
      ['colour', { ...base, hero: { ...base.hero, primaryColor: 'red;background:url(x)' } }],
      ['javascript url', { ...base, callToAction: { ...base.callToAction, url: 'javascript:alert(1)' } }],
      ['protocol-relative url', { ...base, callToAction: { ...base.callToAction, url: '//evil.example/x' } }],
      ['image path', { ...base, logo: { ...base.logo, image: '../../etc/passwd' } }],
      ['html in text', { ...base, news: { ...base.news, title: '<img src=x onerror=alert(1)>' } }],
      [
        'oversize list',
        {
          ...base,
          logoWall: {
            ...base.logoWall,
            logos: Array.from({ length: 100 }, (_, i) => ({ name: `L${i}`, img: '', visible: true })),
          },
        },
      ],
      ['oversize text', { ...base, about: { ...base.about, intro: 'x'.repeat(6000) } }],
      ['unknown field', { ...base, extra: 1 } as PortalConfig],
    ];
    for (const [what, config] of bad) {
      const res = await save(config);
      expect(res.status, what).toBe(400);
    }
    expect((await s.ctx.db.selectFrom('portalConfig').select('template').execute()).length).toBe(0);
    // The designer puts each message under its field: the key is the path in the body.
    const colour = await s.request<{ errors: Record<string, string> }>('PUT', '/portal/config/save', {
      token: admin,
      body: { template: 'pro', config: bad[0]![1] },
    });
    expect(colour.body.result.errors).toEqual({ 'config.hero.primaryColor': '颜色必须是#开头的十六进制值' });

    expect((await save(base, buyer)).status).toBe(403);
    expect((await save(base, supplier1)).status).toBe(403);
    expect((await s.request('GET', '/portal/config/get?template=pro', { token: buyer })).status).toBe(403);

    const changed: PortalConfig = {
      ...base,
      hero: { ...base.hero, primaryColor: '#123abc', title: { ...base.hero.title, text: '新的标题' } },
      logo: { text: '测试门户', image: 'portal/20261122/0123456789abcdef0123456789abcdef.png' },
      news: { ...base.news, visible: false },
    };
    const ok = await save(changed);
    expect(ok.body).toMatchObject({ success: true, message: '保存成功' });
    const got = await s.request<PortalConfig>('GET', '/portal/view/config?template=pro');
    expect(got.body.result.hero).toMatchObject({ primaryColor: '#123abc', title: { text: '新的标题' } });
    expect(got.body.result.news.visible).toBe(false);
    expect(got.body.result.logo.image).toBe('portal/20261122/0123456789abcdef0123456789abcdef.png');
    // The administrator's own 隐私政策 is what visitors read; a configuration saved without one shows the built-in text.
    await save({ ...changed, about: { ...changed.about, privacy: '本平台的隐私政策。\n\n第二段。' } });
    expect((await s.request<PortalConfig>('GET', '/portal/view/config?template=pro')).body.result.about.privacy).toBe(
      '本平台的隐私政策。\n\n第二段。',
    );
    const { culture: _culture, privacy: _privacy, ...older } = changed.about;
    await save({ ...changed, about: older });
    expect((await s.request<PortalConfig>('GET', '/portal/view/config?template=pro')).body.result.about.culture).toBe(
      base.about.culture,
    );
    // The other template keeps its default.
    expect((await s.request<PortalConfig>('GET', '/portal/view/config?template=se')).body.result.hero.title.text).toBe(
      base.hero.title.text,
    );
  });
});

describe('the enabled template (a site setting, issue 19 item 7)', () => {
  const enabled = async () =>
    (await s.request<{ template: string }>('GET', '/portal/view/template')).body.result.template;
  const enable = (token: string | undefined, template: string) =>
    s.request('POST', '/portal/config/enableTemplate', { token, body: { template } });

  it('an administrator enables a template and every anonymous visitor is served it', async () => {
    expect(await enabled()).toBe('se');
    const res = await enable(admin, 'pro');
    expect(res.body).toMatchObject({ success: true, message: '已启用' });
    expect(await enabled()).toBe('pro');
    const row = await s.ctx.db.selectFrom('portalSetting').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ settingKey: 'enabledTemplate', settingValue: 'pro', updateBy: 'admin' });
    expect((await enable(admin, 'se')).body.success).toBe(true);
    expect(await enabled()).toBe('se');
  });

  it('no one without the designer permission changes it; a bad template is refused', async () => {
    expect((await enable(buyer, 'pro')).status).toBe(403);
    expect((await enable(supplier1, 'pro')).status).toBe(403);
    expect((await enable(undefined, 'pro')).status).toBe(401);
    expect((await enable(admin, 'xx')).status).toBe(400);
    expect(await enabled()).toBe('se');
  });
});

describe('back office permissions', () => {
  it('refuses the lifecycle commands without the edit codes', async () => {
    const id = await createPurchase(unique('权限'));
    for (const url of [
      '/portal/purchaseAnnouncement/publish',
      '/portal/purchaseAnnouncement/close',
      '/portal/resultAnnouncement/publish',
      '/portal/news/publish',
    ]) {
      expect((await s.request('POST', url, { token: buyer, body: { id } })).status, url).toBe(403);
    }
    expect(
      (await s.request('POST', '/portal/purchaseAnnouncement/withdraw', { token: buyer, body: { id, reason: 'x' } }))
        .status,
    ).toBe(403);
    expect((await s.request('POST', '/portal/purchaseAnnouncement/publish', { body: { id } })).status).toBe(401);
  });
});
