import type { Insertable, Selectable } from 'kysely';
import { businessError, notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { SupplierAdmissionReviewTable } from '../../db/supplier-tables.js';

/** The reads and writes of admission reviews (domain §4.3); the rules stay in admission-review.ts. */

export type Review = Selectable<SupplierAdmissionReviewTable>;
/** QLF-5: a draft is an open review too (the unique index of 0039 covers the same statuses). */
const OPEN = ['DRAFT', 'IN_REVIEW', 'PENDING_APPROVAL'];

export async function loadReview(trx: Db, id: string, tenantId: number): Promise<Review> {
  const r = await trx
    .selectFrom('supplierAdmissionReview')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!r) throw notFound('准入评审不存在');
  return r;
}

/** Writes the changes only if nobody changed the review since it was read. */
export async function saveReview(trx: Db, r: Review, changes: Partial<Omit<Review, 'version' | 'id'>>): Promise<void> {
  const done = await trx
    .updateTable('supplierAdmissionReview')
    .set(changes)
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', r.id)
    .where('version', '=', r.version)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw businessError('准入评审已被他人修改，请刷新后重试');
}

export async function reviewById(trx: Db, id: string): Promise<Review | undefined> {
  return trx.selectFrom('supplierAdmissionReview').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReview(
  trx: Db,
  values: Omit<Insertable<SupplierAdmissionReviewTable>, 'version'>,
): Promise<void> {
  await trx.insertInto('supplierAdmissionReview').values(values).execute();
}

/** The supplier of the tenant a review is opened for (deleted ones are not found). */
export async function applicantSupplier(trx: Db, id: string, tenantId: number) {
  const s = await trx
    .selectFrom('supplier')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!s) throw notFound('供应商不存在');
  return s;
}

export async function supplierName(trx: Db, id: string): Promise<string> {
  const s = await trx.selectFrom('supplier').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return s.name;
}

export async function categoryStanding(trx: Db, supplierId: string, categoryCode: string) {
  return trx
    .selectFrom('supplierCategory')
    .selectAll()
    .where('supplierId', '=', supplierId)
    .where('categoryCode', '=', categoryCode)
    .executeTakeFirst();
}

/**
 * QLF-5: the code of an open review, or `true` for a pending direct admission request, of the
 * supplier and category; undefined when neither exists.
 */
export async function openAdmission(
  trx: Db,
  supplierId: string,
  categoryCode: string,
): Promise<{ reviewCode: string } | { request: true } | undefined> {
  const open = await trx
    .selectFrom('supplierAdmissionReview')
    .select('code')
    .where('supplierId', '=', supplierId)
    .where('categoryCode', '=', categoryCode)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  if (open) return { reviewCode: open.code };
  const pending = await trx
    .selectFrom('supplierStatusRequest')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('categoryCode', '=', categoryCode)
    .where('action', '=', 'ADMISSION')
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return pending ? { request: true } : undefined;
}

export async function reopenCategory(trx: Db, categoryId: string, now: string): Promise<void> {
  await trx
    .updateTable('supplierCategory')
    .set({ status: 'APPLYING', updateTime: now })
    .where('id', '=', categoryId)
    .execute();
}

export async function supplierQuestionnaire(trx: Db, id: string, supplierId: string, tenantId: number) {
  return trx
    .selectFrom('questionnaire')
    .select(['code', 'status'])
    .where('id', '=', id)
    .where('supplierId', '=', supplierId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
}

export async function sampleRequest(trx: Db, id: string, tenantId: number) {
  return trx
    .selectFrom('srmSampleRequest')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
}

export async function linkSampleToReview(trx: Db, sampleId: string, source: string, reviewId: string): Promise<void> {
  await trx
    .updateTable('srmSampleRequest')
    .set({ sourceDocType: source, sourceDocId: reviewId, purpose: 'ADMISSION' })
    .where('id', '=', sampleId)
    .execute();
}
