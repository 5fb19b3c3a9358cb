import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { uniquePerTenant, type ResourceDef } from '@procura/shared';
import { inTenant, inTenantOrShared } from '../core/tenant-data.js';
import type { AnyQuery } from './resource-query.js';

/**
 * Tenant isolation of the generic resource routes (TEN-2, TEN-3, R7). For a definition with
 * `tenant: true`, reads see only the rows of the request's tenant (`request.tenantId`, chosen
 * among the session user's own tenants by the access hook), new rows are stamped with it, and
 * unique values are unique within it. `tenant: 'system'` (system data) is the same except that
 * the platform (tenant 0) sees every tenant's rows and unique values stay unique across
 * tenants (`core/tenant-data.ts`) unless `tenantUnique`. `tenant: 'shared'` (dictionaries):
 * tenants also read the platform's rows (tenant 0), which only the platform changes.
 * Definitions without `tenant` pass through unchanged.
 */

/** The rows of `query` (aliased `t`) in the request's tenant. */
export function tenantScope(def: ResourceDef, query: AnyQuery, request: FastifyRequest): AnyQuery {
  if (def.tenant === 'system') return query.where(inTenant(request, 't.tenant_id'));
  if (def.tenant === 'shared') return query.where(inTenantOrShared(request, 't.tenant_id'));
  return def.tenant ? query.where(sql.ref('t.tenant_id'), '=', request.tenantId) : query;
}

/** The rows of `query` (aliased `t`) the request may change: for shared data, not the platform's (unless it is the platform). */
export function writeScope(def: ResourceDef, query: AnyQuery, request: FastifyRequest): AnyQuery {
  return def.tenant === 'shared' ? query.where(inTenant(request, 't.tenant_id')) : query;
}

/** What a tenant hears when it tries to change a row it may only read (the platform's shared ones). */
export const sharedReadOnly = (def: ResourceDef): string => `平台共享的${def.label}只读，只有平台管理员可以修改`;

/** The tenant column of a new row: always the request's tenant, whatever the body said. */
export function tenantColumns(def: ResourceDef, request: FastifyRequest): { tenant_id?: number } {
  return def.tenant ? { tenant_id: request.tenantId } : {};
}

/** Narrows a query on the definition's table, unaliased (a uniqueness check), to one tenant. */
/* eslint-disable @typescript-eslint/no-explicit-any -- tables come from definitions, checked at start-up */
export function sameTenant<O>(
  def: ResourceDef,
  query: SelectQueryBuilder<any, any, O>,
  tenantId: number,
): SelectQueryBuilder<any, any, O> {
  return uniquePerTenant(def) ? query.where(sql.ref('tenant_id'), '=', tenantId) : query;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
