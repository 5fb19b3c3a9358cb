import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { serverNowIso } from '../src/core/clock.js';
import {
  awardFlow,
  eventLines,
  HOUR,
  publishedRfq,
  quote,
  sourcingWorld,
  type SourcingWorld,
} from './sourcing-fixture.js';
import { contractApprovalStep, contractDraft, uploadedFile } from './workflow-fixtures/contract.js';

/**
 * The contract's life after signing (§15): expiry and the CON-3 overdue warning on the job
 * scheduler (server clock), amendments as new versions (CON-6), termination through approval,
 * supplements. Every transition and refusal cites its rule.
 */
let w: SourcingWorld;
let tenantId: number;
let awardId: string;
let eventId: string;
const DAY = 24 * HOUR;
type Body = { success: boolean; message: string; result: Record<string, unknown>; rules?: string[] };
const post = async (path: string, token: string, body: Record<string, unknown>) =>
  (await w.s.request<Record<string, unknown>>('POST', path, { token, body })).body as unknown as Body;
const detail = async (id: string, token = w.buyer) =>
  (await w.s.request<Record<string, unknown>>('GET', `/srm/contract/queryById?id=${id}`, { token })).body.result;
const userId = async (username: string) =>
  (await w.s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const noticesTo = async (username: string, busId: string) => {
  const id = await userId(username);
  return (
    await w.s.ctx.db.selectFrom('sysAnnouncement').select(['titile', 'userIds']).where('busId', '=', busId).execute()
  ).filter((n) => (n.userIds ?? '').split(',').includes(id));
};
const logOf = async (id: string) =>
  w.s.ctx.db
    .selectFrom('sysDocLog')
    .select(['action', 'fromStatus', 'toStatus', 'operatorKind', 'operatorName', 'reason'])
    .where('docId', '=', id)
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
const runJob = async () => {
  const outcome = await w.s.ctx.jobs.runNow('contract.lifecycle');
  expect(outcome).toMatchObject({ ran: true, state: { lastResult: 'OK' } });
};

/** The admin's pending task on a document, approved or rejected. */
async function decide(docId: string, verdict: 'approve' | 'reject', comment = '同意') {
  const task = (
    await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
  ).body.result.records.find((r) => r.docId === docId);
  expect(task, `a task on ${docId}`).toBeDefined();
  expect((await post(`/approval/task/${verdict}`, w.admin, { taskId: task!.taskId, comment })).success).toBe(true);
}

/** submit → approved → send → confirm → sign: ACTIVE. */
async function activate(id: string) {
  expect((await post('/srm/contract/submit', w.buyer, { id })).message).toBe('合同已提交审批');
  await decide(id, 'approve');
  expect((await post('/srm/contract/send', w.buyer, { id })).success).toBe(true);
  expect((await post('/srm/contract/confirm', w.sup[0], { id })).success).toBe(true);
  const file = await uploadedFile(w.s, 'buyer', tenantId);
  expect((await post('/srm/contract/sign', w.buyer, { id, signedFiles: file })).message).toBe('合同已生效');
  expect((await detail(id)).status).toBe('ACTIVE');
}

async function draft(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/srm/contract/add', w.buyer, { ...contractDraft(w.supId[0]), ...extra });
  expect(res).toMatchObject({ success: true });
  return String(res.result.id);
}

beforeAll(async () => {
  w = await sourcingWorld();
  tenantId = (
    await w.s.ctx.db.selectFrom('supplier').select('tenantId').where('id', '=', w.supId[0]).executeTakeFirstOrThrow()
  ).tenantId;
  eventId = await publishedRfq(w);
  await quote(w, w.sup[0], eventId, ['98', '50']);
  await quote(w, w.sup[1], eventId, ['99', '51']);
  await quote(w, w.sup[2], eventId, ['100', '52']);
  w.travel(3 * HOUR);
  expect((await post('/srm/sourcing/event/open', w.buyer, { id: eventId })).success).toBe(true);
  const [l1, l2] = await eventLines(w, eventId);
  await post('/srm/sourcing/award/save', w.buyer, {
    eventId,
    priceValidFrom: w.day(1),
    priceValidTo: w.day(365),
    lines: [
      { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 },
      { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
    ],
  });
  await awardFlow(w, 'ROLE', 'admin');
  awardId = (
    await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', eventId).executeTakeFirstOrThrow()
  ).id;
  const submitted = await post('/srm/sourcing/award/submit', w.buyer, { id: awardId });
  expect(submitted.success).toBe(true);
  await decide(awardId, 'approve');
  await contractApprovalStep(w.s, tenantId);
}, 90_000);
afterAll(async () => w?.close());

describe('§15 expiry on the job scheduler', () => {
  it('§15 ACTIVE ─validTo passed (SYS)─▶ EXPIRED: a system transition with a log row, the creator told; not before', async () => {
    const id = await draft({ validFrom: w.day(-10), validTo: w.day(2) });
    await activate(id);
    // The last valid day is not yet past.
    w.travel(2 * DAY);
    await runJob();
    expect((await detail(id)).status).toBe('ACTIVE');
    w.travel(1 * DAY);
    await runJob();
    const c = await detail(id);
    expect(c.status).toBe('EXPIRED');
    expect((await logOf(id)).at(-1)).toMatchObject({
      action: 'expire',
      fromStatus: 'ACTIVE',
      toStatus: 'EXPIRED',
      operatorKind: 'SYSTEM',
    });
    expect((await noticesTo('buyer', id)).map((n) => n.titile)).toContain(`合同已到期：${String(c.code)}`);
    // A second run finds nothing to do; users never take the system's move.
    await runJob();
    expect((await logOf(id)).filter((l) => l.action === 'expire')).toHaveLength(1);
    expect((await w.s.request('POST', '/srm/contract/expire', { token: w.buyer, body: { id } })).status).toBe(404);
  });

  it('§15: only ACTIVE contracts expire: a draft past its end date stays a draft', async () => {
    const id = await draft({ validFrom: w.day(-30), validTo: w.day(-1) });
    await runJob();
    expect((await detail(id)).status).toBe('DRAFT');
  });
});

describe('CON-3: a tender award’s contract not ACTIVE within tender.contractWithinDays', () => {
  it('CON-3: warns the award’s buyer and the manager once, after 30 days, while no contract of the award is ACTIVE', async () => {
    // The award's event becomes a tender's (the tender's own flow to its award notice is
    // tender-evaluation.test.ts's); the job reads the award notice and the event type.
    await w.s.ctx.db.updateTable('sourcingEvent').set({ type: 'TENDER' }).where('id', '=', eventId).execute();
    const noticeAt = serverNowIso();
    await w.s.ctx.db.updateTable('sourcingAward').set({ noticeIssuedAt: noticeAt }).where('id', '=', awardId).execute();
    const pending = String(
      (
        await post('/srm/contract/add', w.buyer, {
          title: '中标合同',
          contractType: 'STANDARD',
          supplierId: w.supId[0],
          currency: 'CNY',
          validFrom: w.day(1),
          validTo: w.day(365),
          sourceAwardId: awardId,
        })
      ).result.id,
    );
    w.travel(29 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
    w.travel(2 * DAY);
    await runJob();
    await runJob();
    const [toBuyer] = await noticesTo('buyer', awardId);
    expect(toBuyer?.titile).toMatch(/^中标合同逾期未生效：/);
    // Once, to the buyer and to the manager (the admin role holds contract:overdueNotice).
    expect(await noticesTo('buyer', awardId)).toHaveLength(1);
    expect(await noticesTo('admin', awardId)).toHaveLength(1);
    expect(await noticesTo('supplier1', awardId)).toHaveLength(0);
    // A contract of the award that is ACTIVE: no warning (the recorded one cleared to show it).
    await w.s.ctx.db.deleteFrom('srmContractWarning').where('awardId', '=', awardId).execute();
    await w.s.ctx.db.deleteFrom('sysAnnouncement').where('busId', '=', awardId).execute();
    await w.s.request('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id: pending, payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '2237.40' }] },
    });
    await activate(pending);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
  });

  it('CON-3: tender.contractWithinDays is the tenant’s setting (at most the statutory 30): 20 days warns at day 21', async () => {
    const saved = await w.s.request('POST', '/srm/purchaseSetting/save', {
      token: w.admin,
      body: { key: 'tender.contractWithinDays', value: 20 },
    });
    expect(saved.body).toMatchObject({ success: true });
    // A fresh award notice, no contract of the award in force.
    await w.s.ctx.db.deleteFrom('srmContractWarning').where('awardId', '=', awardId).execute();
    await w.s.ctx.db.deleteFrom('sysAnnouncement').where('busId', '=', awardId).execute();
    await w.s.ctx.db
      .updateTable('srmContract')
      .set({ status: 'CANCELLED' })
      .where('sourceAwardId', '=', awardId)
      .execute();
    await w.s.ctx.db
      .updateTable('sourcingAward')
      .set({ noticeIssuedAt: serverNowIso() })
      .where('id', '=', awardId)
      .execute();
    w.travel(19 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
    w.travel(2 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(1);
  });
});

type Version = { id: string; code: string; versionNo: number; status: string; amendReason: string | null };
const versions = async (id: string, token = w.buyer) =>
  (
    await w.s.request<{ versions: Version[]; supplements: (Version & { title: string })[] }>(
      'GET',
      `/srm/contract/versions?id=${id}`,
      { token },
    )
  ).body;
const linesOf = async (id: string) => (await detail(id)).lines as Record<string, unknown>[];
const edit = (id: string, body: Record<string, unknown>) =>
  w.s.request<Record<string, unknown>>('PUT', '/srm/contract/edit', { token: w.buyer, body: { id, ...body } });

describe('CON-6: amendments are new versions, one ACTIVE per contract', () => {
  let v1: string;
  let v2: string;
  let code: string;

  it('CON-6: amend copies the ACTIVE contract into a draft of version 2; only from ACTIVE, one open amendment at a time', async () => {
    v1 = await draft();
    expect(await post('/srm/contract/amend', w.buyer, { id: v1, reason: '调整价格' })).toMatchObject({
      success: false,
      message: '只有生效的合同可以变更',
      rules: ['CON-6'],
    });
    await activate(v1);
    code = String((await detail(v1)).code);
    expect((await post('/srm/contract/amend', w.buyer, { id: v1, reason: '  ' })).message).toBe('请填写变更原因');
    expect(
      (await w.s.request('POST', '/srm/contract/amend', { token: w.sup[0], body: { id: v1, reason: 'x' } })).status,
    ).toBe(403);
    const made = await post('/srm/contract/amend', w.buyer, { id: v1, reason: '轴承单价上调' });
    expect(made).toMatchObject({ success: true, result: { code: `${code}-V2` } });
    v2 = String(made.result.id);
    const c = await detail(v2);
    expect(c).toMatchObject({ status: 'DRAFT', versionNo: 2, amendReason: '轴承单价上调', amountInclTax: '478.50' });
    expect((await linesOf(v2)).map((l) => [l.materialName, l.unitPrice])).toEqual(
      (await linesOf(v1)).map((l) => [l.materialName, l.unitPrice]),
    );
    expect((await detail(v1)).status).toBe('ACTIVE');
    const again = await post('/srm/contract/amend', w.buyer, { id: v1, reason: '再次变更' });
    expect(again).toMatchObject({ success: false, rules: ['CON-6'] });
    expect(again.message).toBe(`该合同已有进行中的变更版本 ${code}-V2，一份合同只能有一个生效版本`);
    expect((await logOf(v2))[0]).toMatchObject({ action: 'amend', toStatus: 'DRAFT', reason: '轴承单价上调' });
  });

  it('CON-6: a raised amount or a changed price cannot take effect directly: approval and supplier confirmation again, then the old version is SUPERSEDED', async () => {
    const lines = (await linesOf(v2)).map((l, i) => ({ ...l, unitPrice: i === 0 ? '13' : l.unitPrice }));
    // 10 × 13 = 130.00 + 16.90 tax, 300.00 + 39.00: 485.90.
    const saved = await edit(v2, { lines, payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '485.90' }] });
    expect(saved.body).toMatchObject({ success: true });
    const direct = await post('/srm/contract/applyAmendment', w.buyer, { id: v2 });
    expect(direct).toMatchObject({
      success: false,
      message: '合同含税金额由478.50提高到485.90，变更须重新提交审批并经供应商确认',
      rules: ['CON-6'],
    });
    expect((await detail(v2)).status).toBe('DRAFT');
    await activate(v2);
    expect((await detail(v1)).status).toBe('SUPERSEDED');
    expect((await logOf(v1)).at(-1)).toMatchObject({
      action: 'supersede',
      fromStatus: 'ACTIVE',
      toStatus: 'SUPERSEDED',
    });
    // The earlier version stays readable, with its own prices.
    expect((await linesOf(v1))[0]!.unitPrice).toBe('12.345');
    expect((await versions(v2)).result.versions.map((v) => [v.versionNo, v.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'ACTIVE'],
    ]);
    // The supplier reads the versions of its own contract; another supplier does not.
    expect((await versions(v1, w.sup[0])).result.versions).toHaveLength(2);
    expect((await versions(v1, w.sup[1])).success).toBe(false);
  });

  it('CON-6: the database keeps one ACTIVE version per contract', async () => {
    await expect(
      w.s.ctx.db.updateTable('srmContract').set({ status: 'ACTIVE' }).where('id', '=', v1).execute(),
    ).rejects.toThrow();
  });

  it('CON-6: an amendment lowering a quantity at the same prices takes effect by the buyer’s applyAmendment', async () => {
    const made = await post('/srm/contract/amend', w.buyer, { id: v2, reason: '减少数量' });
    expect(made.result.code).toBe(`${code}-V3`);
    const v3 = String(made.result.id);
    const lines = (await linesOf(v3)).map((l, i) => ({ ...l, qty: i === 0 ? '5' : l.qty }));
    // 5 × 13 = 65.00 + 8.45 tax, 300.00 + 39.00: 412.45.
    const saved = await edit(v3, { lines, payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '412.45' }] });
    expect(saved.body).toMatchObject({ success: true });
    expect((await post('/srm/contract/applyAmendment', w.buyer, { id: v3 })).message).toBe('变更版本已生效');
    expect((await detail(v3)).status).toBe('ACTIVE');
    expect((await detail(v2)).status).toBe('SUPERSEDED');
    expect((await logOf(v3)).at(-1)).toMatchObject({ action: 'amendApplied', operatorKind: 'INTERNAL' });
    expect((await noticesTo('supplier1', v3)).map((n) => n.titile)).toContain(`合同变更已生效：${code}-V3`);
    // A first version is never applied directly; an added line is a new price.
    const fresh = await draft();
    expect(await post('/srm/contract/applyAmendment', w.buyer, { id: fresh })).toMatchObject({
      success: false,
      message: '只有变更版本可以直接生效，新合同须经审批和供应商确认',
      rules: ['CON-6'],
    });
    const v4 = String((await post('/srm/contract/amend', w.buyer, { id: v3, reason: '增加物料' })).result.id);
    const more = [
      ...(await linesOf(v4)).map((l, i) => ({ ...l, qty: i === 0 ? '1' : l.qty })),
      { materialName: '密封圈', unit: 'PCS', qty: '1', unitPrice: '1', taxRate: '13' },
    ];
    // 13.00 + 1.69, 300.00 + 39.00, 1.00 + 0.13: 354.82, below 412.45.
    expect(
      (await edit(v4, { lines: more, payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '354.82' }] })).body,
    ).toMatchObject({ success: true });
    expect((await post('/srm/contract/applyAmendment', w.buyer, { id: v4 })).message).toBe(
      '新增了价格（密封圈），变更须重新提交审批并经供应商确认',
    );
    expect((await post('/srm/contract/cancel', w.buyer, { id: v4, reason: '不变更了' })).success).toBe(true);
  });
});

