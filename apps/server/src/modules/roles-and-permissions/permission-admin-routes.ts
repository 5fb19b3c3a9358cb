import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { idList, recordId as id } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import { toForest } from '../../core/tree.js';
import {
  addBody,
  editBody,
  toWire,
  type WireNode,
  liveRows,
  refreshLeaf,
  checkedValues,
  deleteSubtrees,
} from './permission-admin-service.js';

/**
 * 菜单管理: the menu, sub-menu and button rows of `sys_permission` (jeecg-api.md §3), and the
 * data rules of a menu (JeecgBoot's SysPermissionController). Deleting a menu deletes its whole
 * subtree, with the role links and data rules of every row in it (as JeecgBoot does; the
 * screen says so in its confirmation). New rows are granted to the built-in 管理员 role, which
 * holds every permission and cannot be edited.
 */

export const permissionAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['菜单管理'];
    const perm = (code: string) => ({ access: { permission: `permission:${code}` } });

    app.get(
      '/sys/permission/list',
      { schema: { tags, summary: '全部菜单与按钮（树，含全部字段）' }, config: perm('list') },
      async () => {
        const rows = await liveRows(ctx.db);
        const counts = await ctx.db
          .selectFrom('sysPermissionDataRule')
          .select(['permissionId'])
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .groupBy('permissionId')
          .execute();
        const ruleCounts = new Map(counts.map((c) => [c.permissionId, Number(c.n)]));
        const tree = toForest(
          rows,
          (r): WireNode => toWire(r, ruleCounts.get(r.id) ?? 0),
          (parent, child) => {
            (parent.children ??= []).push(child);
            parent.leaf = false;
            parent.isLeaf = false;
          },
        );
        return ok(tree);
      },
    );

    app.get(
      '/sys/permission/queryById',
      {
        schema: { tags, summary: '菜单详情', querystring: z.object({ id, _t: z.string().optional() }) },
        config: perm('list'),
      },
      async (request) => {
        const row = await ctx.db
          .selectFrom('sysPermission')
          .selectAll()
          .where('id', '=', request.query.id)
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (!row) throw notFound();
        const child = await ctx.db
          .selectFrom('sysPermission')
          .select('id')
          .where('parentId', '=', row.id)
          .where('delFlag', '=', 0)
          .limit(1)
          .executeTakeFirst();
        const rules = await ctx.db
          .selectFrom('sysPermissionDataRule')
          .select('id')
          .where('permissionId', '=', row.id)
          .limit(1)
          .executeTakeFirst();
        return ok({ ...toWire(row, rules ? 1 : 0), leaf: !child, isLeaf: !child });
      },
    );

    app.post(
      '/sys/permission/add',
      { schema: { tags, summary: '新增菜单或按钮', body: addBody }, config: perm('add') },
      async (request) => {
        const newRowId = newId();
        await ctx.db.transaction().execute(async (trx) => {
          const values = await checkedValues(trx, request.body);
          await trx
            .insertInto('sysPermission')
            .values({
              id: newRowId,
              ...values,
              isLeaf: 1,
              delFlag: 0,
              createBy: request.user!.username,
              createTime: serverNowIso(),
              updateBy: null,
              updateTime: null,
            })
            .execute();
          await refreshLeaf(trx, values.parentId);
          // The built-in administrator role holds every permission, new ones included.
          // The platform's (role codes are unique per tenant: a tenant's own `admin` is not it).
          const admin = await trx
            .selectFrom('sysRole')
            .select('id')
            .where('roleCode', '=', 'admin')
            .where('tenantId', '=', 0)
            .executeTakeFirst();
          if (admin)
            await trx
              .insertInto('sysRolePermission')
              .values({ id: newId(), roleId: admin.id, permissionId: newRowId })
              .execute();
        });
        request.log.info({ event: 'permission.added', id: newRowId }, 'menu added');
        return ok({ id: newRowId }, '添加成功！');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/permission/edit',
      schema: { tags, summary: '编辑菜单或按钮', body: editBody },
      config: perm('edit'),
      handler: async (request) => {
        const { id: rowId } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('sysPermission')
            .select(['id', 'parentId'])
            .where('id', '=', rowId)
            .where('delFlag', '=', 0)
            .executeTakeFirst();
          if (!existing) throw businessError('未找到对应实体');
          const values = await checkedValues(trx, request.body, rowId);
          await trx
            .updateTable('sysPermission')
            .set({ ...values, updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', rowId)
            .execute();
          if (existing.parentId !== values.parentId) {
            await refreshLeaf(trx, existing.parentId);
            await refreshLeaf(trx, values.parentId);
          }
        });
        request.log.info({ event: 'permission.edited', id: rowId }, 'menu edited');
        return ok(null, '修改成功！');
      },
    });

    app.delete(
      '/sys/permission/delete',
      {
        schema: { tags, summary: '删除菜单（连同全部下级与数据规则）', querystring: z.object({ id }) },
        config: perm('delete'),
      },
      async (request) => {
        const count = await ctx.db.transaction().execute((trx) => deleteSubtrees(trx, [request.query.id]));
        request.log.info({ event: 'permission.deleted', id: request.query.id, count }, 'menu deleted');
        return ok(null, '删除成功!');
      },
    );

    app.delete(
      '/sys/permission/deleteBatch',
      {
        schema: {
          tags,
          summary: '批量删除菜单（连同全部下级）',
          querystring: z.object({ ids: z.string().max(40_000) }),
        },
        config: perm('delete'),
      },
      async (request) => {
        const ids = idList(request.query.ids, '记录编号不正确');
        if (ids.length === 0) throw badRequest('请选择一条记录！');
        if (ids.length > 1000) throw badRequest('记录编号不正确');
        const count = await ctx.db.transaction().execute((trx) => deleteSubtrees(trx, ids));
        request.log.info({ event: 'permission.deleted', ids, count }, 'menus deleted');
        return ok(null, '删除成功!');
      },
    );
  };
