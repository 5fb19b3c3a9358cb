import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { evalProjectRoutes } from './eval-project-routes.js';
import { evalRaterRoutes } from './eval-raters.js';
import { evalResultRoutes } from './eval-result-routes.js';
import { evalTemplateRoutes } from './eval-template-routes.js';
import { questionnaireRoutes } from './questionnaire-routes.js';

/** Supplier performance (§20) and questionnaires (§6). */
export const evaluationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(evalTemplateRoutes(ctx));
    await app.register(evalProjectRoutes(ctx));
    await app.register(evalRaterRoutes(ctx));
    await app.register(evalResultRoutes(ctx));
    await app.register(questionnaireRoutes(ctx));
  };
