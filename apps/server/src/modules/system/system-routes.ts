import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/time.js';

const USER_LIST_FIELDS: ListFields = {
  username: { column: 'u.username', filter: 'text', sortable: true },
  realname: { column: 'u.realname', filter: 'text', sortable: true },
  phone: { column: 'u.phone', filter: 'text' },
  sex: { column: 'u.sex', filter: 'exact' },
  status: { column: 'u.status', filter: 'exact', sortable: true },
  userType: { column: 'u.userType', filter: 'exact' },
  createTime: { column: 'u.createTime', sortable: true },
};

/** Menu, permissions, dictionaries and the user list (jeecg-api.md §3, §5, §7.6). */
export const systemRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Liveness for load balancers: answers without touching the database.
    app.get('/sys/health', { schema: { tags: ['system'], summary: '存活检查' }, config: { access: 'public' } }, async () => ok({ status: 'UP' }));

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
      { schema: { tags: ['dict'], summary: '全部字典项' }, config: { access: 'authenticated', allowIncompleteSupplier: true } },
      async () => ok(await ctx.dicts.allItems()),
    );

    app.get(
      '/sys/dict/getDictItems/:dictCode',
      {
        schema: { tags: ['dict'], summary: '一个字典的字典项', params: z.object({ dictCode: z.string().max(200) }) },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok(await ctx.dicts.items(request.params.dictCode)),
    );

    // Dictionaries are read from the database on every request, so there is no server cache
    // to drop; the call stays for JeecgBoot clients, which reload their own copy after it.
    app.get(
      '/sys/dict/refleshCache',
      { schema: { tags: ['dict'], summary: '刷新字典缓存' }, config: { access: 'authenticated' } },
      async () => ok(null, '刷新缓存完成！'),
    );

    app.get(
      '/sys/user/list',
      { schema: { tags: ['system'], summary: '用户分页列表' }, config: { access: { permission: 'user:list' } } },
      async (request) => {
        const base = ctx.db
          .selectFrom('sysUser as u')
          .select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.email', 'u.phone', 'u.orgCode', 'u.status'])
          .select(['u.userType', 'u.isShow', 'u.supplierId', 'u.workNo', 'u.createBy', 'u.createTime', 'u.updateBy', 'u.updateTime'])
          .where('u.delFlag', '=', 0);
        const page = await runPagedList(ctx.kind, base, request.query as Record<string, unknown>, USER_LIST_FIELDS, {
          column: 'u.createTime',
          order: 'desc',
        });
        const dict = await ctx.dicts.textMaps(['sex', 'user_status', 'user_type']);
        return ok({
          ...page,
          records: page.records.map((u) => ({
            ...u,
            createTime: toWireDateTime(u.createTime),
            updateTime: toWireDateTime(u.updateTime),
            sex_dictText: u.sex === null ? null : (dict.sex.get(String(u.sex)) ?? null),
            status_dictText: dict.user_status.get(String(u.status)) ?? null,
            userType_dictText: dict.user_type.get(String(u.userType)) ?? null,
          })),
        });
      },
    );
  };
