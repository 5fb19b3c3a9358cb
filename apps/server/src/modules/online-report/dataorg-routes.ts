import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataorgResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { resourceRoutes } from '../../resource/resource-routes.js';

/** 组织机构: `/dataorg/bdDataorg/list` (the organisation picker, searched by `name`) and its administration. */
export const dataorgRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(resourceRoutes(ctx, dataorgResource));
  };
