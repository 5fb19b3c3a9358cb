import { requiredQualificationsOf, type CategoryAction } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { noticeHtml } from '../../core/sanitize.js';
import { validQualificationTypes } from './qualification-service.js';
import { logStatusChange } from './status-log.js';
import {
  notifySupplier,
  qualificationTypeNames,
  refuseFrom,
  setSupplierStatus,
  statusLabels,
  supplierCategory,
  type Actor,
  type Supplier,
} from './lifecycle-queries.js';

/**
 * A supplier's standing per category (domain §4.1): M's direct transitions (suspend, restore,
 * terminate, 转正) and the decided end of an admission. Split from the company lifecycle because
 * every rule here is about one supplierCategory row; the caller holds the transaction.
 */

const CATEGORY: Record<CategoryAction, { from: readonly string[]; label: string }> = {
  suspend: { from: ['QUALIFIED', 'TRIAL'], label: '暂停' },
  restore: { from: ['SUSPENDED'], label: '恢复' },
  terminate: { from: ['APPLYING', 'TRIAL', 'QUALIFIED', 'SUSPENDED'], label: '终止' },
  // §4.1: TRIAL ─approve(M)─▶ QUALIFIED, a direct manager action like suspend and restore.
  qualify: { from: ['TRIAL'], label: '转正' },
};

/** A per-category transition by M (admission itself goes through an admission review, §4.3). */
export async function changeCategory(
  trx: Db,
  user: SessionUser,
  s: Supplier,
  action: CategoryAction,
  body: { categoryCode: string; reason: string },
): Promise<string> {
  const rule = CATEGORY[action];
  const c = await supplierCategory(trx, s.id, body.categoryCode);
  if (!c) throw businessError('供应商未申请供应该品类');
  if (!rule.from.includes(c.status)) await refuseFrom(trx, c.status, rule.label, true);
  const log = {
    supplierId: s.id,
    categoryCode: c.categoryCode,
    from: c.status,
    actorId: user.id,
    actorKind: 'INTERNAL' as const,
  };
  const now = serverNowIso();
  switch (action) {
    case 'suspend':
      await trx
        .updateTable('supplierCategory')
        .set({ status: 'SUSPENDED', suspendedAt: now, updateTime: now })
        .where('id', '=', c.id)
        .execute();
      await logStatusChange(trx, {
        ...log,
        to: 'SUSPENDED',
        reason: body.reason,
        sourceDocType: 'CATEGORY_SUSPEND',
        sourceDocId: c.id,
      });
      return '已暂停';
    case 'restore':
      await requireQualifications(trx, s.id, c.categoryCode);
      await trx
        .updateTable('supplierCategory')
        .set({ status: 'QUALIFIED', suspendedAt: null, updateTime: now })
        .where('id', '=', c.id)
        .execute();
      await logStatusChange(trx, {
        ...log,
        to: 'QUALIFIED',
        reason: body.reason,
        sourceDocType: 'CATEGORY_RESTORE',
        sourceDocId: c.id,
      });
      return '已恢复';
    case 'terminate':
      await trx
        .updateTable('supplierCategory')
        .set({ status: 'TERMINATED', updateTime: now })
        .where('id', '=', c.id)
        .execute();
      await logStatusChange(trx, {
        ...log,
        to: 'TERMINATED',
        reason: body.reason,
        sourceDocType: 'CATEGORY_TERMINATE',
        sourceDocId: c.id,
      });
      return '已终止';
    case 'qualify':
      return qualifyTrial(trx, s, user, c.id, c.categoryCode, body.reason);
  }
}

/**
 * 转正: a TRIAL category becomes QUALIFIED (QLF-1: every required qualification valid now),
 * its trial cap dropped; the company becomes QUALIFIED if it was still POTENTIAL (§4.2 step 6).
 */
