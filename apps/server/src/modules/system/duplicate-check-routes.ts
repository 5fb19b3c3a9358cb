import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { columnOf, fail, fieldEntries, ok, resources, ResultCode, uniquePerTenant } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, forbidden } from '../../core/errors.js';
import type { AnyDb } from '../../resource/resource-query.js';

/**
 * The (table, column) pairs `/sys/duplicate/check` may ask about: the unique fields of the
 * resource definitions, plus the user account's own. Nothing else reaches SQL (SQLI-3, SQLI-4).
 * Values unique per tenant (tenant resources, role and dictionary codes) are checked within the request's tenant.
 */
function allowList(): Map<string, { table: string; column: string; softDelete: boolean; tenant?: boolean }> {
  const pairs = new Map<string, { table: string; column: string; softDelete: boolean; tenant?: boolean }>();
  for (const def of Object.values(resources)) {
    for (const [name, f] of fieldEntries(def)) {
      if (f.unique)
        pairs.set(`${def.table}.${columnOf(name, f)}`, {
          table: def.table,
          column: columnOf(name, f),
          softDelete: def.softDelete,
          tenant: uniquePerTenant(def),
        });
    }
  }
  for (const column of ['username', 'phone', 'email', 'work_no'])
    pairs.set(`sys_user.${column}`, { table: 'sys_user', column, softDelete: true });
  return pairs;
}

/** Personal contact fields: asking about them tells whether someone has an account. */
const CONTACT_PAIRS = new Set(['sys_user.phone', 'sys_user.email']);

export const duplicateCheckRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const pairs = allowList();
    app.get(
      '/sys/duplicate/check',
      {
        schema: {
          tags: ['system'],
          summary: '重复值校验（表与字段取自服务端白名单）',
          querystring: z.object({
            tableName: z.string().max(64),
            fieldName: z.string().max(64),
            fieldVal: z.string().max(500).optional(),
            dataId: z.string().max(64).optional(),
            _t: z.string().optional(),
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const { tableName, fieldName, fieldVal, dataId } = request.query;
        const pair = pairs.get(`${tableName}.${fieldName}`);
        if (!pair) throw badRequest('不支持校验该字段');
        // Issue 16 #7: whose phone or email is on file is for those who administer users, not for suppliers.
        if (CONTACT_PAIRS.has(`${tableName}.${fieldName}`)) {
          const codes = await ctx.permissions.codesOf(request.user!.id);
          if (request.user!.userType === 2 || !(codes.has('user:add') || codes.has('user:edit'))) throw forbidden();
        }
        if (!fieldVal) return { ...ok(null, '数据为空,不作处理！'), code: ResultCode.ERROR };
        let q = (ctx.db as unknown as AnyDb)
          .selectFrom(pair.table)
          .select('id')
          .where(sql.ref(pair.column), '=', fieldVal);
        if (dataId) q = q.where('id', '<>', dataId);
        if (pair.softDelete) q = q.where(sql.ref('del_flag'), '=', 0);
        if (pair.tenant) q = q.where(sql.ref('tenant_id'), '=', request.tenantId);
        const taken = await q.executeTakeFirst();
        return taken ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
      },
    );
  };
