import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SELF_APPROVAL_MESSAGE, type PageResult } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { registerApprovalDocType, submitForApproval, type ApprovalOutcome } from '../src/modules/approval/index.js';
import { createUser } from '../src/seed/seed.js';
import { startTestServer, type TestServer } from './harness.js';

/** The approval engine (domain decision 6, X-10) through a test-only document type. */
const DOC = 'TEST_DOC';
const calls: { event: string; outcome: ApprovalOutcome }[] = [];
let failOnApproved = false;
registerApprovalDocType(DOC, {
  label: '测试单据',
  onApproved: async (_trx, outcome) => {
    if (failOnApproved) throw new Error('handler failed');
    calls.push({ event: 'approved', outcome });
  },
  onRejected: async (_trx, outcome) => void calls.push({ event: 'rejected', outcome }),
  onWithdrawn: async (_trx, outcome) => void calls.push({ event: 'withdrawn', outcome }),
});

type Row = Record<string, unknown> & { id: string; status: string; taskId?: string; title: string };

let s: TestServer;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  const db = s.ctx.db;
  // A purchasing-manager role held by the buyer (the submitter) and by a manager.
  const now = serverNowIso();
  const roleId = newId();
  await db
    .insertInto('sysRole')
    .values({
      id: roleId,
      roleName: '采购经理',
      roleCode: 'PURCHASE_MANAGER',
      description: null,
      createBy: 'test',
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  ids.manager = await createUser(db, {
    username: 'manager1',
    realname: '采购经理李',
    password: DEMO_PASSWORD,
    roleCode: 'PURCHASE_MANAGER',
  });
  for (const u of ['admin', 'buyer'])
    ids[u] = (await db.selectFrom('sysUser').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  await db.insertInto('sysUserRole').values({ id: newId(), userId: ids.buyer!, roleId }).execute();
  for (const u of ['admin', 'buyer', 'manager1']) tokens[u] = await s.login(u);
});
afterAll(async () => s?.close());
beforeEach(() => {
  calls.length = 0;
  failOnApproved = false;
});

const save = (token: string, body: unknown) => s.request('POST', '/approval/definition/save', { token, body });
const submit = (docId: string, amount: string | null, submitter = ids.buyer!) =>
  s.ctx.db.transaction().execute((trx) =>
    submitForApproval(trx, {
      docType: DOC,
      docId,
      title: `测试单据 ${docId}`,
      amount,
      submitterId: submitter,
      tenantId: 0,
    }),
  );
const list = async (who: string, which: 'todo' | 'done' | 'mine' | 'cc') =>
  (await s.request<PageResult<Row>>('GET', `/approval/${which}/list?pageSize=100`, { token: tokens[who] })).body.result
    .records;
const decide = (who: string, action: 'approve' | 'reject', taskId: string, comment = '') =>
  s.request('POST', `/approval/task/${action}`, { token: tokens[who], body: { taskId, comment } });
const instance = (id: string) =>
  s.ctx.db.selectFrom('approvalInstance').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const todoTask = async (who: string, instanceId: string) =>
  (await list(who, 'todo')).find((r) => r.id === instanceId)?.taskId;

async function configure(ccUserIds: string[] = []) {
  const current = (
    await s.request<{ docType: string; definition: { version: number } | null }[]>('GET', '/approval/definition/list', {
      token: tokens.admin,
    })
  ).body.result.find((d) => d.docType === DOC);
  const res = await save(tokens.admin!, {
    docType: DOC,
    name: '测试单据审批',
    enabled: 1,
    steps: [
      { name: '部门审核', minAmount: null, approverType: 'USER', approverId: ids.admin },
      { name: '经理审批', minAmount: '100000', approverType: 'ROLE', approverId: 'PURCHASE_MANAGER' },
    ],
    ccUserIds,
    version: current?.definition?.version,
  });
  expect(res.body).toMatchObject({ success: true });
}

describe('approval definitions (X-10, §21 thresholds)', () => {
  it('are configured only with approval:definition', async () => {
    const res = await save(tokens.buyer!, {
      docType: DOC,
      name: 'x',
      steps: [{ name: 'a', minAmount: null, approverType: 'USER', approverId: ids.admin }],
    });
    expect(res.status).toBe(403);
  });

  it('refuse thresholds that go down along the steps, unknown types and approvers', async () => {
    const down = await save(tokens.admin!, {
      docType: DOC,
      name: '测试',
      steps: [
        { name: '一', minAmount: '500', approverType: 'USER', approverId: ids.admin },
        { name: '二', minAmount: '100', approverType: 'USER', approverId: ids.admin },
      ],
    });
    expect(down.status).toBe(400);
    expect(down.text).toContain('后续步骤的金额门槛不能低于前一步骤');
    const unknown = await save(tokens.admin!, {
      docType: 'NO_SUCH',
      name: '测试',
      steps: [{ name: '一', minAmount: null, approverType: 'USER', approverId: ids.admin }],
    });
    expect(unknown.body.message).toContain('未知的审批单据类型');
    const nobody = await save(tokens.admin!, {
      docType: DOC,
      name: '测试',
      steps: [{ name: '一', minAmount: null, approverType: 'ROLE', approverId: 'NO_ROLE' }],
    });
    expect(nobody.body.message).toBe('第1步的审批人不存在');
    expect(
      await s.ctx.db.selectFrom('approvalDefinition').selectAll().where('docType', '=', DOC).execute(),
    ).toHaveLength(0);
  });

  it('lists the registered types with their definition, and refuses a stale version (X-4)', async () => {
    await configure();
    const types = (
      await s.request<{ docType: string; label: string; definition: { steps: unknown[]; version: number } }[]>(
        'GET',
        '/approval/definition/list',
        { token: tokens.admin },
      )
    ).body.result;
    const mine = types.find((t) => t.docType === DOC)!;
    expect(mine.label).toBe('测试单据');
    expect(mine.definition.steps).toHaveLength(2);
    const stale = await save(tokens.admin!, {
      docType: DOC,
      name: 'x',
      steps: [{ name: 'a', minAmount: null, approverType: 'USER', approverId: ids.admin }],
      version: mine.definition.version + 5,
    });
    expect(stale.body.message).toBe('审批配置已被他人修改，请刷新后重试');
  });
});

describe('approval instances (X-10)', () => {
  beforeAll(() => configure([ids.manager!]));

  it('X-10: below the threshold only the first step applies; the approver approves and the handler runs once', async () => {
    const { instanceId, status } = await submit(newId(), '5000.00');
    expect(status).toBe('RUNNING');
    expect(await todoTask('buyer', instanceId)).toBeUndefined();
    const taskId = (await todoTask('admin', instanceId))!;
    expect(taskId).toBeTruthy();
    expect((await decide('admin', 'approve', taskId, '同意')).body).toMatchObject({ success: true, message: '已同意' });
    expect((await instance(instanceId)).status).toBe('APPROVED');
    expect(calls.map((c) => c.event)).toEqual(['approved']);
    expect(calls[0]!.outcome.actorId).toBe(ids.admin);
    expect((await list('buyer', 'mine')).find((r) => r.id === instanceId)).toMatchObject({
      status: 'APPROVED',
      status_dictText: '已通过',
    });
    expect((await list('admin', 'done')).find((r) => r.id === instanceId)).toMatchObject({ action: 'APPROVE' });
    expect((await list('manager1', 'cc')).some((r) => r.id === instanceId)).toBe(true);
    // The submitter is told of the result in the notice bell.
    const notices = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as n', 'n.anntId', 'a.id')
      .select('a.titile')
      .where('n.userId', '=', ids.buyer!)
      .where('a.busId', '=', instanceId)
      .execute();
    expect(notices.map((n) => n.titile)).toContain('审批已通过：测试单据 ' + (await instance(instanceId)).docId);
  });

  it('X-10: the submitter can never approve their own document, even holding the step role; nothing changes', async () => {
    const { instanceId } = await submit(newId(), '200000');
    await decide('admin', 'approve', (await todoTask('admin', instanceId))!);
    // Step two is for PURCHASE_MANAGER, which the buyer holds too: not in their task list, and refused.
    expect(await todoTask('buyer', instanceId)).toBeUndefined();
    const task = await s.ctx.db
      .selectFrom('approvalTask')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .where('decision', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const self = await decide('buyer', 'approve', task.id);
    expect(self.body).toMatchObject({ success: false, message: SELF_APPROVAL_MESSAGE });
    expect(await instance(instanceId)).toMatchObject({ status: 'RUNNING', currentStep: 1 });
    expect(calls).toEqual([]);
    // The other manager may.
    expect((await decide('manager1', 'approve', (await todoTask('manager1', instanceId))!)).body.success).toBe(true);
    expect((await instance(instanceId)).status).toBe('APPROVED');
    expect(calls.map((c) => c.event)).toEqual(['approved']);
  });

  it('X-10: a submission is refused when a step has no approver but the submitter', async () => {
    await expect(submit(newId(), '1', ids.admin)).rejects.toThrow('没有可审批的人员');
    expect(calls).toEqual([]);
  });

  it('X-10: someone who is not the assignee cannot decide; a decided task cannot be decided again', async () => {
    const { instanceId } = await submit(newId(), '10');
    const taskId = (await todoTask('admin', instanceId))!;
    expect((await decide('manager1', 'approve', taskId)).body.message).toBe('您不是该审批任务的审批人');
    await decide('admin', 'approve', taskId);
    expect((await decide('admin', 'approve', taskId)).body.message).toBe('该审批任务已处理');
  });

  it('X-10: rejection needs a comment; the document is rejected and its handler runs', async () => {
    const { instanceId } = await submit(newId(), '10');
    const taskId = (await todoTask('admin', instanceId))!;
    const bare = await decide('admin', 'reject', taskId, '  ');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('请填写驳回意见');
    expect((await instance(instanceId)).status).toBe('RUNNING');
    expect((await decide('admin', 'reject', taskId, '价格偏高')).body.success).toBe(true);
    expect((await instance(instanceId)).status).toBe('REJECTED');
    expect(calls.map((c) => [c.event, c.outcome.comment])).toEqual([['rejected', '价格偏高']]);
    const detail = await s.request<{ history: { action: string; comment: string | null }[] }>(
      'GET',
      `/approval/instance/queryById?id=${instanceId}`,
      { token: tokens.buyer },
    );
    expect(detail.body.result.history.map((h) => h.action)).toEqual(['SUBMIT', 'REJECT']);
  });

  it('X-10: only the submitter withdraws, only while running; open tasks are cancelled', async () => {
    const { instanceId } = await submit(newId(), '10');
    const other = await s.request('POST', '/approval/instance/withdraw', { token: tokens.admin, body: { instanceId } });
    expect(other.body.message).toBe('只有提交人可以撤回');
    const res = await s.request('POST', '/approval/instance/withdraw', {
      token: tokens.buyer,
      body: { instanceId, comment: '信息有误' },
    });
    expect(res.body).toMatchObject({ success: true, message: '已撤回' });
    expect((await instance(instanceId)).status).toBe('WITHDRAWN');
    expect(await todoTask('admin', instanceId)).toBeUndefined();
    expect(calls.map((c) => c.event)).toEqual(['withdrawn']);
    const again = await s.request('POST', '/approval/instance/withdraw', { token: tokens.buyer, body: { instanceId } });
    expect(again.body.message).toBe('审批已结束，不能撤回');
  });

  it('X-10: a document cannot be submitted twice while under approval', async () => {
    const docId = newId();
    await submit(docId, '10');
    await expect(submit(docId, '10')).rejects.toThrow('该单据已在审批中，请勿重复提交');
  });

  it('X-10: a failing handler rolls the final decision back', async () => {
    const { instanceId } = await submit(newId(), '10');
    const taskId = (await todoTask('admin', instanceId))!;
    failOnApproved = true;
    const res = await decide('admin', 'approve', taskId);
    expect(res.body.success).toBe(false);
    expect((await instance(instanceId)).status).toBe('RUNNING');
    expect(await todoTask('admin', instanceId)).toBe(taskId);
  });

  it('X-10: without an enabled definition the document is approved at once and the handler runs in the submission', async () => {
    const current = (
      await s.request<{ docType: string; definition: { version: number; steps: unknown[] } }[]>(
        'GET',
        '/approval/definition/list',
        { token: tokens.admin },
      )
    ).body.result.find((d) => d.docType === DOC)!;
    await save(tokens.admin!, {
      docType: DOC,
      name: '测试单据审批',
      enabled: 0,
      steps: current.definition.steps,
      version: current.definition.version,
    });
    const { instanceId, status } = await submit(newId(), '999999');
    expect(status).toBe('APPROVED');
    expect(calls.map((c) => [c.event, c.outcome.actorId])).toEqual([['approved', null]]);
    expect(
      (
        await s.ctx.db
          .selectFrom('approvalHistory')
          .select('action')
          .where('instanceId', '=', instanceId)
          .orderBy('at')
          .execute()
      ).map((h) => h.action),
    ).toEqual(['SUBMIT', 'AUTO_APPROVE']);
    await configure([ids.manager!]);
  });

  it('shows an instance only to those involved', async () => {
    const { instanceId } = await submit(newId(), '10');
    const token = await s.login('supplier1');
    expect((await s.request('GET', `/approval/instance/queryById?id=${instanceId}`, { token })).status).toBe(404);
    expect((await s.request('GET', '/approval/todo/list', { token })).status).toBe(403);
  });
});
