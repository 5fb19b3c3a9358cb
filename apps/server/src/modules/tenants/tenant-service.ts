import type { TenantInfo } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SysTenantTable } from '../../db/org-tables.js';

/** Tenant ids are positive integers (JeecgBoot's); 0 is the space of users without tenants. */
export const TENANT_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The tenant ids of a user's `relTenantIds` comma list, in its order; anything else is skipped. */
export function tenantIdsOf(relTenantIds: string | null | undefined): number[] {
  const ids = (relTenantIds ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => TENANT_ID_PATTERN.test(t))
    .map(Number);
  return [...new Set(ids)];
}

/** Effective now: normal (status 1) and within its begin and end times where they are set. */
export function isEffective(
  t: Pick<SysTenantTable, 'status' | 'beginDate' | 'endDate'>,
  now = serverNowIso(),
): boolean {
  return t.status === 1 && (t.beginDate === null || t.beginDate <= now) && (t.endDate === null || t.endDate >= now);
}

/** The effective tenants among `ids`, in the order of `ids` (login's `tenantList`). */
export async function effectiveTenants(db: Db, ids: readonly number[]): Promise<SysTenantTable[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sysTenant')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('status', '=', 1)
    .execute();
  const now = serverNowIso();
  const byId = new Map(rows.filter((r) => isEffective(r, now)).map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** A tenant as login and `/sys/tenant/queryList` answer it. */
export function toTenantInfo(t: SysTenantTable): TenantInfo {
  return {
    id: Number(t.id),
    name: t.name,
    createBy: t.createBy,
    createTime: toWireDateTime(t.createTime),
    beginDate: toWireDateTime(t.beginDate),
    endDate: toWireDateTime(t.endDate),
    status: t.status,
  };
}

/**
 * The tenant a request works in (R7: chosen among the session user's own tenants, never taken
 * on trust). `header` has been checked to be one of the user's tenants, or is '' / '0'.
 * Without a choice: the user's first effective tenant, else their first tenant (a tenant
 * member never falls into tenant 0), else 0.
 */
export async function currentTenantOf(
  db: Db,
  user: Pick<SessionUser, 'relTenantIds'>,
  header: string,
): Promise<number> {
  if (TENANT_ID_PATTERN.test(header)) return Number(header);
  const mine = tenantIdsOf(user.relTenantIds);
  if (mine.length === 0) return 0;
  const [first] = await effectiveTenants(db, mine);
  return first ? Number(first.id) : mine[0]!;
}
