import type { WorkflowFixture } from './index.js';
import { newId } from '../../src/core/ids.js';
import { businessDay, serverNowIso } from '../../src/core/clock.js';
import { CodeRuleService } from '../../src/modules/code-rules/code-rule-service.js';
import { demoTokens } from '../harness.js';
import { contractApprovalStep } from './contract.js';

/**
 * 采购申请 (§8): a draft with one catalogue line of an ACTIVE material, needed a month on (PR-1),
 * written as the module's add writes it but without its creation log (the suite counts the
 * transitions' rows); the buyer submits and the approval (one step by admin, PR-2) waits in
 * PENDING_APPROVAL. Internal only: no supplier sees it.
 */
export const requisitionFixture: WorkflowFixture = async (s) => {
  const [, buyer] = await demoTokens(s);
  const db = s.ctx.db;
  const m = await db
    .selectFrom('srmMaterial')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  const tenantId = m.tenantId;
  await contractApprovalStep(s, tenantId, 'PURCHASE_REQUISITION');
  const requester = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'buyer')
    .executeTakeFirstOrThrow();
  const needBy = new Date(Date.parse(`${businessDay()}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const draft = async () => {
    const id = newId();
    await db
      .insertInto('purchaseRequisition')
      .values({
        id,
        tenantId,
        sysOrgCode: null,
        code: await new CodeRuleService(db).next('PR', { tenantId }),
        title: '工作流契约测试申请',
        requesterId: requester.id,
        departmentCode: null,
        purchaseType: 'GOODS',
        urgency: 'NORMAL',
        urgentReason: null,
        reason: null,
        budgetAmount: '120.00',
        currency: 'CNY',
        deliveryPlace: null,
        buyerId: null,
        status: 'DRAFT',
        submittedBy: null,
        submittedAt: null,
        approvedAt: null,
        cancelledAt: null,
        cancelReason: null,
        remark: null,
        delFlag: 0,
        version: 1,
        createBy: 'buyer',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('purchaseRequisitionLine')
      .values({
        id: newId(),
        requisitionId: id,
        tenantId,
        lineNo: 1,
        materialId: m.id,
        materialCode: m.code,
        materialName: m.name,
        description: null,
        spec: m.spec,
        categoryId: m.categoryId,
        qty: '10',
        unit: m.unit,
        needByDate: needBy,
        estimatedUnitPrice: '12',
        amount: '120.00',
        suggestedSupplierId: null,
        suggestionReason: null,
        deliveryPlace: null,
        qtyInSourcing: '0',
        qtyOrdered: '0',
        qtyCancelled: '0',
        qtyAwarded: '0',
        lineStatus: 'OPEN',
        remark: null,
      })
      .execute();
    return id;
  };
  return {
    internal: buyer,
    internalUsername: 'buyer',
    draftValues: () => ({}),
    draft,
    take: () => ({ body: {}, token: buyer }),
  };
};
