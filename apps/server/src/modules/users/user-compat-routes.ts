import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { idList, recordId as id } from '../../http/wire.js';
import { applyListQuery, runPagedList } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import { attachment, safeCell } from '../../resource/resource-excel.js';
import { USER_LIST_FIELDS } from './user-admin-service.js';
import { withDepartTexts } from './user-depart-texts.js';
import { assertInTenant, inTenant, type TenantRequest } from '../../core/tenant-data.js';

const LIST_COLUMNS = ['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.email', 'u.phone'] as const;
const MORE_COLUMNS = ['u.orgCode', 'u.status', 'u.workNo', 'u.userType', 'u.createBy', 'u.createTime'] as const;
const EXPORT_BATCH = 2000;

/**
 * Routes the stock JeecgBoot client calls on its user and role pages (jeecg-api.md §7.6):
 * role members, a new user id, the third-party app switch and the user export.
 */
export const userCompatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // A tenant's administrator reaches only its own users and roles (the platform all of them).
    const users = (request: TenantRequest) =>
      ctx.db
        .selectFrom('sysUser as u')
        .select(LIST_COLUMNS)
        .select(MORE_COLUMNS)
        .where('u.delFlag', '=', 0)
        .where(inTenant(request, 'u.relTenantIds', 'members'));

    const roleExists = async (roleId: string, request: TenantRequest) => {
      const role = await ctx.db
        .selectFrom('sysRole')
        .select('id')
        .where('id', '=', roleId)
        .where(inTenant(request, 'tenantId'))
        .executeTakeFirst();
      if (!role) throw businessError('未找到对应角色');
    };

    app.get(
      '/sys/user/userRoleList',
      {
        schema: { tags: ['用户'], summary: '角色的用户（分页）', querystring: z.looseObject({ roleId: id }) },
        config: { access: { permission: 'role:list' } },
      },
      async (request) => {
        await roleExists(request.query.roleId, request);
        const base = users(request).where(
          'u.id',
          'in',
          ctx.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', request.query.roleId),
        );
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, USER_LIST_FIELDS, {
          column: 'u.createTime',
          order: 'desc',
        });
        const records = await withDepartTexts(ctx.db, page.records);
        return ok({ ...page, records: records.map((u) => ({ ...u, createTime: toWireDateTime(u.createTime) })) });
      },
    );

    app.post(
      '/sys/user/addSysUserRole',
      {
        schema: {
          tags: ['用户'],
          summary: '给角色添加用户',
          body: z.object({ roleId: id, userIdList: z.array(id).min(1, '请选择用户').max(1000) }),
        },
        config: { access: { permission: 'user:addUserRole' } },
      },
      async (request) => {
        const { roleId, userIdList } = request.body;
        await roleExists(roleId, request);
        const found = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'userType'])
          .where('id', 'in', userIdList)
          .where('delFlag', '=', 0)
          .where(inTenant(request, 'relTenantIds', 'members'))
          .execute();
        if (found.length !== new Set(userIdList).size) throw badRequest('用户不存在');
        // Supplier accounts hold exactly the supplier role (see /sys/user/edit).
        if (found.some((u) => u.userType === 2)) throw businessError('供应商用户的角色不能在此修改');
        await ctx.db.transaction().execute(async (trx) => {
          const have = new Set(
            (
              await trx
                .selectFrom('sysUserRole')
                .select('userId')
                .where('roleId', '=', roleId)
                .where('userId', 'in', userIdList)
                .execute()
            ).map((r) => r.userId),
          );
          for (const userId of new Set(userIdList))
            if (!have.has(userId))
              await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
        });
        request.log.info({ event: 'role.usersAdded', roleId, count: userIdList.length }, 'role members added');
        return ok(null, '添加成功!');
      },
    );

    const removeMembers = async (roleId: string, userIds: string[], request: TenantRequest) => {
      await roleExists(roleId, request);
      await assertInTenant(ctx.db, 'sysUser', userIds, request, 'relTenantIds', 'members');
      const suppliers = await ctx.db
        .selectFrom('sysUser')
        .select('id')
        .where('id', 'in', userIds)
        .where('userType', '=', 2)
        .execute();
      if (suppliers.length) throw businessError('供应商用户的角色不能在此修改');
      await ctx.db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
    };

    app.delete(
      '/sys/user/deleteUserRole',
      {
        schema: { tags: ['用户'], summary: '从角色移除用户', querystring: z.looseObject({ roleId: id, userId: id }) },
        config: { access: { permission: 'user:deleteRole' } },
      },
      async (request) => {
        await removeMembers(request.query.roleId, [request.query.userId], request);
        return ok(null, '删除成功!');
      },
    );

    app.delete(
      '/sys/user/deleteUserRoleBatch',
      {
        schema: {
          tags: ['用户'],
          summary: '从角色批量移除用户',
          querystring: z.looseObject({ roleId: id, userIds: z.string().max(40_000) }),
        },
        config: { access: { permission: 'user:deleteRoleBatch' } },
      },
      async (request) => {
        const ids = idList(request.query.userIds, '记录编号不正确');
        if (ids.length === 0) throw badRequest('请选择一条记录！');
        await removeMembers(request.query.roleId, ids, request);
        return ok(null, '删除成功!');
      },
    );

    app.get(
      '/sys/user/generateUserId',
      { schema: { tags: ['用户'], summary: '生成用户编号' }, config: { access: { permission: 'user:add' } } },
      async () => ok(randomUUID().replaceAll('-', '')),
    );

    // No WeChat Work or DingTalk integration: the stock client then hides its sync buttons.
    app.get(
      '/sys/thirdApp/getEnabledType',
      { schema: { tags: ['用户'], summary: '已启用的第三方应用' }, config: { access: 'authenticated' } },
      async () => ok({ wechatEnterprise: false, dingtalk: false }),
    );

    app.get(
      '/sys/user/exportXls',
      { schema: { tags: ['用户'], summary: '导出用户' }, config: { access: { permission: 'user:export' } } },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const applied = applyListQuery(ctx.kind, users(request), query, USER_LIST_FIELDS, {
          column: 'u.createTime',
          order: 'desc',
        });
        let filtered = applied.filtered;
        const selections = idList(query.selections, '记录编号不正确');
        if (selections.length) filtered = filtered.where('u.id', 'in', selections);
        const dict = await ctx.dicts.textMaps(['sex', 'user_status']);
        const stream = new PassThrough();
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
        const sheet = workbook.addWorksheet('用户信息');
        sheet.columns = [
          ['username', '登录账号'],
          ['realname', '真实姓名'],
          ['sex', '性别'],
          ['phone', '手机号码'],
          ['email', '电子邮件'],
          ['workNo', '工号'],
          ['orgCodeTxt', '部门'],
          ['status', '状态'],
          ['createTime', '创建时间'],
        ].map(([key, header]) => ({ key, header, width: 16 }));
        const write = async () => {
          for (let offset = 0; ; offset += EXPORT_BATCH) {
            const rows = await filtered
              .orderBy(sql.ref(applied.sortColumn), applied.direction)
              .orderBy('u.id')
              .limit(EXPORT_BATCH)
              .offset(offset)
              .execute();
            for (const u of await withDepartTexts(ctx.db, rows)) {
              const cells: Record<string, unknown> = {
                ...u,
                sex: u.sex === null ? '' : (dict.sex.get(String(u.sex)) ?? u.sex),
                status: dict.user_status.get(String(u.status)) ?? u.status,
                createTime: toWireDateTime(u.createTime),
              };
              for (const k of Object.keys(cells)) cells[k] = safeCell(cells[k]);
              sheet.addRow(cells).commit();
            }
            if (rows.length < EXPORT_BATCH) break;
          }
          sheet.commit();
          await workbook.commit();
        };
        write().catch((error: unknown) => {
          request.log.error({ err: error }, 'user export failed');
          stream.destroy(error as Error);
        });
        attachment(reply, '用户信息.xlsx');
        return reply.send(stream);
      },
    );
  };