export async function qualifyTrial(
  trx: Db,
  s: Supplier,
  user: Actor,
  categoryId: string,
  categoryCode: string,
  reason: string,
): Promise<string> {
  if (!['POTENTIAL', 'QUALIFIED'].includes(s.status)) await refuseFrom(trx, s.status, '转正品类');
  await requireQualifications(trx, s.id, categoryCode);
  const now = serverNowIso();
  const done = await trx
    .updateTable('supplierCategory')
    .set({ status: 'QUALIFIED', qualifiedAt: now, trialLimitAmount: null, updateTime: now })
    .where('id', '=', categoryId)
    .where('status', '=', 'TRIAL')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw businessError('品类准入状态已被他人修改，请刷新后重试');
  const log = {
    supplierId: s.id,
    actorId: user.id,
    actorKind: 'INTERNAL' as const,
    sourceDocType: 'CATEGORY_QUALIFY',
    sourceDocId: categoryId,
  };
  await logStatusChange(trx, { ...log, categoryCode, from: 'TRIAL', to: 'QUALIFIED', reason });
  if (s.status === 'POTENTIAL') {
    await setSupplierStatus(trx, s, user, 'QUALIFIED');
    await logStatusChange(trx, { ...log, from: 'POTENTIAL', to: 'QUALIFIED', reason: '首个品类转正' });
  }
  const name = (await statusLabels(trx)).categoryName.get(categoryCode) ?? categoryCode;
  await notifySupplier(
    trx,
    s,
    '品类试用转正',
    noticeHtml`<p>贵司在品类“${name}”的试用期结束，已转为合格供应商（不再受试用订单限额约束）。</p>`,
  );
  return '已转正';
}

/** QLF-1: every required qualification type of the category is valid at this instant. */
export async function requireQualifications(trx: Db, supplierId: string, categoryCode: string): Promise<void> {
  const valid = await validQualificationTypes(trx, supplierId, businessDay());
  const missing = requiredQualificationsOf(categoryCode).filter((t) => !valid.has(t));
  if (missing.length === 0) return;
  const text = await qualificationTypeNames(trx);
  throw businessError(`资质不满足准入要求，缺少有效的：${missing.map((m) => text.get(m) ?? m).join('、')}`);
}

/** `trialLimit` set: a CONDITIONAL admission lands in TRIAL with that cap (QLF-4) instead of QUALIFIED. */
export async function decideAdmission(
  trx: Db,
  s: Supplier,
  user: Actor,
  actorId: string | null,
  categoryCode: string,
  requestId: string,
  approve: boolean,
  reason: string,
  sourceDocType = 'ADMISSION_REQUEST',
  trialLimit: string | null = null,
): Promise<void> {
  const c = await supplierCategory(trx, s.id, categoryCode);
  if (!c) throw new Error(`supplierCategory ${s.id}/${categoryCode} not found`);
  if (c.status !== 'APPLYING') await refuseFrom(trx, c.status, '审批准入', true);
  const now = serverNowIso();
  const log = { supplierId: s.id, actorId, actorKind: 'INTERNAL' as const, sourceDocType, sourceDocId: requestId };
  if (!approve) {
    await trx
      .updateTable('supplierCategory')
      .set({ status: 'TERMINATED', sourceRequestId: requestId, updateTime: now })
      .where('id', '=', c.id)
      .execute();
    await logStatusChange(trx, { ...log, categoryCode, from: 'APPLYING', to: 'TERMINATED', reason });
    await notifySupplier(trx, s, '品类准入未通过', noticeHtml`<p>贵司的品类准入申请未通过：${reason}</p>`);
    return;
  }
  if (!['POTENTIAL', 'QUALIFIED'].includes(s.status)) await refuseFrom(trx, s.status, '准入');
  await requireQualifications(trx, s.id, categoryCode);
  const to = trialLimit === null ? 'QUALIFIED' : 'TRIAL';
  await trx
    .updateTable('supplierCategory')
    .set({ status: to, qualifiedAt: now, trialLimitAmount: trialLimit, sourceRequestId: requestId, updateTime: now })
    .where('id', '=', c.id)
    .execute();
  await logStatusChange(trx, { ...log, categoryCode, from: 'APPLYING', to, reason });
  // §4.2 step 6: the first qualified category makes the company QUALIFIED.
  if (s.status === 'POTENTIAL') {
    await setSupplierStatus(trx, s, user, 'QUALIFIED');
    await logStatusChange(trx, { ...log, from: 'POTENTIAL', to: 'QUALIFIED', reason: '首个品类准入通过' });
  }
  await notifySupplier(
    trx,
    s,
    '品类准入通过',
    trialLimit === null
      ? '<p>贵司的品类准入申请已通过。</p>'
      : noticeHtml`<p>贵司的品类准入申请有条件通过，进入试用期，试用订单限额 ${trialLimit} 元。</p>`,
  );
}
