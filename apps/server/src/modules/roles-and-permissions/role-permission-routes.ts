import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { wireId } from '../../http/wire.js';
import { assertInTenant, inTenant } from '../../core/tenant-data.js';
import {
  assertGrantable,
  assertPermissionsExist,
  permissionSetFields,
  permissionTree,
  requestedPermissionIds,
} from './permission-grants.js';

/** Which menus and buttons a role holds (jeecg-api.md §7.7). */
export const rolePermissionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/role/queryTreeList',
      { schema: { tags: ['角色'], summary: '全部菜单与按钮（树）' }, config: { access: { permission: 'role:list' } } },
      async () => ok(await permissionTree(ctx.db)),
    );

    app.get(
      '/sys/permission/queryRolePermission',
      {
        schema: {
          tags: ['角色'],
          summary: '角色拥有的权限编号',
          querystring: z.object({ roleId: wireId('角色编号不正确'), _t: z.string().optional() }),
        },
        config: { access: { permission: 'role:list' } },
      },
      async (request) => {
        await assertInTenant(ctx.db, 'sysRole', [request.query.roleId], request);
        const rows = await ctx.db
          .selectFrom('sysRolePermission')
          .select('permissionId')
          .where('roleId', '=', request.query.roleId)
          .execute();
        return ok(rows.map((r) => r.permissionId));
      },
    );

    app.post(
      '/sys/permission/saveRolePermission',
      {
        schema: {
          tags: ['角色'],
          summary: '保存角色的菜单与按钮',
          body: z.object({ roleId: wireId('角色编号不正确'), ...permissionSetFields }),
        },
        config: { access: { permission: 'role:edit' } },
      },
      async (request) => {
        const { roleId } = request.body;
        const wanted = requestedPermissionIds(request.body.permissionIds);
        const role = await ctx.db
          .selectFrom('sysRole')
          .select(['id', 'roleCode'])
          .where('id', '=', roleId)
          .where(inTenant(request, 'tenantId'))
          .executeTakeFirst();
        if (!role) throw businessError('未找到对应实体');
        // The administrator role keeps every permission, so nobody can lock the system.
        if (role.roleCode === 'admin') throw businessError('系统内置的管理员角色拥有全部权限，不能修改');
        await ctx.db.transaction().execute(async (trx) => {
          await assertPermissionsExist(trx, wanted);
          await assertGrantable(trx, request, wanted);
          // Links that stay keep the data rules chosen for them (/sys/role/saveDataRule).
          const rules = new Map(
            (
              await trx
                .selectFrom('sysRolePermission')
                .select(['permissionId', 'dataRuleIds'])
                .where('roleId', '=', roleId)
                .execute()
            ).map((l) => [l.permissionId, l.dataRuleIds]),
          );
          await trx.deleteFrom('sysRolePermission').where('roleId', '=', roleId).execute();
          for (const permissionId of wanted)
            await trx
              .insertInto('sysRolePermission')
              .values({ id: newId(), roleId, permissionId, dataRuleIds: rules.get(permissionId) ?? null })
              .execute();
        });
        request.log.info({ event: 'role.permissions.saved', roleId, count: wanted.length }, 'role permissions saved');
        return ok(null, '保存成功！');
      },
    );
  };
