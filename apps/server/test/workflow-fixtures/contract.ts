import type { WorkflowFixture } from './index.js';
import { newId } from '../../src/core/ids.js';
import { serverNowIso } from '../../src/core/clock.js';
import { demoTokens, twoDemoSuppliers, type TestServer } from '../harness.js';

/** One approval step by the admin role for contracts (or `docType`) of the tenant, so `submit` waits in PENDING_APPROVAL. */
export async function contractApprovalStep(s: TestServer, tenantId: number, docType = 'CONTRACT'): Promise<void> {
  const db = s.ctx.db;
  // A contract's terminations (CONTRACT_TERMINATION) wait in PENDING_TERMINATION the same way.
  const types: [string, string][] =
    docType === 'CONTRACT'
      ? [
          ['CONTRACT', '合同审批'],
          ['CONTRACT_TERMINATION', '合同终止审批'],
        ]
      : [[docType, `${docType}审批`]];
  for (const [type, name] of types) {
    await db.deleteFrom('approvalDefinition').where('docType', '=', type).where('tenantId', '=', tenantId).execute();
    await db
      .insertInto('approvalDefinition')
      .values({
        id: newId(),
        tenantId,
        docType: type,
        name,
        enabled: 1,
        steps: JSON.stringify([{ name: '经理审批', approverType: 'ROLE', approverId: 'admin', minAmount: null }]),
        ccUserIds: null,
        version: 1,
        createBy: 'test',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}

/** A stored file uploaded by `username` (what the sign transition attaches). */
export async function uploadedFile(s: TestServer, username: string, tenantId: number): Promise<string> {
  const owner = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const path = `contract/${newId()}.pdf`;
  await s.ctx.db
    .insertInto('sysFile')
    .values({
      id: newId(),
      path,
      originalName: '合同签署件.pdf',
      fileSize: 10,
      contentType: 'application/pdf',
      ownerId: owner.id,
      isPublic: 0,
      tenantId,
      createTime: serverNowIso(),
    })
    .execute();
  return path;
}

/** Draft values of a STANDARD contract with supplier 华东精密: two lines and a 30/70 pay plan of its amount. */
export function contractDraft(supplierId: string): Record<string, unknown> {
  return {
    title: '轴承年度采购合同',
    contractType: 'STANDARD',
    supplierId,
    currency: 'CNY',
    validFrom: '2026-01-01',
    validTo: '2027-12-31',
    // 10 × 12.345 = 123.45 (tax 16.05), 3 × 100 = 300.00 (tax 39.00): 478.50 including tax.
    lines: [
      { materialName: '深沟球轴承', spec: '6204', unit: 'PCS', qty: '10', unitPrice: '12.345', taxRate: '13' },
      { materialName: '安装服务', unit: 'PCS', qty: '3', unitPrice: '100', taxRate: '13', deliveryDate: '2026-03-01' },
    ],
    payPlan: [
      { stageType: 'ADVANCE', pct: '30', amount: '143.55' },
      { stageType: 'ON_ACCEPTANCE', pct: '70', amount: '334.95' },
    ],
  };
}

/** 合同 (§15): drafts by the buyer, the supplier 华东精密 (supplier1) confirms or rejects, the buyer signs. */
export const contractFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [, buyer, supplier1, supplier2] = await demoTokens(s);
  const { tenantId } = await s.ctx.db
    .selectFrom('supplier')
    .select('tenantId')
    .where('id', '=', approvedId)
    .executeTakeFirstOrThrow();
  await contractApprovalStep(s, tenantId);
  const file = await uploadedFile(s, 'buyer', tenantId);
  const bodies: Record<string, [Record<string, unknown>, string]> = {
    submit: [{}, buyer],
    send: [{}, buyer],
    confirm: [{}, supplier1],
    reject: [{ reason: '交货期太紧' }, supplier1],
    revise: [{}, buyer],
    sign: [{ signedFiles: file }, buyer],
    cancel: [{ reason: '需求取消' }, buyer],
    terminate: [{ reason: '供应商严重违约' }, buyer],
  };
  return {
    internal: buyer,
    internalUsername: 'buyer',
    supplier: supplier1,
    otherSupplier: supplier2,
    draftValues: () => contractDraft(approvedId),
    // One line, 10 × 12.345 = 123.45 + 16.05 tax, paid in one stage (CON-2).
    editedLines: () => ({
      lines: [{ materialName: '深沟球轴承', spec: '6204', unit: 'PCS', qty: '10', unitPrice: '12.345', taxRate: '13' }],
      payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '139.50' }],
    }),
    take: (action) => ({ body: bodies[action]![0], token: bodies[action]![1] }),
  };
};
