import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { assertSettablePassword } from '../auth/password-policy.js';
import { departsOf, toUserInfo } from './user-service.js';

const updatePasswordSchema = z.object({
  username: z.string().max(100).optional(),
  oldpassword: z.string().max(128).default(''),
  password: z.string().max(128).default(''),
  confirmpassword: z.string().max(128).default(''),
});

const selectDepartSchema = z.object({
  orgCode: z.string().min(1, '请选择部门').max(64),
  username: z.string().max(100).optional(),
});

/** The signed-in user's own account: password, departments (jeecg-api.md §2.3, §7.5). */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/user/updatePassword',
      schema: { tags: ['account'], summary: '修改本人密码', body: updatePasswordSchema },
      config: { access: 'authenticated' },
      handler: async (request) => {
        const me = request.user!;
        const { username, oldpassword, password, confirmpassword } = request.body;
        if (username !== undefined && username !== me.username) throw businessError('只允许修改自己的密码！');
        if (!oldpassword) throw businessError('请输入旧密码!');
        if (!password) throw businessError('新密码不允许为空!');
        if (password !== confirmpassword) throw businessError('两次输入密码不一致!');
        assertSettablePassword(password, 'business');
        // Guessing the old password here is as throttled as guessing it at login.
        ctx.throttle.assertNoWait(await ctx.throttle.state(me.username, request.ip));
        const user = await ctx.db
          .selectFrom('sysUser')
          .select('passwordHash')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow();
        if (!(await verifyPassword(oldpassword, user.passwordHash))) {
          await ctx.throttle.recordFailure(me.username, request.ip);
          throw businessError('旧密码输入错误!');
        }
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sysUser')
            .set({
              passwordHash: await hashPassword(password),
              passwordChangedAt: now,
              updateBy: me.username,
              updateTime: now,
            })
            .where('id', '=', me.id)
            .execute();
          // Every other session of this user ends; the one that changed the password goes on.
          await trx
            .updateTable('sysSession')
            .set({ revokedAt: now })
            .where('userId', '=', me.id)
            .where('id', '<>', me.sessionId)
            .where('revokedAt', 'is', null)
            .execute();
        });
        request.log.info({ event: 'password.changed', userId: me.id }, 'password changed');
        return ok(null, '密码重置成功!');
      },
    });

    app.get(
      '/sys/user/getCurrentUserDeparts',
      { schema: { tags: ['account'], summary: '当前用户的部门' }, config: { access: 'authenticated' } },
      async (request) => {
        const me = await ctx.db
          .selectFrom('sysUser')
          .select('orgCode')
          .where('id', '=', request.user!.id)
          .executeTakeFirstOrThrow();
        return ok({ list: await departsOf(ctx.db, request.user!.id), orgCode: me.orgCode ?? '' });
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/selectDepart',
      schema: { tags: ['account'], summary: '切换当前部门', body: selectDepartSchema },
      config: { access: 'authenticated' },
      handler: async (request) => {
        const me = request.user!;
        if (request.body.username !== undefined && request.body.username !== me.username)
          throw businessError('只能切换自己的部门');
        const departs = await departsOf(ctx.db, me.id);
        if (!departs.some((d) => d.orgCode === request.body.orgCode)) throw businessError('您不属于该部门');
        const now = serverNowIso();
        await ctx.db
          .updateTable('sysUser')
          .set({ orgCode: request.body.orgCode, updateBy: me.username, updateTime: now })
          .where('id', '=', me.id)
          .execute();
        const user = await ctx.db.selectFrom('sysUser').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
        return ok({ userInfo: toUserInfo(user) });
      },
    });
  };