describe('§15 termination with approval, and supplements (补充协议)', () => {
  it('§15 ACTIVE ─terminate(B, M approves, reason)─▶ TERMINATED: a reason required; a rejection leaves it ACTIVE', async () => {
    const id = await draft();
    expect((await post('/srm/contract/terminate', w.buyer, { id, reason: '违约' })).message).toBe(
      '只有生效的合同可以申请终止，当前状态：草稿',
    );
    await activate(id);
    expect((await w.s.request('POST', '/srm/contract/terminate', { token: w.buyer, body: { id } })).status).toBe(400);
    expect((await post('/srm/contract/terminate', w.buyer, { id, reason: '供应商多次延迟交货' })).message).toBe(
      '合同终止已提交审批',
    );
    expect(await detail(id)).toMatchObject({ status: 'PENDING_TERMINATION', terminateReason: '供应商多次延迟交货' });
    // Not amended, expired or terminated twice meanwhile.
    expect((await post('/srm/contract/amend', w.buyer, { id, reason: 'x' })).message).toBe('只有生效的合同可以变更');
    await decide(id, 'reject', '继续履行');
    expect((await detail(id)).status).toBe('ACTIVE');
    expect((await post('/srm/contract/terminate', w.buyer, { id, reason: '双方协商解除' })).success).toBe(true);
    await decide(id, 'approve');
    const c = await detail(id);
    expect(c).toMatchObject({ status: 'TERMINATED', terminateReason: '双方协商解除' });
    expect((await logOf(id)).slice(-4).map((l) => [l.action, l.toStatus])).toEqual([
      ['terminate', 'PENDING_TERMINATION'],
      ['terminationRejected', 'ACTIVE'],
      ['terminate', 'PENDING_TERMINATION'],
      ['terminated', 'TERMINATED'],
    ]);
    expect((await noticesTo('supplier1', id)).map((n) => n.titile)).toContain(`合同已终止：${String(c.code)}`);
    // CON-8: the supplier still reads its terminated contract.
    expect((await detail(id, w.sup[0])).status).toBe('TERMINATED');
  });

  it('§15 parentContractId: a supplement attaches to an ACTIVE contract only, takes its supplier, and is listed with it', async () => {
    const parent = await draft();
    const refused = await w.s.request('POST', '/srm/contract/add', {
      token: w.buyer,
      body: { ...contractDraft(w.supId[0]), title: '补充协议', parentContractId: parent },
    });
    expect(refused.body).toMatchObject({ success: false, message: '补充协议只能附加在生效的合同上' });
    await activate(parent);
    const sup = await post('/srm/contract/add', w.buyer, {
      ...contractDraft(w.supId[1]),
      title: '补充协议一',
      parentContractId: parent,
    });
    expect(sup.success).toBe(true);
    const id = String(sup.result.id);
    expect(await detail(id)).toMatchObject({ supplierId: w.supId[0], parentContractId: parent, status: 'DRAFT' });
    expect((await versions(parent)).result.supplements.map((s) => [s.id, s.title])).toEqual([[id, '补充协议一']]);
    // A supplement runs its own workflow; the supplier sees it only from SUPPLIER_CONFIRMING on (CON-8).
    expect((await versions(parent, w.sup[0])).result.supplements).toEqual([]);
    await activate(id);
    expect((await detail(parent)).status).toBe('ACTIVE');
    expect((await versions(parent, w.sup[0])).result.supplements).toHaveLength(1);
  });
});

