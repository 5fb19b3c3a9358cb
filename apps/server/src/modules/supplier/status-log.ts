import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

export type ActorKind = 'INTERNAL' | 'SUPPLIER' | 'SYSTEM';

export type StatusChange = {
  supplierId: string;
  /** Null for COMPANY scope; the category code for CATEGORY scope. */
  categoryCode?: string | null;
  from: string | null;
  to: string;
  reason: string;
  sourceDocType: string;
  sourceDocId: string;
  actorId: string | null;
  actorKind: ActorKind;
};

/** Appends one SupplierStatusLog row (SUP-6); call it inside the transaction of the change. */
export async function logStatusChange(trx: Db, c: StatusChange): Promise<void> {
  await trx
    .insertInto('supplierStatusLog')
    .values({
      id: newId(),
      supplierId: c.supplierId,
      scope: c.categoryCode ? 'CATEGORY' : 'COMPANY',
      categoryId: c.categoryCode ?? null,
      fromStatus: c.from,
      toStatus: c.to,
      reason: c.reason,
      sourceDocType: c.sourceDocType,
      sourceDocId: c.sourceDocId,
      actorId: c.actorId,
      actorKind: c.actorKind,
      at: serverNowIso(),
    })
    .execute();
}

/** Ids of active internal users whose roles grant a permission code: who gets a buyer-side notice. */
export async function internalUsersWith(db: Db, code: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('u.id')
    .distinct()
    .where('p.perms', '=', code)
    .where('p.delFlag', '=', 0)
    .where('u.userType', '<>', 2)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of the supplier's active users (the SA and its colleagues). */
export async function supplierUserIds(db: Db, supplierId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUser')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}
