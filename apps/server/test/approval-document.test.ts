import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDocumentDetail } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { approvalDocType, approvalDocTypes } from '../src/modules/approval/index.js';
import { startTestServer, type TestServer } from './harness.js';

/** 审批中心 › 详情 (issue 19 item 1): the approver sees the document itself and may decide from there. */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let instanceId: string;
let requestId: string;
let letter: string;

type Detail = { document: ApprovalDocumentDetail | null; myTaskId: string | null; tasks: { id: string }[] };

beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer, supplier1, supplier2] = (await Promise.all(
    ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
  )) as [string, string, string, string];
  const owner = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'supplier1')
    .executeTakeFirstOrThrow();
  letter = `evidence/${newId()}.pdf`;
  await s.ctx.db
    .insertInto('sysFile')
    .values({
      id: newId(),
      path: letter,
      originalName: '银行开户证明.pdf',
      fileSize: 10,
      contentType: 'application/pdf',
      ownerId: owner.id,
      isPublic: 0,
      tenantId: 0,
      createTime: serverNowIso(),
    })
    .execute();
  const now = (await s.request<Record<string, string>>('GET', '/supplierChange/current', { token: supplier1 })).body
    .result;
  const res = await s.request<{ id: string }>('POST', '/supplierChange/submit', {
    token: supplier1,
    body: {
      ...now,
      bankName: '招商银行上海张江支行',
      bankAccountNo: '6214830099990000',
      reason: '基本户迁移',
      files: letter,
    },
  });
  expect(res.body.success).toBe(true);
  requestId = res.body.result.id;
  instanceId = (
    await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', requestId).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await s?.close();
});

const detail = (token: string) => s.request<Detail>('GET', `/approval/instance/queryById?id=${instanceId}`, { token });

describe('the approval detail of a bank-account change (CHG-3, X-10)', () => {
  it('the approver gets the old and new values, the evidence and the task to decide', async () => {
    const before = (await s.request<Record<string, string>>('GET', '/supplierChange/current', { token: supplier1 }))
      .body.result;
    const res = await detail(admin);
    expect(res.body.success).toBe(true);
    const doc = res.body.result.document!;
    expect(doc.fields).toContainEqual({ label: '变更原因', value: '基本户迁移', span: 2 });
    const rows = doc.tables[0]!.rows;
    expect(rows).toContainEqual(
      expect.objectContaining({ label: '银行账号', oldValue: before.bankAccountNo, newValue: '6214830099990000' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ oldValue: before.bankName, newValue: '招商银行上海张江支行' }),
    );
    expect(doc.files).toEqual([{ label: '证明材料', paths: letter }]);
    expect(res.body.result.myTaskId).toBe(res.body.result.tasks[0]!.id);
  });

  it('the submitter sees the document but holds no task; a non-participant is refused', async () => {
    const mine = await detail(supplier1);
    expect(mine.body.success).toBe(true);
    expect(mine.body.result.document?.files[0]?.paths).toBe(letter);
    expect(mine.body.result.myTaskId).toBeNull();
    for (const token of [buyer, supplier2]) {
      const res = await detail(token);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).not.toContain('6214830099990000');
    }
  });

  it('once decided, the approver no longer holds the task', async () => {
    const taskId = (await detail(admin)).body.result.myTaskId!;
    const done = await s.request('POST', '/approval/task/approve', { token: admin, body: { taskId, comment: '同意' } });
    expect(done.body.success).toBe(true);
    const after = await detail(admin);
    expect(after.body.result.myTaskId).toBeNull();
    expect(after.body.result.document?.fields).toContainEqual({ label: '申请状态', value: '已通过' });
  });
});

describe('every document type describes its document', () => {
  it('the types with a detail run their queries and answer null for a document that is gone', async () => {
    const withDetail = approvalDocTypes().filter((t) => approvalDocType(t.docType)?.detail);
    expect(withDetail.map((t) => t.docType)).toEqual(
      expect.arrayContaining([
        'SUPPLIER_CHANGE',
        'SUPPLIER_CHANGE_GENERAL',
        'MATERIAL_ACTIVATION',
        'PURCHASE_REQUISITION',
        'SOURCING_AWARD',
        'TENDER_AWARD',
        'SUPPLIER_BLACKLIST',
      ]),
    );
    const viewer = { id: 'nobody', tenantId: 0 };
    for (const t of withDetail)
      expect(
        await approvalDocType(t.docType)!.detail!({ db: s.ctx.db, dicts: s.ctx.dicts, viewer }, newId()),
      ).toBeNull();
  });
});