describe('§15 contract text from the template of its type (XSS-1: sanitised template, escaped fields)', () => {
  const textOf = async (id: string, token = w.buyer) =>
    (await w.s.request<{ html: string; frozen: boolean }>('GET', `/srm/contract/text?id=${id}`, { token })).body;

  it('§15: the default template gets the fields, the lines and the amount in capitals; typed markup stays text', async () => {
    const id = await draft({
      title: '轴承合同<script>alert(1)</script>',
      deliveryTerms: '<img src=x onerror=alert(1)>送货到厂',
    });
    const { result } = await textOf(id);
    expect(result.frozen).toBe(false);
    expect(result.html).toContain('轴承合同&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(result.html).not.toMatch(/<script|<img/i);
    expect(result.html).toContain('&lt;img src=x onerror=alert(1)&gt;送货到厂');
    expect(result.html).toContain('肆佰柒拾捌元伍角');
    expect(result.html).toContain('<td>深沟球轴承</td>');
    expect(result.html).toContain('<td>预付款</td>');
    // CON-8: not the supplier's to read while a draft.
    expect((await textOf(id, w.sup[0])).success).toBe(false);
  });

  it('§21 contract.templates: a tenant’s template is sanitised; the text is frozen at submission', async () => {
    const templates = {
      STANDARD:
        '<p onclick="steal()" style="position: fixed">采购合同 {{code}}：{{supplierName}}</p><script>steal()</script>',
      FRAMEWORK: '<p>框架 {{code}}</p>',
      SERVICE: '<p>服务 {{code}}</p>',
    };
    const saved = await w.s.request('POST', '/srm/purchaseSetting/save', {
      token: w.admin,
      body: { key: 'contract.templates', value: templates },
    });
    expect(saved.body).toMatchObject({ success: true });
    const id = await draft();
    const code = String((await detail(id)).code);
    const live = (await textOf(id)).result.html;
    expect(live).toBe(`<p>采购合同 ${code}：华东精密机械有限公司</p>`);
    expect((await post('/srm/contract/submit', w.buyer, { id })).success).toBe(true);
    await w.s.request('POST', '/srm/purchaseSetting/save', {
      token: w.admin,
      body: { key: 'contract.templates', value: { ...templates, STANDARD: '<p>新模板 {{code}}</p>' } },
    });
    expect((await textOf(id)).result).toEqual({ html: live, frozen: true });
    const refused = await w.s.request('POST', '/srm/purchaseSetting/save', {
      token: w.admin,
      body: { key: 'contract.templates', value: { STANDARD: 1 } },
    });
    expect(refused.body).toMatchObject({ success: false });
  });
});
