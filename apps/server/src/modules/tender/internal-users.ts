import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The active internal users (no supplier accounts) within reach of a tenant: the people a buyer
 * names as opening officers (P2) or committee members (TND-11). A user with tenants works only
 * in those, as the approval engine's approvers; tenant 0 is the tenant-less installation.
 */
export function internalUsers(db: Db, tenantId: number) {
  let q = db
    .selectFrom('sysUser as u')
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where('u.supplierId', 'is', null);
  if (tenantId !== 0) {
    const tenants = sql.ref('u.relTenantIds');
    q = q.where(sql<SqlBool>`(coalesce(${tenants}, '') = '' or ',' || ${tenants} || ',' like ${`%,${tenantId},%`})`);
  }
  return q;
}
