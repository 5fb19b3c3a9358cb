import type { Db } from '../../db/database.js';

/** The role supplier accounts hold; never a rater role. */
const SUPPLIER_ROLE = 'supplier';

/** A JSON array column (raterRoles, raters), empty when unset or unreadable. */
export function parseJsonList<T>(text: string | null | undefined): T[] {
  try {
    const v: unknown = JSON.parse(text || '[]');
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** Roles internal users hold: every role but the suppliers' one and any role a supplier account holds. */
export async function internalRoles(db: Db): Promise<{ roleCode: string; roleName: string }[]> {
  return db
    .selectFrom('sysRole as r')
    .select(['r.roleCode', 'r.roleName'])
    .where('r.roleCode', '<>', SUPPLIER_ROLE)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sysUserRole as ur')
            .innerJoin('sysUser as u', 'u.id', 'ur.userId')
            .select('ur.id')
            .whereRef('ur.roleId', '=', 'r.id')
            .where('u.userType', '=', 2),
        ),
      ),
    )
    .orderBy('r.roleCode')
    .execute();
}
