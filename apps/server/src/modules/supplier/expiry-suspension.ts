import { QUALIFICATION_TYPE_DICT, requiredQualificationsOf } from '@procura/shared';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { notifyUsers } from '../announcements/notify.js';
import { logStatusChange, supplierUserIds } from './status-log.js';
import { noticeHtml } from '../../core/sanitize.js';

/**
 * The category consequences of QLF-3: a required certificate that expires suspends the
 * categories that need it; approving a renewal lifts those suspensions again. Which
 * suspensions the expiry caused is read from the status log (SUP-6 writes it in the same
 * transaction): a category is SUSPENDED "by expiry" when its latest move into SUSPENDED has
 * this source type, so a manager's own suspension is never lifted here.
 */
export const EXPIRY_SOURCE = 'QUALIFICATION_EXPIRY';
/** The source type of the log row that lifts an expiry suspension (the renewed certificate). */
export const RENEWAL_SOURCE = 'QUALIFICATION_RENEWAL';

/** Categories an expiry may suspend: admitted ones (TRIAL keeps its place to return to). */
const ADMITTED = ['QUALIFIED', 'TRIAL'];

export type ExpiredQualification = {
  id: string;
  supplierId: string;
  typeCode: string;
  certNo: string;
  expiryDate: string;
};

async function dictTexts(trx: Db, code: string): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
    .where('d.tenantId', '=', 0)
    .select(['i.itemValue', 'i.itemText'])
    .where('d.dictCode', '=', code)
    .execute();
  return new Map(rows.map((r) => [r.itemValue, r.itemText]));
}

async function notifySupplier(trx: Db, supplierId: string, title: string, content: string): Promise<void> {
  await notifyUsers(trx, {
    userIds: await supplierUserIds(trx, supplierId),
    title,
    content,
    busType: 'supplier',
    busId: supplierId,
    openType: 'url',
    openPage: '/supplier/profile',
  });
}

/**
 * QLF-3 with `supplier.autoSuspendOnExpiry`: inside the transaction that marked `q` EXPIRED,
 * suspends every admitted category of the supplier that requires its type, unless another
 * certificate of that type is still valid (`validTypes`). Returns how many were suspended.
 */
export async function suspendForExpiry(
  trx: Db,
  q: ExpiredQualification,
  validTypes: ReadonlySet<string>,
): Promise<number> {
  if (validTypes.has(q.typeCode)) return 0;
  const categories = await trx
    .selectFrom('supplierCategory')
    .select(['id', 'categoryCode', 'status'])
    .where('supplierId', '=', q.supplierId)
    .where('status', 'in', ADMITTED)
    .execute();
  const affected = categories.filter((c) => requiredQualificationsOf(c.categoryCode).includes(q.typeCode));
  if (affected.length === 0) return 0;
  const typeName = (await dictTexts(trx, QUALIFICATION_TYPE_DICT)).get(q.typeCode) ?? q.typeCode;
  const categoryNames = await dictTexts(trx, 'supplier_main_category');
  const reason = `资质过期：${typeName}（证书编号 ${q.certNo}）已于${q.expiryDate}过期`;
  const now = serverNowIso();
  let suspended = 0;
  for (const c of affected) {
    // Only the status read above may change (a concurrent transition wins, X-4).
    const done = await trx
      .updateTable('supplierCategory')
      .set({ status: 'SUSPENDED', suspendedAt: now, updateTime: now })
      .where('id', '=', c.id)
      .where('status', '=', c.status)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await logStatusChange(trx, {
      supplierId: q.supplierId,
      categoryCode: c.categoryCode,
      from: c.status,
      to: 'SUSPENDED',
      reason,
      sourceDocType: EXPIRY_SOURCE,
      sourceDocId: q.id,
      actorId: null,
      actorKind: 'SYSTEM',
    });
    suspended++;
  }
  if (suspended > 0) {
    const names = affected.map((c) => categoryNames.get(c.categoryCode) ?? c.categoryCode).join('、');
    await notifySupplier(
      trx,
      q.supplierId,
      `品类准入已暂停：${typeName}过期`,
      noticeHtml`<p>贵司的${typeName}（证书编号 ${q.certNo}）已于${q.expiryDate}过期，以下品类的准入已暂停：${names}。请上传新的资质，审核通过后自动恢复。</p>`,
    );
  }
  return suspended;
}

/**
 * QLF-3: after a renewed certificate was approved (inside that review's transaction), every
 * category suspended by an expiry returns to where it stood (QUALIFIED, or TRIAL) once all its
 * required types are valid again (QLF-1). Returns the category codes restored.
 */
export async function restoreAfterRenewal(
  trx: Db,
  renewal: { id: string; supplierId: string; certNo: string },
  validTypes: ReadonlySet<string>,
  actorId: string,
): Promise<string[]> {
  const suspended = await trx
    .selectFrom('supplierCategory')
    .select(['id', 'categoryCode'])
    .where('supplierId', '=', renewal.supplierId)
    .where('status', '=', 'SUSPENDED')
    .execute();
  const restored: string[] = [];
  for (const c of suspended) {
    if (!requiredQualificationsOf(c.categoryCode).every((t) => validTypes.has(t))) continue;
    const cause = await trx
      .selectFrom('supplierStatusLog')
      .select(['fromStatus', 'sourceDocType'])
      .where('supplierId', '=', renewal.supplierId)
      .where('scope', '=', 'CATEGORY')
      .where('categoryId', '=', c.categoryCode)
      .where('toStatus', '=', 'SUSPENDED')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (cause?.sourceDocType !== EXPIRY_SOURCE) continue;
    const to = cause.fromStatus && ADMITTED.includes(cause.fromStatus) ? cause.fromStatus : 'QUALIFIED';
    const now = serverNowIso();
    const done = await trx
      .updateTable('supplierCategory')
      .set({ status: to, suspendedAt: null, updateTime: now })
      .where('id', '=', c.id)
      .where('status', '=', 'SUSPENDED')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await logStatusChange(trx, {
      supplierId: renewal.supplierId,
      categoryCode: c.categoryCode,
      from: 'SUSPENDED',
      to,
      reason: `资质已更新（证书编号 ${renewal.certNo}）审核通过，恢复品类准入`,
      sourceDocType: RENEWAL_SOURCE,
      sourceDocId: renewal.id,
      actorId,
      actorKind: 'INTERNAL',
    });
    restored.push(c.categoryCode);
  }
  if (restored.length > 0) {
    const names = await dictTexts(trx, 'supplier_main_category');
    await notifySupplier(
      trx,
      renewal.supplierId,
      '品类准入已恢复',
      noticeHtml`<p>贵司更新的资质已审核通过，以下品类的准入已恢复：${restored.map((c) => names.get(c) ?? c).join('、')}。</p>`,
    );
  }
  return restored;
}
