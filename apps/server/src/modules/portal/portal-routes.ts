import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { portalAdmin } from './portal-admin.js';
import { portalView } from './portal-view.js';

/** The public portal: its `/portal/view/*` reads and sign-up, and its back office. */
export const portalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(portalView(ctx));
    await app.register(portalAdmin(ctx));
  };
