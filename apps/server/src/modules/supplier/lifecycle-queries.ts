import { businessError, notFound } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { notifyUsers } from '../announcements/notify.js';
import { supplierUserIds } from './status-log.js';

/** The reads and writes behind the supplier lifecycle's transitions (supplier-lifecycle.ts holds the rules). */

export type StatusLabels = {
  company: Map<string, string>;
  category: Map<string, string>;
  categoryName: Map<string, string>;
};
/** Who performs a change: a session user, or the approver named by the engine. */
export type Actor = { id: string; username: string };
export type Supplier = {
  id: string;
  name: string;
  status: string;
  infoStatus: string;
  mainCategories: string;
  resumeStatus: string | null;
};
const SUPPLIER_COLUMNS = ['id', 'name', 'status', 'infoStatus', 'mainCategories', 'resumeStatus'] as const;

/** Dictionary texts for messages, read through the caller's transaction (SQLite has one connection). */
export async function statusLabels(trx: Db): Promise<StatusLabels> {
  const rows = await trx
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
    .where('d.tenantId', '=', 0)
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', ['srm_supplier_status', 'srm_supplier_category_status', 'supplier_main_category'])
    .execute();
  const map = (code: string) => new Map(rows.filter((r) => r.dictCode === code).map((r) => [r.itemValue, r.itemText]));
  return {
    company: map('srm_supplier_status'),
    category: map('srm_supplier_category_status'),
    categoryName: map('supplier_main_category'),
  };
}

/** Refuses a transition from the current status, naming the status in Chinese. */
export async function refuseFrom(trx: Db, from: string, label: string, category = false): Promise<never> {
  const names = await statusLabels(trx);
  const text = (category ? names.category : names.company).get(from) ?? from;
  throw businessError(`${category ? '品类准入' : '供应商'}当前状态为“${text}”，不能${label}`);
}

/** The supplier of the tenant (deleted ones are not found). */
export async function loadSupplier(trx: Db, id: string, tenantId: number): Promise<Supplier> {
  const s = await trx
    .selectFrom('supplier')
    .select(SUPPLIER_COLUMNS)
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!s) throw notFound('供应商不存在');
  return s;
}

/** The supplier a decided approval names (the engine has already checked the tenant). */
export async function supplierById(trx: Db, id: string): Promise<Supplier> {
  return trx.selectFrom('supplier').select(SUPPLIER_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The approver as an actor; 'system' when the engine decided without one. */
export async function approverActor(trx: Db, actorId: string | null): Promise<Actor> {
  const approver = actorId
    ? await trx.selectFrom('sysUser').select('username').where('id', '=', actorId).executeTakeFirst()
    : undefined;
  return { id: actorId ?? '', username: approver?.username ?? 'system' };
}

export async function setSupplierStatus(
  trx: Db,
  s: Supplier,
  user: Actor,
  to: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const now = serverNowIso();
  // The status read at the start must still hold (a concurrent transition loses, X-4).
  const done = await trx
    .updateTable('supplier')
    .set({ status: to, updateBy: user.username, updateTime: now, ...extra })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', s.id)
    .where('status', '=', s.status)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw businessError('供应商状态已被他人修改，请刷新后重试');
}

export async function supplierCategory(trx: Db, supplierId: string, categoryCode: string) {
  return trx
    .selectFrom('supplierCategory')
    .selectAll()
    .where('supplierId', '=', supplierId)
    .where('categoryCode', '=', categoryCode)
    .executeTakeFirst();
}

export async function qualificationTypeNames(trx: Db): Promise<Map<string, string>> {
  const names = await trx
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
    .where('d.tenantId', '=', 0)
    .select(['i.itemValue', 'i.itemText'])
    .where('d.dictCode', '=', 'srm_qualification_type')
    .execute();
  return new Map(names.map((n) => [n.itemValue, n.itemText]));
}

/** Tells the supplier's users; the message opens their profile. */
export async function notifySupplier(trx: Db, s: Supplier, title: string, content: string): Promise<void> {
  await notifyUsers(trx, {
    userIds: await supplierUserIds(trx, s.id),
    title,
    content,
    busType: 'supplier',
    busId: s.id,
    openType: 'url',
    openPage: '/supplier/profile',
  });
}
