import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';

/** Menu, permissions and dictionaries (jeecg-api.md §3, §5). */
export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Liveness for load balancers: answers without touching the database.
    app.get(
      '/sys/health',
      { schema: { tags: ['system'], summary: '存活检查' }, config: { access: 'public', cacheFree: true } },
      async () => ok({ status: 'UP' }),
    );

    app.get(
      '/sys/permission/getUserPermissionByToken',
      {
        schema: { tags: ['system'], summary: '当前用户的菜单与按钮权限' },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok(await ctx.permissions.forUser(request.user!.id), '查询成功'),
    );

    app.get(
      '/sys/dict/queryAllDictItems',
      {
        schema: { tags: ['dict'], summary: '全部字典项' },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok(await ctx.dicts.allItems(request.tenantId)),
    );

    app.get(
      '/sys/dict/getDictItems/:dictCode',
      {
        schema: { tags: ['dict'], summary: '一个字典的字典项', params: z.object({ dictCode: z.string().max(200) }) },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      // The request's tenant's own dictionary of that code first, then the platform's shared one.
      async (request) => ok(await ctx.dicts.items(request.params.dictCode, request.tenantId)),
    );

    // Dictionaries are read from the database on every request, so there is no server cache
    // to drop; the call stays for JeecgBoot clients, which reload their own copy after it.
    app.get(
      '/sys/dict/refleshCache',
      { schema: { tags: ['dict'], summary: '刷新字典缓存' }, config: { access: 'authenticated' } },
      async () => ok(null, '刷新缓存完成！'),
    );
  };
