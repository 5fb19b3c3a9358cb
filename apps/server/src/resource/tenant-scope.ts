import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ResourceDef } from '@procura/shared';
import { inTenant } from '../core/tenant-data.js';
import type { AnyQuery } from './resource-query.js';

/**
 * Tenant isolation of the generic resource routes (TEN-2, TEN-3, R7). For a definition with
 * `tenant: true`, reads see only the rows of the request's tenant (`request.tenantId`, chosen
 * among the session user's own tenants by the access hook), new rows are stamped with it, and
 * unique values are unique within it. `tenant: 'system'` (system data) is the same except that
 * the platform (tenant 0) sees every tenant's rows and unique values stay unique across
 * tenants (`core/tenant-data.ts`). Definitions without `tenant` pass through unchanged.
 */

/** The rows of `query` (aliased `t`) in the request's tenant. */
export function tenantScope(def: ResourceDef, query: AnyQuery, request: FastifyRequest): AnyQuery {
  if (def.tenant === 'system') return query.where(inTenant(request, 't.tenant_id'));
  return def.tenant ? query.where(sql.ref('t.tenant_id'), '=', request.tenantId) : query;
}

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
  return def.tenant === true ? query.where(sql.ref('tenant_id'), '=', tenantId) : query;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
