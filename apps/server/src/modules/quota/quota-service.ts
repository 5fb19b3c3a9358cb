import { quotaResource, quotaShareRefusal, quotaWorkflow, type QuotaAction } from '@procura/shared';
import { runTransition } from '../../workflow/transition.js';
import { operatorById } from '../../workflow/doc-log.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { QuotaArrangementTable } from './quota-tables.js';
import type { SourcingAwardTable, SourcingEventTable } from '../sourcing/sourcing-tables.js';
import { defineApprovalDocType, type ApprovalOutcome } from '../approval/index.js';
import { CodeRuleService } from '../code-rules/code-rule-service.js';
import { notifyUsers } from '../announcements/notify.js';
import { admissionCategoryCodes } from '../material/material-rules.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { noticeHtml } from '../../core/sanitize.js';
import { quotaApprovalDetail } from './quota-approval-detail.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

/**
 * Quota arrangements (配额, domain §14), minimal: a FINAL split award drafts one arrangement per
 * split line (QUO-9); B edits and submits; the approval activates it after QUO-1 (shares are
 * whole percentages in (0, 100], one per supplier, summing to 100) and QUO-2 (every supplier
 * may still be supplied from: not frozen, blacklisted or eliminated; QUALIFIED, and QUALIFIED
 * or TRIAL in the material's category when it has one). Allocation to orders is not here yet.
 */

export const QUOTA_DOC_TYPE = quotaWorkflow.docType;
export const QUOTA_PAGE = '/srm/quota';

export type Arrangement = QuotaArrangementTable;

/** QUO-1 and QUO-2 for an arrangement as stored: the reason it cannot be activated, or null. */
export async function activationRefusal(trx: Db, arrangement: Arrangement): Promise<string | null> {
  const lines = await trx
    .selectFrom('quotaLine')
    .select(['supplierId', 'supplierName', 'quotaPct'])
    .where('arrangementId', '=', arrangement.id)
    .where('active', '=', 1)
    .execute();
  const shares = quotaShareRefusal(lines, true);
  if (shares) return shares;
  const [categoryCode = null] = arrangement.categoryId
    ? await admissionCategoryCodes(trx, [arrangement.categoryId])
    : [];
  const categories = categoryCode ? { codes: [categoryCode], text: '该物料分类' } : undefined;
  for (const l of lines) {
    const refusal = await supplierEligibility(trx, l.supplierId, { purpose: 'quota', categories });
    if (refusal?.reason === 'UNKNOWN') return `供应商“${l.supplierName}”不存在（QUO-2）`;
    if (refusal) return refusalText(refusal, '生效配额', 'QUO-2');
  }
  return null;
}

/**
 * QUO-9: a FINAL award with SPLIT_BY_QTY drafts one arrangement per event line that was split
 * among two or more suppliers, with the awarded shares, valid as the award's prices.
 */
