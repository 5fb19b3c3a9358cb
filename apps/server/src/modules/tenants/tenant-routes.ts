import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import { ok, resources, tenantResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { escapeLike } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import type { AnyDb } from '../../resource/resource-query.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import { tenantIdsOf, toTenantInfo } from './tenant-service.js';

/** Begin before end, both as wire datetimes (`yyyy-MM-dd HH:mm:ss`, GMT+8). */
function checkPeriod(begin: unknown, end: unknown): void {
  if (typeof begin === 'string' && typeof end === 'string' && begin > end) {
    throw badRequest('结束时间不能早于开始时间', { endDate: '结束时间不能早于开始时间' });
  }
}

/**
 * System tables owned by a tenant without a resource definition (issue 16). Their rows block
 * deleting it like resource data: tenant ids are reused (max + 1), so a later tenant would inherit them.
 */
const SYSTEM_TABLES = [
  { table: 'sys_depart', label: '部门' },
  { table: 'sys_log', label: '日志' },
] as const;

/** Refuses deleting tenants that users still belong to or that still hold data. */
async function checkUnused(ids: readonly string[], trx: AnyDb): Promise<void> {
  for (const id of ids) {
    const members = await trx
      .selectFrom('sys_user')
      .select('rel_tenant_ids as relTenantIds')
      .where(sql<SqlBool>`${sql.ref('rel_tenant_ids')} like ${`%${escapeLike(id)}%`} escape ${'\\'}`)
      .execute();
    if (members.some((m) => tenantIdsOf(m.relTenantIds as string).includes(Number(id))))
      throw businessError('租户下还有用户，不能删除');
    for (const def of [...SYSTEM_TABLES, ...Object.values(resources).filter((d) => d.tenant)]) {
      const row = await trx
        .selectFrom(def.table)
        .select('id')
        .where(sql.ref('tenant_id'), '=', Number(id))
        .limit(1)
        .executeTakeFirst();
      if (row) throw businessError(`租户下还有${def.label}数据，不能删除`);
    }
  }
}

/**
 * 租户管理: the generic resource (integer ids from 1000, status 1 normal / 0 frozen) and the
 * tenant choices of the user form (`queryList`).
 */
export const tenantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, tenantResource, {
        beforeAdd: (values: Values) => {
          values.status ??= 1;
          checkPeriod(values.beginDate, values.endDate);
        },
        beforeEdit: async (id, values, trx) => {
          if (values.beginDate === undefined && values.endDate === undefined) return;
          const row = await trx
            .selectFrom('sys_tenant')
            .select(['begin_date as beginDate', 'end_date as endDate'])
            .where('id', '=', Number(id))
            .executeTakeFirstOrThrow();
          checkPeriod(
            values.beginDate === undefined ? toWireDateTime(row.beginDate as string | null) : values.beginDate,
            values.endDate === undefined ? toWireDateTime(row.endDate as string | null) : values.endDate,
          );
        },
        beforeDelete: (ids, trx) => checkUnused(ids, trx),
      }),
    );

    app.get(
      '/sys/tenant/queryList',
      {
        schema: {
          tags: [tenantResource.label],
          summary: '正常状态的租户（用户表单的租户选择；ids 可限定编号）',
          querystring: z.object({ ids: z.string().max(2000).optional(), _t: z.string().optional() }),
        },
        config: { access: { permission: 'user:list' } },
      },
      async (request) => {
        let q = ctx.db.selectFrom('sysTenant').selectAll().where('status', '=', 1);
        if (request.query.ids !== undefined && request.query.ids.trim() !== '') {
          const ids = tenantIdsOf(request.query.ids);
          if (ids.length === 0) return ok([]);
          q = q.where('id', 'in', ids);
        }
        return ok((await q.orderBy('id').execute()).map(toTenantInfo));
      },
    );
  };
