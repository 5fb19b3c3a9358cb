import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, ok, type LoginRequest } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { AppError, businessError } from '../../core/errors.js';
import type { AppContext } from '../../app-context.js';
import { LOGIN_OPERATE, record } from '../logs/log-service.js';
import { CAPTCHA_CODE, CAPTCHA_REQUIRED, CAPTCHA_WRONG } from './captcha.js';
import { loginLog, openSession } from './login-session.js';
import { verifyDecoy, verifyPassword } from './password.js';

const WRONG_CREDENTIALS = '用户名或密码错误';

/** Login and logout (jeecg-api.md §2). */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const logoutLog = (request: FastifyRequest, reply: FastifyReply, user: SessionUser) =>
      record(
        ctx.db,
        loginLog(request, reply, {
          operateType: LOGIN_OPERATE.logout,
          userid: user.id,
          tenantId: request.tenantId,
          username: user.username,
          realname: user.realname,
          logContent: `用户名: ${user.username},退出成功！`,
          status: 'ok',
        }),
        request.log,
      );

    /** Checks the credentials and opens a session; throws the refusal. */
    const login = async (request: FastifyRequest, reply: FastifyReply, body: LoginRequest) => {
      const { username, password } = body;
      const ip = request.ip;
      // Issue 16 #2: first the delay, then the captcha (used up by its check), then the password.
      const guard = await ctx.throttle.state(username, ip);
      ctx.throttle.assertNoWait(guard);
      if (guard.captchaRequired || (await ctx.security.get('security.loginCaptchaAlways'))) {
        const refuse = (message: string) => new AppError(message, 200, CAPTCHA_CODE, { captchaRequired: true });
        if (!body.captcha?.trim() || body.checkKey === undefined) throw refuse(CAPTCHA_REQUIRED);
        if (!(await ctx.captchas.check(body.checkKey, body.captcha))) throw refuse(CAPTCHA_WRONG);
      }
      const user = await ctx.db
        .selectFrom('sysUser')
        .selectAll()
        .where('username', '=', username)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      // Unknown user and wrong password take as long and answer alike.
      const passwordOk = user
        ? await verifyPassword(password, user.passwordHash)
        : (await verifyDecoy(password), false);
      if (!user || !passwordOk) {
        await ctx.throttle.recordFailure(username, ip);
        request.log.warn({ event: 'login.failed', username }, 'login failed');
        throw businessError(WRONG_CREDENTIALS, { captchaRequired: true });
      }
      return openSession(ctx, request, reply, user);
    };

    // `/sys/onlineLogin` (spec part 1 §7: "login data, as login") is the same sign-in under a
    // second name: one handler, one throttle, one `openSession`.
    for (const [url, summary] of [
      ['/sys/login', '账号密码登录'],
      ['/sys/onlineLogin', '账号密码登录（在线登录，同 /sys/login）'],
    ] as const) {
      app.post(
        url,
        {
          schema: { tags: ['auth'], summary, body: loginRequestSchema },
          config: { access: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
        },
        async (request, reply) => {
          const { username } = request.body;
          try {
            return await login(request, reply, request.body);
          } catch (err) {
            const reason = err instanceof AppError ? err.message : '系统错误';
            record(
              ctx.db,
              loginLog(request, reply, {
                operateType: LOGIN_OPERATE.login,
                username,
                logContent: `用户名: ${username},登录失败：${reason}`,
                status: 'failed',
              }),
              request.log,
            );
            throw err;
          }
        },
      );
    }

    app.post(
      '/sys/logout',
      { schema: { tags: ['auth'], summary: '退出登录（令牌在 X-Access-Token 头）' }, config: { access: 'public' } },
      async (request, reply) => {
        // A forged or stale token is a no-op (AUTHN-3): only a verified session is ended.
        if (request.user) {
          await ctx.sessions.revoke(request.user.sessionId);
          logoutLog(request, reply, request.user);
        }
        return ok(null, '退出登录成功！');
      },
    );

    app.post(
      '/sys/logoutV2',
      {
        schema: {
          tags: ['auth'],
          summary: '页面关闭时退出（令牌为请求体，navigator.sendBeacon）',
          body: z.string().max(4096).optional(),
        },
        config: { access: 'public' },
      },
      async (request) => {
        const token = typeof request.body === 'string' ? request.body.trim() : '';
        const user = token ? await ctx.sessions.verify(token) : null;
        // Held a few seconds: a reload sends this beacon too, and the reloaded page keeps
        // the session by using it (SessionService.closeSoon).
        if (user) await ctx.sessions.closeSoon(user.sessionId);
        return ok(null, '退出登录成功！');
      },
    );
  };
