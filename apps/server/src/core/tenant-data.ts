import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { businessError } from './errors.js';

/**
 * Tenant isolation of system data (issue 16; JeecgBoot's multi-tenant mode): users,
 * departments, roles and logs belong to tenants. A request works in `request.tenantId` (one
 * of the session user's own tenants, checked by the access hook). Tenant 0 is the platform:
 * its users have no tenants, and its administrators see and change every tenant's system data.
 * A member of a tenant sees only that tenant's.
 *
 * Resources opt in with `tenant: 'system'` on their definition (the resource routes apply it);
 * hand-written routes use these helpers:
 * - `inTenant(request, 't.tenantId')` as a `where` of every read, edit and delete;
 * - `inTenant(request, 'u.relTenantIds', 'members')` for users (their comma list of tenants);
 * - `assertInTenant(...)` before changing rows named by the request.
 */

export type TenantRequest = { tenantId: number };

/** Platform requests (tenant 0: users without tenants) see every tenant's system data. */
export const isPlatform = (request: TenantRequest): boolean => request.tenantId === 0;

/**
 * The condition that keeps a query to the request's tenant: `column` holds the owning tenant,
 * or (`members`) a comma list of tenants, as `sys_user.rel_tenant_ids`. Always true for the platform.
 */
export function inTenant(
  request: TenantRequest,
  ref: string,
  kind: 'column' | 'members' = 'column',
): Expression<SqlBool> {
  if (isPlatform(request)) return sql<SqlBool>`1 = 1`;
  if (kind === 'column') return sql<SqlBool>`${sql.ref(ref)} = ${request.tenantId}`;
  // Bound parameter; the list is normalised without spaces by the user routes, spaces are stripped anyway.
  return sql<SqlBool>`(',' || replace(${sql.ref(ref)}, ' ', '') || ',') like ${`%,${request.tenantId},%`}`;
}

/**
 * Shared data (dictionaries): the rows a request reads are its tenant's own and the platform's
 * (tenant 0), which every tenant shares; the platform reads every tenant's. Changes stay with
 * `inTenant`: a tenant changes its own rows only, the platform any.
 */
export function inTenantOrShared(request: TenantRequest, ref: string): Expression<SqlBool> {
  if (isPlatform(request)) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref(ref)} in (0, ${request.tenantId})`;
}

/** The tenant of a row a request adds: its own (the platform's rows are tenant 0). */
export const tenantOfNew = (request: TenantRequest): number => request.tenantId;

/**
 * Refuses (未找到对应实体, as for a missing row) unless every id is a row of `table` visible to
 * the request: another tenant's rows are as absent as deleted ones.
 */
export async function assertInTenant(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any system table
  table: string,
  ids: readonly string[],
  request: TenantRequest,
  ref = 'tenantId',
  kind: 'column' | 'members' = 'column',
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || isPlatform(request)) return;
  const seen = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', unique)
    .where(inTenant(request, ref, kind))
    .execute();
  if (seen.length !== unique.length) throw businessError('未找到对应实体');
}
