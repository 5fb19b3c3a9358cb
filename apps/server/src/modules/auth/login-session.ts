import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok, type LoginResult } from '@procura/shared';
import { businessError } from '../../core/errors.js';
import type { AppContext } from '../../app-context.js';
import type { SysUserTable } from '../../db/user-tables.js';
import { departsOf, toUserInfo } from '../users/user-service.js';
import { effectiveTenants, tenantIdsOf, toTenantInfo } from '../tenants/tenant-service.js';
import { LOG_TYPE_LOGIN, LOGIN_OPERATE, record, type LogEntry } from '../logs/log-service.js';

/** A login log row of a request (the attempted username only: never the password). */
export const loginLog = (
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Omit<LogEntry, 'logType' | 'ip' | 'method' | 'requestUrl' | 'requestType'>,
): LogEntry => ({
  logType: LOG_TYPE_LOGIN,
  ip: request.ip,
  method: request.routeOptions.url ?? null,
  requestUrl: request.url.split('?')[0]!,
  requestType: request.method,
  costTime: reply.elapsedTime,
  ...entry,
});

/**
 * Opens a session for a user whose identity was proven (password, SMS code, SSO token, CAS
 * ticket, third-party code) and answers as `/sys/login` does (jeecg-api.md §2.2). Refuses a
 * frozen user and a member of tenants that are all frozen.
 */
export async function openSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SysUserTable,
  how = '登录',
) {
  if (user.status !== 1) throw businessError('该用户已冻结');
  // jeecg-api.md §2.2: a member of tenants needs one that is normal and within its dates.
  const member = user.relTenantIds.trim() !== '';
  const tenants = member ? await effectiveTenants(ctx.db, tenantIdsOf(user.relTenantIds)) : [];
  if (member && tenants.length === 0) throw businessError('与该用户关联的租户均已被冻结，无法登录！');
  await ctx.throttle.recordSuccess(user.username, request.ip);

  const token = await ctx.sessions.issue(user.id, user.username, request.ip, request.headers['user-agent']);
  const departs = await departsOf(ctx.db, user.id);
  const result: LoginResult = {
    token,
    userInfo: toUserInfo(user),
    // The dictionaries of the tenant the client starts in (its first effective one; the platform's otherwise).
    sysAllDictItems: await ctx.dicts.allItems(tenants[0]?.id ?? 0),
    departs,
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    // Only for members of tenants (JeecgBoot 2.4.6+): the effective ones, to choose from.
    ...(member ? { tenantList: tenants.map(toTenantInfo) } : {}),
  };
  request.log.info({ event: 'login.succeeded', userId: user.id, how }, 'login succeeded');
  record(
    ctx.db,
    loginLog(request, reply, {
      operateType: LOGIN_OPERATE.login,
      userid: user.id,
      tenantId: tenants[0] ? Number(tenants[0].id) : (tenantIdsOf(user.relTenantIds)[0] ?? 0),
      username: user.username,
      realname: user.realname,
      logContent: `用户名: ${user.username},${how}成功！`,
      status: 'ok',
    }),
    request.log,
  );
  return ok(result, '登录成功');
}

/** The active, not deleted user of a username, or undefined. */
export const activeUser = (ctx: AppContext, username: string) =>
  ctx.db.selectFrom('sysUser').selectAll().where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
