import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { registerRoutes } from './register-routes.js';
import { signinRoutes } from './signin-routes.js';
import { createSmsSender } from './sms/sender.js';
import { SmsService } from './sms/sms-service.js';

/** Registration, password retrieval and every way to sign in besides the password, over one SMS service. */
export const authExtraRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const sms = new SmsService(ctx.db, createSmsSender(ctx.config.smsSender));
    await app.register(signinRoutes(ctx, sms));
    await app.register(registerRoutes(ctx, sms));
  };
