import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { ID_PATTERN, newId } from '../../core/ids.js';
import { toForest } from '../../core/tree.js';

type TreeNode = {
  key: string;
  value: string;
  title: string;
  label: string;
  slotTitle: string;
  isLeaf: boolean;
  icon: string | null;
  ruleFlag: boolean;
  parentId: string | null;
  menuType: number;
  children: TreeNode[] | null;
};

const idList = (raw: string) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];

/** Which menus and buttons a role holds (jeecg-api.md §7.7). */
export const rolePermissionRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/role/queryTreeList',
      { schema: { tags: ['角色'], summary: '全部菜单与按钮（树）' }, config: { access: { permission: 'role:list' } } },
      async () => {
        const rows = await ctx.db
          .selectFrom('sysPermission')
          .select(['id', 'parentId', 'name', 'icon', 'menuType'])
          .where('delFlag', '=', 0)
          .orderBy('sortNo')
          .orderBy('id')
          .execute();
        const roots = toForest(
          rows,
          (r): TreeNode => ({ key: r.id, value: r.id, title: r.name, label: r.name, slotTitle: r.name, isLeaf: true, icon: r.icon, ruleFlag: false, parentId: r.parentId, menuType: r.menuType, children: null }),
          (parent, child) => {
            (parent.children ??= []).push(child);
            parent.isLeaf = false;
          },
        );
        return ok({ treeList: roots, ids: rows.map((r) => r.id) });
      },
    );

    app.get(
      '/sys/permission/queryRolePermission',
      { schema: { tags: ['角色'], summary: '角色拥有的权限编号', querystring: z.object({ roleId: z.string().regex(ID_PATTERN, '角色编号不正确'), _t: z.string().optional() }) }, config: { access: { permission: 'role:list' } } },
      async (request) => {
        const rows = await ctx.db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', request.query.roleId).execute();
        return ok(rows.map((r) => r.permissionId));
      },
    );

    app.post(
      '/sys/permission/saveRolePermission',
      {
        schema: {
          tags: ['角色'],
          summary: '保存角色的菜单与按钮',
          body: z.object({ roleId: z.string().regex(ID_PATTERN, '角色编号不正确'), permissionIds: z.string().max(200_000), lastpermissionIds: z.string().max(200_000).optional() }),
        },
        config: { access: { permission: 'role:edit' } },
      },
      async (request) => {
        const { roleId } = request.body;
        const wanted = idList(request.body.permissionIds);
        if (wanted.some((id) => !ID_PATTERN.test(id))) throw badRequest('权限编号不正确');
        const role = await ctx.db.selectFrom('sysRole').select(['id', 'roleCode']).where('id', '=', roleId).executeTakeFirst();
        if (!role) throw businessError('未找到对应实体');
        // The administrator role keeps every permission, so nobody can lock the system.
        if (role.roleCode === 'admin') throw businessError('系统内置的管理员角色拥有全部权限，不能修改');
        await ctx.db.transaction().execute(async (trx) => {
          if (wanted.length > 0) {
            const known = await trx.selectFrom('sysPermission').select('id').where('id', 'in', wanted).where('delFlag', '=', 0).execute();
            if (known.length !== wanted.length) throw badRequest('权限不存在');
          }
          await trx.deleteFrom('sysRolePermission').where('roleId', '=', roleId).execute();
          for (const permissionId of wanted) await trx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId }).execute();
        });
        request.log.info({ event: 'role.permissions.saved', roleId, count: wanted.length }, 'role permissions saved');
        return ok(null, '保存成功！');
      },
    );
  };
