import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaWorkflow, WORKFLOW_STALE, workflowRefusal, type PageResult } from '@procura/shared';
import { eventLines, HOUR, publishedRfq, quote, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** Quotas (domain §14, minimal): a split award drafts an arrangement (QUO-9); edit, submit, approval → ACTIVE (QUO-1, QUO-2). */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

type QuotaLine = { supplierId: string; supplierName: string; quotaPct: number };
type Quota = {
  id: string;
  code: string;
  status: string;
  statusText: string;
  version: number;
  materialId: string | null;
  materialCode: string | null;
  validFrom: string;
  validTo: string;
  sourceAwardId: string;
  sourceEventCode: string;
  sourceAwardCode: string | null;
  sourceAwardApprovedAt: string | null;
  sourceLine: { lineNo: number; qty: string; unit: string } | null;
  lines: QuotaLine[];
};

const post = <T = unknown>(url: string, token: string, body: unknown) => w.s.request<T>('POST', url, { token, body });
const detail = async (id: string) =>
  (await w.s.request<Quota>('GET', `/srm/quota/queryById?id=${id}`, { token: w.buyer })).body.result;
const edit = (q: Quota, lines: { supplierId: string; quotaPct: number }[], extra: Record<string, unknown> = {}) =>
  w.s.request('PUT', '/srm/quota/edit', {
    token: w.buyer,
    body: { id: q.id, version: q.version, validFrom: q.validFrom, validTo: q.validTo, lines, ...extra },
  });

/** An RFQ awarded 60/40 on its first line and wholly to supplier 1 on its second (SPLIT_BY_QTY); returns its award id. */
async function splitAward(): Promise<{ eventId: string; awardId: string }> {
  const eventId = await publishedRfq(w, { awardMode: 'SPLIT_BY_QTY' });
  await quote(w, w.sup[0], eventId, ['4550', '50']);
  await quote(w, w.sup[1], eventId, ['4700', '45']);
  await quote(w, w.sup[2], eventId, ['4800', '60']);
  // The validity is fixed before the clock moves: 3 hours later may be another day in GMT+8,
  // and the tests compare it with today's w.day(1).
  const [validFrom, validTo] = [w.day(1), w.day(365)];
  w.travel(3 * HOUR);
  try {
    expect((await post<string>('/srm/sourcing/event/open', w.buyer, { id: eventId })).body.result).toBe('OPENED');
    const [l1, l2] = await eventLines(w, eventId);
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId,
      priceValidFrom: validFrom,
      priceValidTo: validTo,
      lines: [
        { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 60 },
        { sourcingLineId: l1!.id, supplierId: w.supId[1], sharePct: 40 },
        { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
      ],
    });
    expect(saved.body.message).toBe('定标建议已保存');
    const award = (
      await w.s.request<{ id: string }>('GET', `/srm/sourcing/award/queryByEventId?eventId=${eventId}`, {
        token: w.buyer,
      })
    ).body.result;
    const submitted = await post<{ status: string } | null>('/srm/sourcing/award/submit', w.buyer, { id: award.id });
    expect(submitted.body.message).toBe('定标已生效');
    return { eventId, awardId: award.id };
  } finally {
    w.travel(-3 * HOUR);
  }
}

const arrangementsOf = (awardId: string) =>
  w.s.ctx.db.selectFrom('quotaArrangement').selectAll().where('sourceAwardId', '=', awardId).execute();

