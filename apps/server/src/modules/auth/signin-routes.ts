import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, phoneLoginSchema, smsRequestSchema, ssoLoginSchema } from '@procura/shared';
import { AppError, businessError } from '../../core/errors.js';
import { realNow, serverNowIso, serverNowMs } from '../../core/clock.js';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/database.js';
import { activeUser, openSession } from './login-session.js';
import { CAPTCHA_CODE, CAPTCHA_REQUIRED, CAPTCHA_WRONG } from './captcha.js';
import { OutboxSmsSender, SMS_NOT_CONFIGURED } from './sms/sender.js';
import { SMS_MODES, type SmsService } from './sms/sms-service.js';

export const WRONG_PHONE_CODE = '手机验证码错误';
export const SSO_DISABLED = '单点登录未启用';
export const SSO_INVALID = '单点登录令牌无效或已过期';
export const CAS_DISABLED = 'CAS 单点登录未启用';
export const CAS_INVALID = 'CAS 票据无效';
export const CAS_DOWN = 'CAS 服务暂不可用，请稍后再试';
export const THIRD_EXPIRED = '登录信息已失效';
/** An SSO token may live at most this long: a longer-lived one is refused. */
export const SSO_MAX_LIFETIME_S = 5 * 60;
export const CAS_TIMEOUT_MS = 5000;
export const THIRD_CODE_TTL_MS = 5 * 60_000;

const captchaRefusal = (message: string) => new AppError(message, 200, CAPTCHA_CODE, { captchaRequired: true });

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * For a third-party login provider's callback (none is configured by default): binds a
 * one-time code to the user the provider vouched for. The browser then exchanges it at
 * `/thirdLogin/getLoginUser/{code}`. Only the code's hash is stored.
 */
export async function issueThirdLoginCode(
  db: Db,
  userId: string,
  provider: string,
  ttlMs = THIRD_CODE_TTL_MS,
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db
    .insertInto('sysThirdLoginCode')
    .values({
      codeHash: sha256(code),
      userId,
      provider: provider.slice(0, 32),
      expiresAt: new Date(serverNowMs() + ttlMs).toISOString(),
      usedAt: null,
      createTime: serverNowIso(),
    })
    .execute();
  return code;
}

/** The `<cas:user>` of a CAS 2.0 serviceValidate answer; no DTD or entity is ever expanded. */
export function casUserOf(xml: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  if (!/<cas:authenticationSuccess[\s>]/.test(xml)) return null;
  const m = /<cas:user>\s*([^<>&\s]{1,100})\s*<\/cas:user>/.exec(xml);
  return m ? m[1]! : null;
}

