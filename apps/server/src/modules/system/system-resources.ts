import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictItemResource, dictResource, positionResource, roleResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { badRequest, businessError } from '../../core/errors.js';
import { inTenant, inTenantOrShared, isPlatform } from '../../core/tenant-data.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { sharedReadOnly } from '../../resource/tenant-scope.js';

/** The system administration entities that are plain resources, with their few rules. */
/**
 * A dictionary item belongs to the tenant of its dictionary (no column of its own): a tenant
 * reads the items of its own and the platform's dictionaries, and changes those of its own.
 */
const itemsOfDicts = (db: AnyDb, query: AnyQuery, condition: ReturnType<typeof inTenant>) =>
  query.where(sql.ref('t.dict_id'), 'in', db.selectFrom('sys_dict').select('id').where(condition));

export const systemResources =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.db as unknown as AnyDb;
    const dictItemScope = (query: AnyQuery, request: FastifyRequest) =>
      isPlatform(request) ? query : itemsOfDicts(db, query, inTenantOrShared(request, 'tenant_id'));
    const dictItemWritable = (query: AnyQuery, request: FastifyRequest) =>
      isPlatform(request) ? query : itemsOfDicts(db, query, inTenant(request, 'tenant_id'));
    await app.register(resourceRoutes(ctx, positionResource));

    await app.register(
      resourceRoutes(ctx, roleResource, {
        // The administrator role holds every permission; losing it would lock everyone out.
        beforeDelete: async (ids, trx) => {
          const builtIn = await trx
            .selectFrom('sys_role')
            .select('id')
            .where('id', 'in', ids)
            .where('role_code', '=', 'admin')
            .executeTakeFirst();
          if (builtIn) throw businessError('系统内置的管理员角色不能删除');
        },
      }),
    );

    await app.register(resourceRoutes(ctx, dictResource));

    await app.register(
      resourceRoutes(ctx, dictItemResource, {
        scope: dictItemScope,
        writable: dictItemWritable,
        beforeAdd: async (values, trx, request) => {
          const dict = await trx
            .selectFrom('sys_dict')
            .select('tenantId')
            .where('id', '=', values.dictId)
            .where('del_flag', '=', 0)
            .where(inTenantOrShared(request, 'tenant_id'))
            .executeTakeFirst();
          if (!dict) throw badRequest('字典不存在', { dictId: '字典不存在' });
          // A tenant adds items to its own dictionaries; the shared ones are the platform's.
          if (!isPlatform(request) && Number(dict.tenantId) !== request.tenantId)
            throw businessError(sharedReadOnly(dictResource));
          const clash = await trx
            .selectFrom('sys_dict_item')
            .select('id')
            .where('dict_id', '=', values.dictId)
            .where('item_value', '=', values.itemValue)
            .executeTakeFirst();
          if (clash) throw badRequest('数据值已存在', { itemValue: '数据值已存在' });
          values.sortOrder ??= 0;
          values.status ??= 1;
        },
        beforeEdit: async (id, values, trx) => {
          if (values.itemValue === undefined) return;
          const own = await trx
            .selectFrom('sys_dict_item')
            .select('dictId')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const clash = await trx
            .selectFrom('sys_dict_item')
            .select('id')
            .where('dictId', '=', own.dictId)
            .where('item_value', '=', values.itemValue)
            .where('id', '<>', id)
            .executeTakeFirst();
          if (clash) throw badRequest('数据值已存在', { itemValue: '数据值已存在' });
        },
      }),
    );
  };