describe('a split award drafts a quota (QUO-9) that approval activates (QUO-1, QUO-2)', () => {
  let awardId: string;
  let quota: Quota;

  it('FINAL with SPLIT_BY_QTY drafts one arrangement per split line with the awarded shares', async () => {
    ({ awardId } = await splitAward());
    const rows = await arrangementsOf(awardId);
    // Line 2 went wholly to one supplier: no arrangement for it.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'DRAFT',
      materialId: w.materialId,
      validFrom: w.day(1),
      validTo: w.day(365),
      adjustReason: 'NEW_AWARD',
    });
    expect(rows[0]!.code).toMatch(/^QA-\d{8}-\d{4}$/);
    quota = await detail(rows[0]!.id);
    expect(quota.lines.map((l) => [l.supplierId, l.quotaPct])).toEqual([
      [w.supId[0], 60],
      [w.supId[1], 40],
    ]);
    expect(quota.statusText).toBe('草稿');
    // Where it came from: the award, its event and the split line (the detail drawer shows them).
    const award = await w.s.ctx.db
      .selectFrom('sourcingAward')
      .select(['code', 'eventId'])
      .where('id', '=', awardId)
      .executeTakeFirstOrThrow();
    const event = await w.s.ctx.db
      .selectFrom('sourcingEvent')
      .select('code')
      .where('id', '=', award.eventId)
      .executeTakeFirstOrThrow();
    expect(quota).toMatchObject({
      sourceAwardCode: award.code,
      sourceEventCode: event.code,
      sourceLine: { lineNo: 1, qty: '10' },
    });
    expect(quota.sourceAwardApprovedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    type Row = { id: string; shares: string; sourceEventCode: string | null; statusText: string };
    const list = (await w.s.request<PageResult<Row>>('GET', '/srm/quota/list?status=DRAFT', { token: w.buyer })).body
      .result;
    const row = list.records.find((r) => r.id === quota.id)!;
    expect(row).toMatchObject({
      shares: `华东精密机械有限公司 60% / ${quota.lines[1]!.supplierName} 40%`,
      sourceEventCode: event.code,
      statusText: '草稿',
    });
    // The material search matches the code as well as the name.
    const byCode = (
      await w.s.request<PageResult<Row>>(
        'GET',
        `/srm/quota/list?materialName=${encodeURIComponent(quota.materialCode!)}`,
        { token: w.buyer },
      )
    ).body.result;
    expect(byCode.records.map((r) => r.id)).toContain(quota.id);
    const none = (
      await w.s.request<PageResult<Row>>('GET', '/srm/quota/list?materialName=no-such-material', { token: w.buyer })
    ).body.result;
    expect(none.total).toBe(0);
  });

  it('QUO-3, X-1: a draft whose validity starts or ends before today (server clock, GMT+8) is refused; nothing changes', async () => {
    const shares = quota.lines.map((l) => ({ supplierId: l.supplierId, quotaPct: l.quotaPct }));
    const from = await edit(quota, shares, { validFrom: w.day(-1) });
    expect(from.status).toBe(400);
    expect(from.body).toMatchObject({ message: '生效日期不能早于今天', rules: ['QUO-3', 'X-1'] });
    expect((from.body.result as { errors: unknown }).errors).toEqual({ validFrom: '生效日期不能早于今天' });
    const to = await edit(quota, shares, { validFrom: w.day(-3), validTo: w.day(-2) });
    expect(to.body).toMatchObject({ message: '生效日期不能早于今天', rules: ['QUO-3', 'X-1'] });
    const stored = await detail(quota.id);
    expect([stored.validFrom, stored.validTo, stored.version]).toEqual([w.day(1), w.day(365), quota.version]);
  });

  it('edits are checked per line; a submit whose shares do not sum to 100 is refused and nothing moves (QUO-1)', async () => {
    expect(
      (
        await edit(quota, [
          { supplierId: w.supId[0], quotaPct: 60 },
          { supplierId: w.supId[0], quotaPct: 40 },
        ])
      ).body,
    ).toMatchObject({ message: '同一供应商在配额中只能出现一次', rules: ['QUO-1'] });
    expect(
      (
        await edit(
          quota,
          [
            { supplierId: w.supId[0], quotaPct: 60 },
            { supplierId: w.supId[1], quotaPct: 50 },
          ],
          { version: 99 },
        )
      ).body.message,
    ).toBe('配额已被他人修改，请刷新后重试');
    expect(
      (
        await edit(quota, [
          { supplierId: w.supId[0], quotaPct: 60 },
          { supplierId: w.supId[1], quotaPct: 50 },
        ])
      ).body.message,
    ).toBe('配额已保存');
    quota = await detail(quota.id);
    expect((await post('/srm/quota/submit', w.buyer, { id: quota.id })).body).toMatchObject({
      message: '各供应商配额比例合计须为100%，当前110%',
      rules: ['QUO-1'],
    });
    expect((await detail(quota.id)).status).toBe('DRAFT');
  });

  it('QUO-2: every supplier must hold the material category and must not be frozen', async () => {
    expect(
      (
        await edit(quota, [
          { supplierId: w.supId[0], quotaPct: 70 },
          { supplierId: w.supId[1], quotaPct: 30 },
        ])
      ).body.message,
    ).toBe('配额已保存');
    quota = await detail(quota.id);
    // The material is 钢材 under 原材料, whose admission category is RAW_MATERIAL: 华东精密 holds
    // it (demo), the fresh company holds none.
    expect((await post('/srm/quota/submit', w.buyer, { id: quota.id })).body).toMatchObject({
      message: '供应商“苏州新材科技有限公司”未取得该物料分类的准入资格，不能生效配额',
      rules: ['QUO-2'],
    });
    const now = new Date().toISOString();
    await w.s.ctx.db
      .insertInto('supplierCategory')
      .values({
        id: `qcat${Date.now()}`.slice(0, 32),
        supplierId: w.supId[1]!,
        categoryCode: 'RAW_MATERIAL',
        status: 'TRIAL',
        qualifiedAt: now,
        suspendedAt: null,
        sourceRequestId: null,
        trialLimitAmount: null,
        createTime: now,
        updateTime: null,
      })
      .execute();
    await w.s.ctx.db.updateTable('supplier').set({ status: 'FROZEN' }).where('id', '=', w.supId[1]).execute();
    try {
      expect((await post('/srm/quota/submit', w.buyer, { id: quota.id })).body).toMatchObject({
        message: `供应商“${quota.lines[1]!.supplierName}”已冻结、列入黑名单或淘汰，不能生效配额`,
        rules: ['QUO-2'],
      });
      expect((await detail(quota.id)).status).toBe('DRAFT');
    } finally {
      await w.s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', w.supId[1]).execute();
    }
  });

  it('submit goes through the approval engine; the approver activates it (S2 step 12)', async () => {
    const flows = (
      await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
        'GET',
        '/approval/definition/list',
        { token: w.admin },
      )
    ).body.result;
    const current = flows.find((t) => t.docType === 'QUOTA_ARRANGEMENT');
    expect(current).toBeDefined();
    expect(
      (
        await post('/approval/definition/save', w.admin, {
          docType: 'QUOTA_ARRANGEMENT',
          name: '配额审批',
          enabled: 1,
          steps: [{ name: '主管审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }],
          version: current!.definition?.version,
        })
      ).body.success,
    ).toBe(true);
    const submitted = await post<{ instanceId: string; status: string }>('/srm/quota/submit', w.buyer, {
      id: quota.id,
    });
    expect(submitted.body).toMatchObject({ message: '配额已提交审批', result: { status: 'RUNNING' } });
    expect((await detail(quota.id)).status).toBe('PENDING_APPROVAL');
    expect((await edit(await detail(quota.id), [{ supplierId: w.supId[0], quotaPct: 100 }])).body.message).toBe(
      '只有草稿状态的配额可以修改',
    );
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).body.success).toBe(true);
    const active = await detail(quota.id);
    expect(active).toMatchObject({ status: 'ACTIVE', statusText: '生效' });
    expect(active.lines.map((l) => l.quotaPct)).toEqual([70, 30]);
  });

  it('QUO-3: a newer arrangement for the same material supersedes the active one when it is activated', async () => {
    // The price library keeps one record per supplier, material and period (MAT-4): the first award's go first.
    await w.s.ctx.db.deleteFrom('srmPriceRecord').where('sourceId', '=', awardId).execute();
    const { awardId: second } = await splitAward();
    const [row] = await arrangementsOf(second);
    const submitted = await post<{ instanceId: string; status: string }>('/srm/quota/submit', w.buyer, { id: row!.id });
    expect(submitted.body.message).toBe('配额已提交审批');
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).body.success).toBe(true);
    expect((await detail(row!.id)).status).toBe('ACTIVE');
    expect((await detail(quota.id)).status).toBe('SUPERSEDED');
  });

  type LogRow = { action: string; fromStatus: string | null; toStatus: string; actorName: string; actorKind: string };
  const logsOf = async (id: string) =>
    (await w.s.request<LogRow[]>('GET', `/srm/quota/logs?id=${id}`, { token: w.buyer })).body.result;

  it('issue 17: each move wrote its status-log row and audit entry; a move from a wrong state names the current state', async () => {
    const logs = await logsOf(quota.id);
    expect(logs.map((l) => `${l.action}:${l.fromStatus}>${l.toStatus}`)).toEqual([
      'submit:DRAFT>PENDING_APPROVAL',
      'approve:PENDING_APPROVAL>ACTIVE',
      'supersede:ACTIVE>SUPERSEDED',
    ]);
    expect(logs.map((l) => l.actorKind)).toEqual(['INTERNAL', 'INTERNAL', 'INTERNAL']);
    const audit = await w.s.ctx.db
      .selectFrom('sysAuditChain')
      .select(['action', 'docType'])
      .where('docId', '=', quota.id)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual(
      ['submit', 'approve', 'supersede'].map((action) => ({ action, docType: 'QUOTA_ARRANGEMENT' })),
    );
    const refused = await post('/srm/quota/submit', w.buyer, { id: quota.id });
    expect(refused.body).toMatchObject({
      success: false,
      message: workflowRefusal(quotaWorkflow, 'submit', 'SUPERSEDED'),
    });
    expect(refused.body.message).toContain('当前状态：已替代');
    expect(await logsOf(quota.id)).toHaveLength(3);
    expect((await w.s.request('GET', '/sys/auditChain/verify', { token: w.admin })).body.result).toMatchObject({
      ok: true,
    });
  });

  it('X-4: two concurrent submissions of one draft: exactly one wins, one approval, one log row', async () => {
    await w.s.ctx.db
      .deleteFrom('srmPriceRecord')
      .where('sourceId', 'in', w.s.ctx.db.selectFrom('quotaArrangement').select('sourceAwardId'))
      .execute();
    const { awardId: third } = await splitAward();
    const [row] = await arrangementsOf(third);
    const results = await Promise.all([
      post('/srm/quota/submit', w.buyer, { id: row!.id }),
      post('/srm/quota/submit', w.buyer, { id: row!.id }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect([WORKFLOW_STALE, workflowRefusal(quotaWorkflow, 'submit', 'PENDING_APPROVAL')]).toContain(
      results.find((r) => !r.body.success)!.body.message,
    );
    expect((await logsOf(row!.id)).filter((l) => l.action === 'submit')).toHaveLength(1);
    expect(
      await w.s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', row!.id).execute(),
    ).toHaveLength(1);
  });

  it('suppliers cannot reach quotas', async () => {
    expect((await w.s.request('GET', '/srm/quota/list', { token: w.sup[0] })).status).toBe(403);
    expect((await post('/srm/quota/submit', w.sup[0], { id: quota.id })).status).toBe(403);
  });
});
