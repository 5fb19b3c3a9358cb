import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { idList, recordId as id } from '../../http/wire.js';
import { escapeLike, runPagedList } from '../../core/paging.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { hashPassword } from '../auth/password.js';
import { assertSettablePassword } from '../auth/password-policy.js';
import { departsOf, insertUser, toUserInfo } from './user-service.js';
import { withDepartTexts } from './user-depart-texts.js';
import {
  USER_LIST_FIELDS,
  USER_LIST_SORT,
  addSchema,
  editSchema,
  givenProfileFields,
  checkLinks,
  checkTenants,
  softDeleteUsers,
  userInTenant,
  replaceLinks,
  roleIdsInTenant,
} from './user-admin-service.js';
import { assertInTenant, inTenant, isPlatform } from '../../core/tenant-data.js';

/** User administration (jeecg-api.md §7.6), every action behind its permission code. */
export const userAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/user/list',
      { schema: { tags: ['用户'], summary: '用户分页列表' }, config: { access: { permission: 'user:list' } } },
      async (request) => {
        const base = ctx.db
          .selectFrom('sysUser as u')
          .select([
            'u.id',
            'u.username',
            'u.realname',
            'u.avatar',
            'u.sex',
            'u.email',
            'u.phone',
            'u.orgCode',
            'u.status',
          ])
          .select([
            'u.userType',
            'u.isShow',
            'u.supplierId',
            'u.workNo',
            'u.createBy',
            'u.createTime',
            'u.updateBy',
            'u.updateTime',
          ])
          .where('u.delFlag', '=', 0)
          .where(userInTenant(request, 'u.relTenantIds'));
        const query = request.query as Record<string, unknown>;
        const page = await runPagedList(ctx, base, query, USER_LIST_FIELDS, USER_LIST_SORT, { idColumn: 'u.id' });
        const dict = await ctx.dicts.textMaps(['sex', 'user_status', 'user_type']);
        return ok({
          ...page,
          records: (await withDepartTexts(ctx.db, page.records)).map((u) => ({
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

    app.get(
      '/sys/user/queryById',
      {
        schema: { tags: ['用户'], summary: '用户详情', querystring: z.object({ id, _t: z.string().optional() }) },
        config: { access: { permission: 'user:list' } },
      },
      async (request) => {
        const user = await ctx.db
          .selectFrom('sysUser')
          .selectAll()
          .where('id', '=', request.query.id)
          .where('delFlag', '=', 0)
          .where(userInTenant(request))
          .executeTakeFirst();
        if (!user) throw notFound();
        return ok(toUserInfo(user));
      },
    );

    app.get(
      '/sys/user/queryUserRole',
      {
        schema: {
          tags: ['用户'],
          summary: '用户的角色编号',
          querystring: z.object({ userid: id, _t: z.string().optional() }),
        },
        config: { access: { permission: 'user:list' } },
      },
      async (request) => {
        await assertInTenant(ctx.db, 'sysUser', [request.query.userid], request, 'relTenantIds', 'members');
        return ok(await roleIdsInTenant(ctx.db, request.query.userid, request));
      },
    );

    app.get(
      '/sys/user/userDepartList',
      {
        schema: {
          tags: ['用户'],
          summary: '用户所在部门',
          querystring: z.object({ userId: id, _t: z.string().optional() }),
        },
        config: { access: { permission: 'user:list' } },
      },
      async (request) => {
        await assertInTenant(ctx.db, 'sysUser', [request.query.userId], request, 'relTenantIds', 'members');
        const departs = (await departsOf(ctx.db, request.query.userId)).filter(
          (d) => isPlatform(request) || d.tenantId === request.tenantId,
        );
        return ok(
          departs.map((d) => ({ key: d.id, value: d.id, title: d.departName, orgCode: d.orgCode, children: [] })),
        );
      },
    );

    app.get(
      '/sys/role/queryall',
      { schema: { tags: ['用户'], summary: '全部角色（用户表单）' }, config: { access: { permission: 'user:list' } } },
      async (request) =>
        ok(
          await ctx.db
            .selectFrom('sysRole')
            .select(['id', 'roleName', 'roleCode', 'description'])
            .where(inTenant(request, 'tenantId'))
            .orderBy('roleCode')
            .execute(),
        ),
    );

    app.post(
      '/sys/user/add',
      {
        schema: { tags: ['用户'], summary: '新增用户', body: addSchema },
        config: { access: { permission: 'user:add' } },
      },
      async (request) => {
        const b = request.body;
        assertSettablePassword(b.password, 'field');
        const roles = idList(b.selectedroles ?? '');
        const departs = idList(b.selecteddeparts ?? '');
        await checkLinks(ctx.db, roles, departs, request);
        const relTenantIds = await checkTenants(ctx.db, b.relTenantIds ?? '', request.user!, '', request.tenantId);
        if (await ctx.db.selectFrom('sysUser').select('id').where('username', '=', b.username).executeTakeFirst())
          throw badRequest('用户账号已存在', { username: '用户账号已存在' });
        const passwordHash = await hashPassword(b.password);
        const firstDepart = departs.length
          ? await ctx.db.selectFrom('sysDepart').select('orgCode').where('id', '=', departs[0]!).executeTakeFirst()
          : undefined;
        const userId = await ctx.db.transaction().execute((trx) =>
          insertUser(
            trx,
            {
              username: b.username,
              realname: b.realname,
              passwordHash,
              sex: b.sex,
              email: b.email,
              phone: b.phone,
              orgCode: firstDepart?.orgCode,
              workNo: b.workNo,
              relTenantIds,
              createBy: request.user!.username,
            },
            { roles, departs },
          ),
        );
        request.log.info({ event: 'user.added', userId }, 'user added');
        return ok({ id: userId }, '添加成功！');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/user/edit',
      schema: { tags: ['用户'], summary: '编辑用户（不改密码）', body: editSchema },
      config: { access: { permission: 'user:edit' } },
      handler: async (request) => {
        const b = request.body;
        const existing = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'userType', 'relTenantIds'])
          .where('id', '=', b.id)
          .where('delFlag', '=', 0)
          .where(userInTenant(request))
          .executeTakeFirst();
        if (!existing) throw businessError('未找到对应实体');
        // Supplier accounts keep exactly the supplier role: they are edited through editSupplierUser.
        if (existing.userType === 2) throw businessError('供应商用户请通过“编辑供应商用户”修改');
        const roles = b.selectedroles === undefined ? undefined : idList(b.selectedroles);
        const departs = b.selecteddeparts === undefined ? undefined : idList(b.selecteddeparts);
        await checkLinks(ctx.db, roles ?? [], departs ?? [], request);
        const tenants =
          b.relTenantIds === undefined
            ? {}
            : {
                relTenantIds: await checkTenants(
                  ctx.db,
                  b.relTenantIds,
                  request.user!,
                  existing.relTenantIds,
                  request.tenantId,
                ),
              };
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sysUser')
            .set({
              realname: b.realname,
              ...givenProfileFields(b),
              ...tenants,
              updateBy: request.user!.username,
              updateTime: now,
            })
            .where('id', '=', b.id)
            .execute();
          await replaceLinks(trx, b.id, { roles, departs }, request);
        });
        return ok(null, '修改成功!');
      },
    });

    app.put(
      '/sys/user/frozenBatch',
      {
        schema: {
          tags: ['用户'],
          summary: '批量冻结/解冻',
          body: z.object({ ids: z.string().max(40_000), status: z.enum(['1', '2']) }),
        },
        config: { access: { permission: 'user:edit' } },
      },
      async (request) => {
        const ids = idList(request.body.ids, '记录编号不正确');
        if (ids.length === 0) throw badRequest('请选择一条记录！');
        if (request.body.status === '2' && ids.includes(request.user!.id)) throw businessError('不能冻结自己的账号');
        await assertInTenant(ctx.db, 'sysUser', ids, request, 'relTenantIds', 'members');
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sysUser')
            .set({ status: Number(request.body.status), updateBy: request.user!.username, updateTime: now })
            .where('id', 'in', ids)
            .execute();
          // A frozen user's sessions end at once.
          if (request.body.status === '2')
            await trx
              .updateTable('sysSession')
              .set({ revokedAt: now })
              .where('userId', 'in', ids)
              .where('revokedAt', 'is', null)
              .execute();
        });
        return ok(null, '操作成功!');
      },
    );

    app.put(
      '/sys/user/changePassword',
      {
        schema: {
          tags: ['用户'],
          summary: '管理员重置用户密码',
          body: z.object({ username: z.string().max(100), password: z.string().max(128) }).passthrough(),
        },
        config: { access: { permission: 'user:edit' } },
      },
      async (request) => {
        assertSettablePassword(request.body.password, 'business');
        const user = await ctx.db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', request.body.username)
          .where('delFlag', '=', 0)
          .where(userInTenant(request))
          .executeTakeFirst();
        if (!user) throw businessError('未找到对应实体');
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sysUser')
            .set({
              passwordHash: await hashPassword(request.body.password),
              passwordChangedAt: now,
              updateBy: request.user!.username,
              updateTime: now,
            })
            .where('id', '=', user.id)
            .execute();
          await trx
            .updateTable('sysSession')
            .set({ revokedAt: now })
            .where('userId', '=', user.id)
            .where('revokedAt', 'is', null)
            .execute();
        });
        return ok(null, '密码修改成功!');
      },
    );

    app.delete(
      '/sys/user/delete',
      {
        schema: { tags: ['用户'], summary: '删除用户（进回收站）', querystring: z.object({ id }) },
        config: { access: { permission: 'user:delete' } },
      },
      async (request) => {
        await softDeleteUsers(ctx.db, [request.query.id], request.user!, request);
        return ok(null, '删除用户成功');
      },
    );

    app.delete(
      '/sys/user/deleteBatch',
      {
        schema: { tags: ['用户'], summary: '批量删除用户', querystring: z.object({ ids: z.string().max(40_000) }) },
        config: { access: { permission: 'user:delete' } },
      },
      async (request) => {
        await softDeleteUsers(ctx.db, idList(request.query.ids), request.user!, request);
        return ok(null, '批量删除用户成功');
      },
    );

    app.get(
      '/sys/user/checkOnlyUser',
      {
        schema: {
          tags: ['用户'],
          summary: '用户账号是否可用（只答可用与否；仅用户管理员，防账号枚举）',
          querystring: z.object({ username: z.string().trim().min(1).max(100), _t: z.string().optional() }),
        },
        config: { access: { permission: 'user:add' }, rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const taken = await ctx.db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', request.query.username)
          .executeTakeFirst();
        return taken ? { ...ok(false, '用户账号已存在'), success: false } : ok(true, '该值可用！');
      },
    );

    app.get(
      '/sys/user/queryUserByDepId',
      {
        schema: {
          tags: ['用户'],
          summary: '部门（含下级）的用户',
          querystring: z.object({ id, realname: z.string().max(100).optional(), _t: z.string().optional() }),
        },
        config: { access: { permission: 'user:list' } },
      },
      async (request) => {
        const depart = await ctx.db
          .selectFrom('sysDepart')
          .select('orgCode')
          .where('id', '=', request.query.id)
          .where(inTenant(request, 'tenantId'))
          .executeTakeFirst();
        if (!depart) return ok([]);
        let q = ctx.db
          .selectFrom('sysUser as u')
          .innerJoin('sysUserDepart as ud', 'ud.userId', 'u.id')
          .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
          .selectAll('u')
          .distinct()
          .where('u.delFlag', '=', 0)
          .where(userInTenant(request, 'u.relTenantIds'))
          .where(sql<SqlBool>`${sql.ref('d.orgCode')} like ${`${escapeLike(depart.orgCode)}%`} escape ${'\\'}`);
        if (request.query.realname)
          q = q.where(
            sql<SqlBool>`${sql.ref('u.realname')} like ${`%${escapeLike(request.query.realname)}%`} escape ${'\\'}`,
          );
        const users = await q.orderBy('u.username').execute();
        return ok(users.map(toUserInfo));
      },
    );
  };
