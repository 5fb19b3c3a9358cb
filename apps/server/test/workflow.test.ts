import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleWorkflow, WORKFLOW_STALE, workflowRefusal, type SampleAction } from '@procura/shared';
import type { Actor } from '../src/core/access.js';
import { newId } from '../src/core/ids.js';
import { runTransition } from '../src/workflow/transition.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/**
 * The workflow machinery (issue 17) over the sample request (§7): every transition from its
 * states and refused from the others, the compare-and-swap, the reason, a supplier's isolation,
 * 403 without the code, the status log and the per-tenant audit chain with its verification.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let hdadmin: string;
let approvedId: string;
let materialId: string;

const future = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  ({ approvedId } = await twoDemoSuppliers(s));
  [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  hdadmin = await s.login('hdadmin');
  materialId = (
    await s.ctx.db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

const post = (action: string, body: unknown, token: string) =>
  s.request('POST', `/srm/sampleRequest/${action}`, { token, body });
const rule = (a: SampleAction) => sampleWorkflow.transitions[a];
const status = async (id: string) =>
  (await s.ctx.db.selectFrom('srmSampleRequest').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

async function draft(): Promise<string> {
  const res = await s.request<{ id: string }>('POST', '/srm/sampleRequest/add', {
    token: buyer,
    body: {
      supplierId: approvedId,
      materialId,
      purpose: 'ADMISSION',
      qty: '5',
      unit: 'PCS',
      requiredBy: future(7),
      receiverName: '王工',
      receiverPhone: '13800000000',
      receiveAddress: '上海市浦东新区张江路1号',
    },
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
}

/** Each action's body and who takes it. */
const BODIES: Record<SampleAction, [Record<string, unknown>, () => string]> = {
  send: [{}, () => buyer],
  cancel: [{ reason: '不再需要' }, () => buyer],
  confirm: [{}, () => supplier1],
  refuse: [{ reason: '已停产' }, () => supplier1],
  ship: [{ shipMethod: 'EXPRESS', carrier: '顺丰速运', trackingNo: 'SF1' }, () => supplier1],
  receive: [{ receivedQty: '5' }, () => buyer],
  test: [{ testResult: 'PASS', testReport: '合格' }, () => admin],
  close: [{}, () => buyer],
};
const take = (action: SampleAction, id: string) => post(action, { id, ...BODIES[action][0] }, BODIES[action][1]());

/** The path to each state, by the proper actors. */
const PATHS: Record<string, SampleAction[]> = {
  DRAFT: [],
  SENT: ['send'],
  CONFIRMED: ['send', 'confirm'],
  REFUSED: ['send', 'refuse'],
  SHIPPED: ['send', 'confirm', 'ship'],
  RECEIVED: ['send', 'confirm', 'ship', 'receive'],
  TESTED: ['send', 'confirm', 'ship', 'receive', 'test'],
  CLOSED: ['send', 'confirm', 'ship', 'receive', 'test', 'close'],
  CANCELLED: ['cancel'],
};
async function at(state: string): Promise<string> {
  const id = await draft();
  for (const a of PATHS[state]!) expect((await take(a, id)).body).toMatchObject({ success: true });
  return id;
}

describe('every transition from its states, and refused from the others', () => {
  const cases = Object.entries(sampleWorkflow.transitions) as [
    SampleAction,
    (typeof sampleWorkflow.transitions)[SampleAction],
  ][];
  it.each(cases)('%s', async (action, rule) => {
    for (const state of Object.keys(PATHS)) {
      const id = await at(state);
      const res = await take(action, id);
      if ((rule.from as readonly string[]).includes(state)) {
        expect(res.body, `${action} from ${state}`).toMatchObject({ success: true, message: rule.done });
        expect(await status(id)).toBe(rule.to);
      } else {
        // A supplier never sees a draft: not found rather than the refusal.
        const expected =
          state === 'DRAFT' && rule.side === 'SUPPLIER'
            ? '送样申请不存在'
            : workflowRefusal(sampleWorkflow, action, state);
        expect(res.body, `${action} from ${state}`).toMatchObject({ success: false, message: expected });
        expect(await status(id)).toBe(state);
      }
    }
  });
});

describe('the compare-and-swap, the reason, the side and the code', () => {
  it('two concurrent sends: exactly one wins, the other is told the status changed', async () => {
    const id = await draft();
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'isShow', 'userType', 'supplierId', 'relTenantIds'])
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const { tenantId } = await s.ctx.db
      .selectFrom('srmSampleRequest')
      .select('tenantId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const actor: Actor = {
      user: { ...user, realname: user.realname ?? '', relTenantIds: user.relTenantIds ?? '', sessionId: 'test' },
      tenantId,
      ip: '127.0.0.1',
    };
    const send = () =>
      runTransition(s.ctx.db, sampleWorkflow, { table: 'srmSampleRequest', id, action: 'send', actor }).then(
        (r) => r.message,
        (e: Error) => `refused: ${e.message}`,
      );
    const results = await Promise.all([send(), send()]);
    expect(results.sort()).toEqual([rule('send').done, `refused: ${WORKFLOW_STALE}`].sort());
    const logs = await s.ctx.db.selectFrom('sysDocLog').select('action').where('docId', '=', id).execute();
    expect(logs).toEqual([{ action: 'send' }]);
    expect(await s.ctx.db.selectFrom('sysAuditChain').select('seq').where('docId', '=', id).execute()).toHaveLength(1);
  });

  it('two concurrent requests to the same route: exactly one moves the request', async () => {
    const id = await draft();
    const results = await Promise.all([take('send', id), take('send', id)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    // The loser read the request before or after the winner committed.
    expect([WORKFLOW_STALE, workflowRefusal(sampleWorkflow, 'send', 'SENT')]).toContain(
      results.find((r) => !r.body.success)!.body.message,
    );
    expect(await s.ctx.db.selectFrom('sysDocLog').select('action').where('docId', '=', id).execute()).toHaveLength(1);
  });

  it('a transition that needs a reason is refused without one', async () => {
    const id = await at('SENT');
    const res = await post('refuse', { id }, supplier1);
    expect(res.body.success).toBe(false);
    expect(await status(id)).toBe('SENT');
  });

  it("a supplier acting on another supplier's request gets not-found", async () => {
    const id = await at('SENT');
    const other = await post('confirm', { id }, supplier2);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('送样申请不存在');
    const logs = await s.request('GET', `/srm/sampleRequest/logs?id=${id}`, { token: supplier2 });
    expect(logs.body.success).toBe(false);
    expect(await status(id)).toBe('SENT');
  });

  it('403 without the permission code', async () => {
    const id = await at('SENT');
    expect((await post('send', { id }, supplier1)).status).toBe(403);
    expect((await post('confirm', { id }, buyer)).status).toBe(403);
    expect((await s.request('GET', '/sys/auditChain/list', { token: buyer })).status).toBe(403);
    expect((await s.request('GET', '/sys/auditChain/verify', { token: supplier1 })).status).toBe(403);
  });
});

describe('the status log and the audit chain', () => {
  it('each transition writes a sys_doc_log row and a chained audit entry; verify finds a tampered payload', async () => {
    const id = await at('SENT');
    expect((await post('refuse', { id, reason: '该型号已停产' }, supplier1)).body.success).toBe(true);
    const row = await s.ctx.db
      .selectFrom('srmSampleRequest')
      .select('tenantId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const logs = await s.ctx.db
      .selectFrom('sysDocLog')
      .selectAll()
      .where('docId', '=', id)
      .orderBy('createdTime')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => `${l.docType}:${l.action}:${l.fromStatus}>${l.toStatus}:${l.operatorKind}`)).toEqual([
      'SAMPLE_REQUEST:send:DRAFT>SENT:INTERNAL',
      'SAMPLE_REQUEST:refuse:SENT>REFUSED:SUPPLIER',
    ]);
    expect(logs[1]).toMatchObject({ reason: '该型号已停产', tenantId: row.tenantId });
    const chain = await s.ctx.db
      .selectFrom('sysAuditChain')
      .selectAll()
      .where('docId', '=', id)
      .orderBy('seq')
      .execute();
    expect(chain.map((c) => c.action)).toEqual(['send', 'refuse']);
    expect(Number(chain[1]!.seq)).toBeGreaterThan(Number(chain[0]!.seq));
    expect(JSON.parse(chain[1]!.payload)).toMatchObject({ from: 'SENT', to: 'REFUSED', reason: '该型号已停产' });

    const list = await s.request<{ records: { seq: number; docId: string }[]; total: number }>(
      'GET',
      '/sys/auditChain/list?pageSize=5',
      { token: admin },
    );
    expect(list.body.success).toBe(true);
    expect(list.body.result.records[0]).toMatchObject({ docId: id, seq: Number(chain[1]!.seq) });
    const verify = () =>
      s.request<{ ok: boolean; count: number; brokenSeq?: number; reason?: string }>('GET', '/sys/auditChain/verify', {
        token: admin,
      });
    const before = await verify();
    expect(before.body.result).toMatchObject({ ok: true });
    expect(before.body.result.count).toBeGreaterThanOrEqual(2);

    const tampered = chain[0]!;
    await s.ctx.db
      .updateTable('sysAuditChain')
      .set({ payload: tampered.payload.replace('"DRAFT"', '"SENT"') })
      .where('tenantId', '=', tampered.tenantId)
      .where('seq', '=', tampered.seq)
      .execute();
    const after = await verify();
    expect(after.body.result).toMatchObject({ ok: false, brokenSeq: Number(tampered.seq) });
    expect(after.body.result.reason).toContain('哈希不一致');
    await s.ctx.db
      .updateTable('sysAuditChain')
      .set({ payload: tampered.payload })
      .where('tenantId', '=', tampered.tenantId)
      .where('seq', '=', tampered.seq)
      .execute();
    expect((await verify()).body.result.ok).toBe(true);
  });

  it("a tenant admin reads and verifies its own tenant's chain only; the platform admin names any tenant", async () => {
    const own = await s.request<{ tenantId: number; ok: boolean }>('GET', '/sys/auditChain/verify', {
      token: hdadmin,
    });
    expect(own.body.result).toMatchObject({ tenantId: 1000, ok: true });
    const other = await s.request('GET', '/sys/auditChain/list?tenantId=0', { token: hdadmin });
    expect(other.status).toBe(403);
    expect((await s.request('GET', '/sys/auditChain/verify?tenantId=0', { token: hdadmin })).status).toBe(403);
    const ownList = await s.request<{ total: number }>('GET', '/sys/auditChain/list', { token: hdadmin });
    expect(ownList.body.result.total).toBe(0);
    const platform = await s.request<{ tenantId: number }>('GET', '/sys/auditChain/verify?tenantId=1000', {
      token: admin,
    });
    expect(platform.body.result.tenantId).toBe(1000);
  });

  it('verify names a seq gap and a broken link', async () => {
    const tenantId = 4242;
    const { appendAudit, verifyAudit } = await import('../src/workflow/audit-chain.js');
    for (const action of ['a', 'b', 'c'])
      await s.ctx.db
        .transaction()
        .execute((trx) => appendAudit(trx, { tenantId, docType: 'T', docId: newId(), action, payload: { action } }));
    expect(await verifyAudit(s.ctx.db, tenantId)).toEqual({ ok: true, count: 3 });
    await s.ctx.db
      .updateTable('sysAuditChain')
      .set({ prevHash: '1'.repeat(64) })
      .where('tenantId', '=', tenantId)
      .where('seq', '=', 3)
      .execute();
    expect(await verifyAudit(s.ctx.db, tenantId)).toMatchObject({ ok: false, brokenSeq: 3 });
    await s.ctx.db.deleteFrom('sysAuditChain').where('tenantId', '=', tenantId).where('seq', '=', 2).execute();
    expect(await verifyAudit(s.ctx.db, tenantId)).toMatchObject({ ok: false, brokenSeq: 2 });
  });
});