export async function quotaDraftsFromAward(
  trx: Db,
  event: SourcingEventTable,
  award: SourcingAwardTable,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select([
      'a.sourcingLineId',
      'a.supplierId',
      'a.supplierName',
      'a.sharePct',
      'l.lineNo',
      'l.materialId',
      'l.materialCode',
      'l.materialName',
      'l.categoryId',
    ])
    .where('a.awardId', '=', award.id)
    .orderBy('l.lineNo')
    .execute();
  const codes = new CodeRuleService(trx);
  const created: string[] = [];
  const now = serverNowIso();
  for (const lineId of [...new Set(rows.map((r) => r.sourcingLineId))]) {
    const shares = rows.filter((r) => r.sourcingLineId === lineId);
    if (shares.length < 2) continue;
    const first = shares[0]!;
    const arrangementId = newId();
    await trx
      .insertInto('quotaArrangement')
      .values({
        id: arrangementId,
        tenantId: event.tenantId,
        code: await nextNumberOf(codes, quotaResource, event.tenantId, trx),
        orgCode: event.orgCode,
        materialId: first.materialId,
        materialCode: first.materialCode,
        materialName: first.materialName,
        categoryId: first.categoryId,
        validFrom: award.priceValidFrom ?? businessDay(),
        validTo: award.priceValidTo ?? businessDay(),
        basis: 'QUANTITY',
        minSplitQty: null,
        sourceAwardId: award.id,
        sourceEventId: event.id,
        sourceLineId: lineId,
        status: 'DRAFT',
        versionNo: 1,
        adjustReason: 'NEW_AWARD',
        approvalInstanceId: null,
        activatedAt: null,
        remark: `${event.code} 定标拆分`,
        version: 1,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await trx
      .insertInto('quotaLine')
      .values(
        [...shares]
          .sort((a, b) => (b.sharePct ?? 0) - (a.sharePct ?? 0))
          .map((s, i) => ({
            id: newId(),
            tenantId: event.tenantId,
            arrangementId,
            lineNo: i + 1,
            supplierId: s.supplierId,
            supplierName: s.supplierName,
            quotaPct: s.sharePct ?? 0,
            baseQty: '0',
            allocatedQty: '0',
            active: 1,
          })),
      )
      .execute();
    created.push(arrangementId);
  }
  if (created.length) {
    await notifyUsers(trx, {
      userIds: [event.buyerId],
      title: `配额草稿已生成：${event.title}`,
      content: noticeHtml`<p>${event.code} 按数量拆分定标，已生成 ${created.length} 个配额草稿，请核对后提交审批。</p>`,
      busType: 'quota',
      busId: created[0]!,
      openType: 'url',
      openPage: QUOTA_PAGE,
    });
  }
  return created;
}

/** Approval end: ACTIVE after QUO-1/QUO-2 again (an older ACTIVE one for the material is SUPERSEDED, QUO-3). */
async function approved(trx: Db, outcome: ApprovalOutcome): Promise<void> {
  const a = await trx
    .selectFrom('quotaArrangement')
    .selectAll()
    .where('id', '=', outcome.instance.docId)
    .executeTakeFirstOrThrow();
  const operator = await operatorById(trx, outcome.actorId);
  await runTransition<Arrangement, QuotaAction>(trx, quotaWorkflow, {
    table: 'quotaArrangement',
    id: a.id,
    action: 'approve',
    actor: null,
    operator,
    reason: outcome.comment,
    guard: async (row) => {
      const refusal = await activationRefusal(trx, row);
      if (refusal) throw businessError(refusal);
    },
    patch: { activatedAt: serverNowIso(), version: a.version + 1 },
    after: async () => {
      if (!a.materialId) return;
      const older = await trx
        .selectFrom('quotaArrangement')
        .select('id')
        .where('tenantId', '=', a.tenantId)
        .where('materialId', '=', a.materialId)
        .where('status', '=', 'ACTIVE')
        .where('id', '<>', a.id)
        .where('validTo', '>=', a.validFrom)
        .where('validFrom', '<=', a.validTo)
        .execute();
      for (const o of older)
        await runTransition<Arrangement, QuotaAction>(trx, quotaWorkflow, {
          table: 'quotaArrangement',
          id: o.id,
          action: 'supersede',
          actor: null,
          operator,
          reason: `${a.code} 生效（QUO-3）`,
        });
    },
  });
}

/** Rejected or withdrawn: back to a draft (an outcome for an arrangement no longer pending changes nothing). */
const backToDraft =
  (action: 'reject' | 'withdraw') =>
  async (trx: Db, outcome: ApprovalOutcome): Promise<void> => {
    const a = await trx
      .selectFrom('quotaArrangement')
      .select('status')
      .where('id', '=', outcome.instance.docId)
      .executeTakeFirst();
    if (a?.status !== 'PENDING_APPROVAL') return;
    await runTransition<Arrangement, QuotaAction>(trx, quotaWorkflow, {
      table: 'quotaArrangement',
      id: outcome.instance.docId,
      action,
      actor: null,
      operator: await operatorById(trx, outcome.actorId),
      reason: outcome.comment,
    });
  };

export const quotaApprovalDocType = defineApprovalDocType(QUOTA_DOC_TYPE, {
  label: '配额',
  openPage: QUOTA_PAGE,
  detail: quotaApprovalDetail,
  onApproved: approved,
  onRejected: backToDraft('reject'),
  onWithdrawn: backToDraft('withdraw'),
});
