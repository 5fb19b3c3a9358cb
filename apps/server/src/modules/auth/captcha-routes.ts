import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';

/** The image captcha (jeecg-api.md §2.1) and whether the login page must show it from the start. */
export const captchaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: ctx.config.loginRateLimit, timeWindow: '1 minute' };

    app.get(
      '/sys/randomImage/:key',
      {
        schema: {
          tags: ['auth'],
          summary: '图形验证码（result 为图片 data URL，4 位，60 秒内有效，用一次）',
          params: z.object({ key: z.string().trim().min(1).max(64) }),
        },
        config: { access: 'public', rateLimit },
      },
      async (request) => ok(await ctx.captchas.draw(request.params.key)),
    );

    app.get(
      '/sys/login/captchaRequired',
      {
        schema: { tags: ['auth'], summary: '账号密码登录是否须先填图形验证码（本地址近期登录失败或设置要求）' },
        config: { access: 'public', rateLimit },
      },
      async (request) =>
        ok({
          required:
            (await ctx.security.get('security.loginCaptchaAlways')) || (await ctx.throttle.addressFailed(request.ip)),
        }),
    );
  };
