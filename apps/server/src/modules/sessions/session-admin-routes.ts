import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { idList, wireId } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { realNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { toUserInfo } from '../users/user-service.js';
import { inTenant } from '../../core/tenant-data.js';

/** Users of the request's tenant (all for the platform): `ref` is their `relTenantIds`. */
const members = (request: { tenantId: number }, ref = 'relTenantIds') => inTenant(request, ref, 'members');

const ONLINE_FIELDS: ListFields = {
  username: { column: 'u.username', filter: 'text', sortable: true },
  realname: { column: 'u.realname', filter: 'text' },
  createdAt: { column: 's.createdAt', sortable: true },
};

/** The chosen users of a bulk command: at least one, each a record id. */
const chosenIds = (raw: string) => {
  const ids = idList(raw, '记录编号不正确');
  if (ids.length === 0) throw badRequest('请选择一条记录！');
  return ids;
};

/** Online users with forced logout, and the recycle bin of deleted users. */
export const sessionAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/online/list',
      {
        schema: { tags: ['在线用户'], summary: '在线用户（有效会话）' },
        config: { access: { permission: 'online:list' } },
      },
      async (request) => {
        // Sessions live on real time (see SessionService).
        const now = realNow().toISOString();
        const base = ctx.db
          .selectFrom('sysSession as s')
          .innerJoin('sysUser as u', 'u.id', 's.userId')
          .select([
            's.id',
            's.createdAt',
            's.expiresAt',
            's.ip',
            's.userAgent',
            'u.username',
            'u.realname',
            'u.userType',
          ])
          .where('s.revokedAt', 'is', null)
          .where('s.expiresAt', '>', now)
          .where(members(request, 'u.relTenantIds'))
          // A closed page's session whose grace has run out is over, even before anyone checks it.
          .where((eb) => eb.or([eb('s.closingAt', 'is', null), eb('s.closingAt', '>', now)]));
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, ONLINE_FIELDS, {
          column: 's.createdAt',
          order: 'desc',
        });
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            // The session this very request runs in, so an administrator does not end it by mistake.
            current: r.id === request.user!.sessionId,
            loginTime: toWireDateTime(r.createdAt),
            expiresAt: toWireDateTime(r.expiresAt),
          })),
        });
      },
    );

    app.post(
      '/sys/online/forceLogout',
      {
        schema: {
          tags: ['在线用户'],
          summary: '强制退出',
          body: z.object({ id: wireId('会话编号不正确') }),
        },
        config: { access: { permission: 'online:forceLogout' } },
      },
      async (request) => {
        if (request.body.id === request.user!.sessionId) throw businessError('不能强制退出当前会话，请使用退出登录');
        const done = await ctx.db
          .updateTable('sysSession')
          .set({ revokedAt: serverNowIso() })
          .where('id', '=', request.body.id)
          .where('revokedAt', 'is', null)
          .where('userId', 'in', ctx.db.selectFrom('sysUser').select('id').where(members(request)))
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw businessError('该会话已结束');
        request.log.info({ event: 'session.forced_out', sessionId: request.body.id }, 'forced logout');
        return ok(null, '强制退出成功！');
      },
    );

    app.get(
      '/sys/user/recycleBin',
      { schema: { tags: ['用户'], summary: '回收站中的用户' }, config: { access: { permission: 'user:delete' } } },
      async (request) => {
        const users = await ctx.db
          .selectFrom('sysUser')
          .selectAll()
          .where('delFlag', '=', 1)
          .where(members(request))
          .orderBy('updateTime', 'desc')
          .execute();
        return ok(users.map((u) => ({ ...toUserInfo(u), updateTime: toWireDateTime(u.updateTime) })));
      },
    );

    app.put(
      '/sys/user/putRecycleBin',
      {
        schema: { tags: ['用户'], summary: '从回收站还原用户', body: z.object({ userIds: z.string().max(40_000) }) },
        config: { access: { permission: 'user:delete' } },
      },
      async (request) => {
        const ids = chosenIds(request.body.userIds);
        await ctx.db
          .updateTable('sysUser')
          .set({ delFlag: 0, updateBy: request.user!.username, updateTime: serverNowIso() })
          .where('id', 'in', ids)
          .where('delFlag', '=', 1)
          .where(members(request))
          .execute();
        return ok(null, '还原成功');
      },
    );

    app.delete(
      '/sys/user/deleteRecycleBin',
      {
        schema: {
          tags: ['用户'],
          summary: '彻底删除回收站中的用户',
          querystring: z.object({ userIds: z.string().max(40_000) }),
        },
        config: { access: { permission: 'user:delete' } },
      },
      async (request) => {
        const ids = chosenIds(request.query.userIds);
        // Only users already in the recycle bin can be purged; their sessions, roles and departments go with them.
        const done = await ctx.db
          .deleteFrom('sysUser')
          .where('id', 'in', ids)
          .where('delFlag', '=', 1)
          .where(members(request))
          .executeTakeFirst();
        return ok({ deleted: Number(done.numDeletedRows) }, '删除成功');
      },
    );
  };
