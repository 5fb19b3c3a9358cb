import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { idList, recordId as id } from '../../http/wire.js';
import { escapeLike } from '../../core/paging.js';
import { serverNowIso } from '../../core/clock.js';
import { assertInTenant, inTenant } from '../../core/tenant-data.js';
import { addRuleBody, editRuleBody, ruleToWire, checkRule } from './permission-admin-service.js';

/**
 * The data rules of a menu (JeecgBoot's SysPermissionController), and which of them a role
 * applies (/sys/role/datarule). Rules are checked against the resources the menu lists.
 */
export const permissionDataRuleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['菜单管理'];
    const perm = (code: string) => ({ access: { permission: `permission:${code}` } });

    // Data rules of a menu.

    app.get(
      '/sys/permission/getPermRuleListByPermId',
      {
        schema: {
          tags,
          summary: '菜单的数据规则',
          querystring: z.object({ permissionId: id, _t: z.string().optional() }),
        },
        config: perm('list'),
      },
      async (request) => {
        const rows = await ctx.db
          .selectFrom('sysPermissionDataRule')
          .selectAll()
          .where('permissionId', '=', request.query.permissionId)
          .orderBy('createTime')
          .orderBy('id')
          .execute();
        return ok(rows.map(ruleToWire));
      },
    );

    app.get(
      '/sys/permission/queryPermissionRule',
      {
        schema: {
          tags,
          summary: '查询菜单的数据规则（按名称、值）',
          querystring: z.object({
            permissionId: id,
            ruleName: z.string().max(50).optional(),
            ruleValue: z.string().max(300).optional(),
            _t: z.string().optional(),
          }),
        },
        config: perm('list'),
      },
      async (request) => {
        const { permissionId, ruleName, ruleValue } = request.query;
        let q = ctx.db.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId);
        const contains = (column: 'ruleName' | 'ruleValue', word: string) =>
          sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(word)}%`} escape ${'\\'}`;
        if (ruleName?.trim()) q = q.where(contains('ruleName', ruleName.trim()));
        if (ruleValue?.trim()) q = q.where(contains('ruleValue', ruleValue.trim()));
        const rows = await q.orderBy('createTime').orderBy('id').execute();
        return ok(rows.map(ruleToWire));
      },
    );

    app.post(
      '/sys/permission/addPermissionRule',
      { schema: { tags, summary: '新增数据规则', body: addRuleBody }, config: perm('edit') },
      async (request) => {
        const ruleId = newId();
        await ctx.db.transaction().execute(async (trx) => {
          const values = await checkRule(trx, request.body);
          await trx
            .insertInto('sysPermissionDataRule')
            .values({
              id: ruleId,
              ...values,
              createBy: request.user!.username,
              createTime: serverNowIso(),
              updateBy: null,
              updateTime: null,
            })
            .execute();
        });
        request.log.info({ event: 'permission.rule.added', id: ruleId }, 'data rule added');
        return ok({ id: ruleId }, '添加成功!');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/permission/editPermissionRule',
      schema: { tags, summary: '编辑数据规则', body: editRuleBody },
      config: perm('edit'),
      handler: async (request) => {
        const { id: ruleId } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('sysPermissionDataRule')
            .select(['id', 'permissionId'])
            .where('id', '=', ruleId)
            .executeTakeFirst();
          if (!existing) throw businessError('未找到对应实体');
          if (existing.permissionId !== request.body.permissionId)
            throw badRequest('数据规则不能移到其他菜单', { permissionId: '数据规则不能移到其他菜单' });
          const values = await checkRule(trx, request.body);
          await trx
            .updateTable('sysPermissionDataRule')
            .set({ ...values, updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', ruleId)
            .execute();
        });
        request.log.info({ event: 'permission.rule.edited', id: ruleId }, 'data rule edited');
        return ok(null, '修改成功!');
      },
    });

    app.delete(
      '/sys/permission/deletePermissionRule',
      { schema: { tags, summary: '删除数据规则', querystring: z.object({ id }) }, config: perm('edit') },
      async (request) => {
        const ruleId = request.query.id;
        await ctx.db.transaction().execute(async (trx) => {
          const rule = await trx
            .selectFrom('sysPermissionDataRule')
            .select(['id', 'permissionId'])
            .where('id', '=', ruleId)
            .executeTakeFirst();
          if (!rule) throw businessError('未找到对应实体');
          await trx.deleteFrom('sysPermissionDataRule').where('id', '=', ruleId).execute();
          // Roles stop naming it.
          const links = await trx
            .selectFrom('sysRolePermission')
            .select(['id', 'dataRuleIds'])
            .where('permissionId', '=', rule.permissionId)
            .where('dataRuleIds', 'is not', null)
            .execute();
          for (const link of links) {
            const kept = idList(link.dataRuleIds ?? '').filter((r) => r !== ruleId);
            await trx
              .updateTable('sysRolePermission')
              .set({ dataRuleIds: kept.length ? kept.join(',') : null })
              .where('id', '=', link.id)
              .execute();
          }
        });
        request.log.info({ event: 'permission.rule.deleted', id: ruleId }, 'data rule deleted');
        return ok(null, '删除成功!');
      },
    );

    // Which of a menu's data rules a role applies (JeecgBoot: /sys/role/datarule).

    const loadDataRule = async (permissionId: string, roleId: string) => {
      const rules = await ctx.db
        .selectFrom('sysPermissionDataRule')
        .selectAll()
        .where('permissionId', '=', permissionId)
        .orderBy('createTime')
        .orderBy('id')
        .execute();
      if (rules.length === 0) throw businessError('未找到权限配置信息');
      const link = await ctx.db
        .selectFrom('sysRolePermission')
        .select('dataRuleIds')
        .where('permissionId', '=', permissionId)
        .where('roleId', '=', roleId)
        .executeTakeFirst();
      const result: { datarule: ReturnType<typeof ruleToWire>[]; drChecked?: string } = {
        datarule: rules.map(ruleToWire),
      };
      const checked = idList(link?.dataRuleIds ?? '');
      if (checked.length) result.drChecked = checked.join(',');
      return ok(result);
    };
    const ruleParams = z.object({ permissionId: id, roleId: id });
    for (const url of ['/sys/role/loadDataRule/:permissionId/:roleId', '/sys/role/datarule/:permissionId/:roleId']) {
      app.get(
        url,
        {
          schema: { tags: ['角色'], summary: '角色在菜单上的数据规则', params: ruleParams },
          config: { access: { permission: 'role:list' } },
        },
        async (request) => {
          await assertInTenant(ctx.db, 'sysRole', [request.params.roleId], request);
          return loadDataRule(request.params.permissionId, request.params.roleId);
        },
      );
    }

    const saveBody = z.object({
      permissionId: id,
      roleId: id,
      dataRuleIds: z.preprocess((v) => v ?? '', z.string().max(10_000)),
    });
    for (const url of ['/sys/role/saveDataRule', '/sys/role/datarule']) {
      app.post(
        url,
        {
          schema: { tags: ['角色'], summary: '保存角色在菜单上的数据规则', body: saveBody },
          config: { access: { permission: 'role:edit' } },
        },
        async (request) => {
          const { permissionId, roleId } = request.body;
          const wanted = idList(request.body.dataRuleIds, '数据规则编号不正确');
          await ctx.db.transaction().execute(async (trx) => {
            const role = await trx
              .selectFrom('sysRole')
              .select('roleCode')
              .where('id', '=', roleId)
              .where(inTenant(request, 'tenantId'))
              .executeTakeFirst();
            if (!role) throw businessError('未找到对应实体');
            if (role.roleCode === 'admin') throw businessError('系统内置的管理员角色拥有全部权限，不能修改');
            const link = await trx
              .selectFrom('sysRolePermission')
              .select('id')
              .where('permissionId', '=', permissionId)
              .where('roleId', '=', roleId)
              .executeTakeFirst();
            if (!link) throw businessError('请先保存角色菜单权限!');
            if (wanted.length) {
              const known = await trx
                .selectFrom('sysPermissionDataRule')
                .select('id')
                .where('permissionId', '=', permissionId)
                .where('id', 'in', wanted)
                .execute();
              if (known.length !== wanted.length) throw badRequest('数据规则不属于该菜单');
            }
            await trx
              .updateTable('sysRolePermission')
              .set({ dataRuleIds: wanted.length ? wanted.join(',') : null })
              .where('id', '=', link.id)
              .execute();
          });
          request.log.info(
            { event: 'role.datarules.saved', roleId, permissionId, count: wanted.length },
            'role data rules saved',
          );
          return ok(null, '保存成功!');
        },
      );
    }
  };
