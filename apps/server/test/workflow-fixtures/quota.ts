import type { WorkflowFixture } from './index.js';
import { newId } from '../../src/core/ids.js';
import { businessDay, serverNowIso } from '../../src/core/clock.js';
import { CodeRuleService } from '../../src/modules/code-rules/code-rule-service.js';
import { demoTokens, twoDemoSuppliers } from '../harness.js';
import { contractApprovalStep } from './contract.js';

/**
 * 配额 (§14): a draft as a split award makes it (QUO-9: no add), 60/40 between two qualified
 * suppliers of a material without a category (QUO-2 needs no admission); the buyer submits and
 * the approval (one step by admin, X-10) waits in PENDING_APPROVAL. Internal only: no supplier sees it.
 */
export const quotaFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [, buyer] = await demoTokens(s);
  const db = s.ctx.db;
  const { tenantId } = await db
    .selectFrom('supplier')
    .select('tenantId')
    .where('id', '=', approvedId)
    .executeTakeFirstOrThrow();
  await contractApprovalStep(s, tenantId, 'QUOTA_ARRANGEMENT');
  const other = await db
    .selectFrom('supplier')
    .select('id')
    .where('status', '=', 'QUALIFIED')
    .where('delFlag', '=', 0)
    .where('tenantId', '=', tenantId)
    .where('id', '<>', approvedId)
    .orderBy('code')
    .executeTakeFirst();
  const lines = other
    ? [
        { supplierId: approvedId, quotaPct: 60, baseQty: '0' },
        { supplierId: other.id, quotaPct: 40, baseQty: '5' },
      ]
    : [{ supplierId: approvedId, quotaPct: 100, baseQty: '0' }];
  const suppliers = new Map(
    (await db.selectFrom('supplier').select(['id', 'name']).execute()).map((r) => [r.id, r.name]),
  );
  const today = businessDay();
  const validTo = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const draft = async () => {
    const id = newId();
    await db
      .insertInto('quotaArrangement')
      .values({
        id,
        tenantId,
        code: await new CodeRuleService(db).next('QA', { tenantId }),
        orgCode: null,
        materialId: null,
        materialCode: 'Q-TEST',
        materialName: '配额测试物料',
        categoryId: null,
        validFrom: today,
        validTo,
        basis: 'QUANTITY',
        minSplitQty: null,
        sourceAwardId: null,
        sourceEventId: null,
        sourceLineId: null,
        status: 'DRAFT',
        versionNo: 1,
        adjustReason: 'NEW_AWARD',
        approvalInstanceId: null,
        activatedAt: null,
        remark: null,
        version: 1,
        createBy: 'system',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('quotaLine')
      .values(
        lines.map((l, i) => ({
          id: newId(),
          tenantId,
          arrangementId: id,
          lineNo: i + 1,
          supplierId: l.supplierId,
          supplierName: suppliers.get(l.supplierId) ?? '',
          quotaPct: l.quotaPct,
          baseQty: l.baseQty,
          allocatedQty: '0',
          active: 1,
        })),
      )
      .execute();
    return id;
  };
  return {
    internal: buyer,
    internalUsername: 'buyer',
    draftValues: () => ({ lines }),
    draft,
    take: () => ({ body: {}, token: buyer }),
  };
};