/** SMS codes, phone login, SSO token login, CAS ticket login, third-party code exchange (jeecg-api.md §2.3). */
export const signinRoutes =
  (ctx: AppContext, sms: SmsService): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = { max: ctx.config.loginRateLimit, timeWindow: '1 minute' };

    app.post(
      '/sys/sms',
      {
        schema: {
          tags: ['auth'],
          summary: '发送短信验证码（smsmode 0 登录，1 注册，2 忘记密码）',
          body: smsRequestSchema,
        },
        config: { access: 'public', rateLimit: limit },
      },
      async (request) => {
        const { mobile, smsmode, captcha, checkKey } = request.body;
        const purpose = SMS_MODES[smsmode]!;
        if (!sms.sender.enabled) throw businessError(SMS_NOT_CONFIGURED);
        // Issue 16 #4: an image captcha before a send, then hourly caps. The stock JeecgBoot
        // client's SMS login sends no captcha: a login code is accepted without one, because it
        // is delivered only to a mobile that already has an account (never to a number an
        // attacker picks, which is what pumping needs), the per-mobile, per-address and total
        // hourly caps and the once-a-minute resend still apply, and the code itself is the
        // second factor of that sign-in. A captcha that is sent is still checked. Register and
        // reset codes always need it.
        const stockLogin = purpose === 'login' && !captcha?.trim() && checkKey === undefined;
        if (!stockLogin) {
          if (!captcha?.trim() || checkKey === undefined) throw captchaRefusal(CAPTCHA_REQUIRED);
          if (!(await ctx.captchas.check(checkKey, captcha))) throw captchaRefusal(CAPTCHA_WRONG);
        }
        const caps = {
          perMobile: await ctx.security.get('security.smsPerMobileHour'),
          perAddress: await ctx.security.get('security.smsPerAddressHour'),
          total: await ctx.security.get('security.smsTotalHour'),
        };
        // A login or a reset code reaches only a mobile that has an account; the answer is the same (AUTHN-10).
        const deliver =
          purpose === 'register' ||
          !!(await ctx.db
            .selectFrom('sysUser')
            .select('id')
            .where('phone', '=', mobile)
            .where('delFlag', '=', 0)
            .executeTakeFirst());
        await sms.issue(mobile, purpose, request.ip, deliver, request.log, caps);
        return ok(null, '验证码已发送，5分钟内有效');
      },
    );

    if (sms.sender instanceof OutboxSmsSender) {
      const outbox = sms.sender;
      // Tests only: SMS_SENDER=outbox, which the configuration refuses in production.
      app.get(
        '/sys/sms/testOutbox',
        {
          schema: {
            tags: ['auth'],
            summary: '测试用：最近发送的短信验证码（仅 SMS_SENDER=outbox）',
            querystring: z.object({ mobile: z.string().max(20) }),
          },
          config: { access: 'public' },
        },
        async (request) => ok(outbox.lastCode(request.query.mobile)),
      );
    }

    app.post(
      '/sys/phoneLogin',
      {
        schema: { tags: ['auth'], summary: '手机号 + 短信验证码登录', body: phoneLoginSchema },
        config: { access: 'public', rateLimit: limit },
      },
      async (request, reply) => {
        const { mobile, captcha } = request.body;
        await sms.take(mobile, 'login', captcha, WRONG_PHONE_CODE);
        const users = await ctx.db
          .selectFrom('sysUser')
          .selectAll()
          .where('phone', '=', mobile)
          .where('delFlag', '=', 0)
          .limit(2)
          .execute();
        if (users.length === 0) throw businessError('该手机号未绑定账号');
        if (users.length > 1) throw businessError('该手机号绑定了多个账号，请使用账号密码登录');
        return openSession(ctx, request, reply, users[0]!, '手机号登录');
      },
    );

    app.post(
      '/sys/ssoLogin',
      {
        schema: { tags: ['auth'], summary: '单点登录（可信身份提供方签发的 HS256 令牌）', body: ssoLoginSchema },
        config: { access: 'public', rateLimit: limit },
      },
      async (request, reply) => {
        if (!ctx.config.ssoSecret) throw businessError(SSO_DISABLED);
        let claims: { username?: unknown; exp?: number; jti?: string };
        try {
          ({ payload: claims } = await jwtVerify(request.body.token, new TextEncoder().encode(ctx.config.ssoSecret), {
            algorithms: ['HS256'],
            requiredClaims: ['exp', 'jti', 'username'],
          }));
        } catch (err) {
          request.log.warn(
            { event: 'sso.refused', reason: err instanceof joseErrors.JOSEError ? err.code : 'error' },
            'sso token refused',
          );
          throw businessError(SSO_INVALID);
        }
        // Real time: the token's expiry comes from the issuer's clock, and jose checked it on real time.
        const now = realNow().getTime();
        if (
          typeof claims.username !== 'string' ||
          typeof claims.jti !== 'string' ||
          claims.jti.length > 128 ||
          claims.exp! * 1000 > now + SSO_MAX_LIFETIME_S * 1000
        ) {
          throw businessError(SSO_INVALID);
        }
        // Single use: the id is kept until the token would have expired anyway.
        await ctx.db.deleteFrom('sysSsoJti').where('expiresAt', '<', new Date(now).toISOString()).execute();
        const inserted = await ctx.db
          .insertInto('sysSsoJti')
          .values({
            jti: claims.jti,
            expiresAt: new Date(claims.exp! * 1000).toISOString(),
            createTime: serverNowIso(),
          })
          .onConflict((oc) => oc.column('jti').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw businessError(SSO_INVALID);
        const user = await activeUser(ctx, claims.username);
        if (!user) throw businessError(SSO_INVALID);
        return openSession(ctx, request, reply, user, '单点登录');
      },
    );

    app.get(
      '/cas/client/validateLogin',
      {
        schema: {
          tags: ['auth'],
          summary: 'CAS 票据登录（向 CAS_SERVER_URL 校验票据）',
          querystring: z.object({ ticket: z.string().min(1).max(512), service: z.string().min(1).max(1024) }),
        },
        config: { access: 'public', rateLimit: limit },
      },
      async (request, reply) => {
        if (!ctx.config.casServerUrl) throw businessError(CAS_DISABLED);
        const url = new URL(`${ctx.config.casServerUrl}/serviceValidate`);
        url.searchParams.set('ticket', request.query.ticket);
        url.searchParams.set('service', request.query.service);
        let xml: string;
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(CAS_TIMEOUT_MS), redirect: 'error' });
          if (!res.ok) throw new Error(`CAS answered ${res.status}`);
          xml = (await res.text()).slice(0, 100_000);
        } catch (err) {
          request.log.warn({ event: 'cas.down', err: String(err) }, 'CAS server unreachable');
          throw businessError(CAS_DOWN);
        }
        const username = casUserOf(xml);
        const user = username ? await activeUser(ctx, username) : undefined;
        if (!user) throw businessError(CAS_INVALID);
        return openSession(ctx, request, reply, user, 'CAS登录');
      },
    );

    app.get(
      '/thirdLogin/getLoginUser/:code',
      {
        schema: {
          tags: ['auth'],
          summary: '第三方登录：以一次性登录码换取登录结果',
          params: z.object({ code: z.string().min(1).max(200) }),
        },
        config: { access: 'public', rateLimit: limit },
      },
      async (request, reply) => {
        const now = serverNowIso();
        const row = await ctx.db
          .selectFrom('sysThirdLoginCode')
          .select(['codeHash', 'userId'])
          .where('codeHash', '=', sha256(request.params.code))
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', now)
          .executeTakeFirst();
        if (!row) throw businessError(THIRD_EXPIRED);
        const used = await ctx.db
          .updateTable('sysThirdLoginCode')
          .set({ usedAt: now })
          .where('codeHash', '=', row.codeHash)
          .where('usedAt', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw businessError(THIRD_EXPIRED);
        const user = await ctx.db
          .selectFrom('sysUser')
          .selectAll()
          .where('id', '=', row.userId)
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (!user) throw businessError(THIRD_EXPIRED);
        return openSession(ctx, request, reply, user, '第三方登录');
      },
    );
  };
