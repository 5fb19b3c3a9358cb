import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictItemResource, dictResource, positionResource, roleResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { resourceRoutes } from '../../resource/resource-routes.js';

/** The system administration entities that are plain resources, with their few rules. */
export const systemResources =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
        beforeAdd: async (values, trx) => {
          const dict = await trx
            .selectFrom('sys_dict')
            .select('id')
            .where('id', '=', values.dictId)
            .where('del_flag', '=', 0)
            .executeTakeFirst();
          if (!dict) throw badRequest('字典不存在', { dictId: '字典不存在' });
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
