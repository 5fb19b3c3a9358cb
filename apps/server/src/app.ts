import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './core/errors.js';
import { newId } from './core/ids.js';
import type { AppContext } from './app-context.js';
import { installAccessControl, type RouteRecord } from './http/access-hook.js';
import { installErrorHandler } from './http/error-handler.js';
import { installOperationLog } from './http/operation-log.js';
import { serveWebApp } from './http/web-app.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { authExtraRoutes } from './modules/auth/auth-extra-routes.js';
import { supplierRoutes } from './modules/supplier/supplier-routes.js';
import { lifecycleRoutes } from './modules/supplier/lifecycle-routes.js';
import { admissionReviewRoutes } from './modules/supplier/admission-routes.js';
import { supplierChangeRoutes } from './modules/supplier-change/change-routes.js';
// the files documents share with their supplier (change request evidence, company documents).
import './modules/supplier-change/change-files.js';
import './modules/supplier/supplier-files.js';
import { qualificationExpiryJob } from './modules/supplier/qualification-job.js';
import { systemRoutes } from './modules/system/system-routes.js';
import { accountRoutes } from './modules/users/account-routes.js';
import { announcementRoutes } from './modules/announcements/announcement-routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.js';
import { systemResources } from './modules/system/system-resources.js';
import { duplicateCheckRoutes } from './modules/system/duplicate-check-routes.js';
import { rolePermissionRoutes } from './modules/roles-and-permissions/role-permission-routes.js';
import { permissionAdminRoutes } from './modules/roles-and-permissions/permission-admin-routes.js';
import { userAdminRoutes } from './modules/users/user-admin-routes.js';
import { supplierUserRoutes } from './modules/users/supplier-user-routes.js';
import { announcementAdmin } from './modules/announcements/announcement-admin.js';
import { departRoutes } from './modules/departments/depart-routes.js';
import { departAdminRoutes } from './modules/departments/depart-admin-routes.js';
import { sessionAdminRoutes } from './modules/sessions/session-admin-routes.js';
import { tenantRoutes } from './modules/tenants/tenant-routes.js';
import { codeRuleRoutes } from './modules/code-rules/code-rule-routes.js';
import { logRoutes } from './modules/logs/log-routes.js';
import { portalRoutes } from './modules/portal/portal-routes.js';
import { importLogRoutes } from './resource/import-log-routes.js';
import { fileRoutes } from './modules/files/file-routes.js';
import { evaluationRoutes } from './modules/evaluation/evaluation-routes.js';
import { dataorgRoutes } from './modules/online-report/dataorg-routes.js';
import { extendFieldRoutes } from './modules/extend-field/extend-field-routes.js';
import { reportRoutes } from './modules/online-report/report-routes.js';
import { dictTableRoutes } from './modules/dictionaries/dict-table-routes.js';
import { categoryRoutes } from './modules/dictionaries/category-routes.js';
import { approvalRoutes } from './modules/approval/approval-routes.js';
import { materialRoutes } from './modules/material/material-routes.js';
import { sampleRoutes } from './modules/sample/sample-routes.js';
import { sourceListRoutes } from './modules/material/source-list.js';
import { purchaseSettingRoutes } from './modules/material/purchase-settings.js';
import { sourcingRoutes } from './modules/sourcing/index.js';
import { tenderModuleRoutes } from './modules/tender/index.js';
import { auctionRoutes } from './modules/auction/index.js';
import { publicityFinalizerJob, tenderEvaluationRoutes } from './modules/tender-evaluation/index.js';
import { configureTestClock } from './core/clock.js';
import { testClockRoutes } from './modules/system/test-clock-routes.js';
import { requisitionRoutes } from './modules/requisition/requisition-routes.js';
import { quotaRoutes } from './modules/quota/index.js';
import { sourcingReminderJob } from './modules/sourcing/reminder-job.js';
import { jobRoutes } from './modules/jobs/index.js';

/** The server and its route inventory (method, url, access policy). */
export type App = { app: FastifyInstance; routes: () => RouteRecord[] };

export type BuildOptions = { logger?: boolean };

/** Builds the whole server: API under the base path, the web app at the root. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const { config } = ctx;
  // the sourcing deadline clock; movable only under TEST_CLOCK=true (refused in production).
  configureTestClock(config.testClock);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the log (LOG-1).
            redact: ['req.headers["x-access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
          },
    genReqId: () => newId(),
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer names its request id so a user's report can be found in the log.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installErrorHandler(app);
  const routes = installAccessControl(app, ctx);
  installOperationLog(app, ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain HTTP on a local install must keep working; HSTS belongs to the TLS front.
    strictTransportSecurity: config.production,
    crossOriginEmbedderPolicy: false,
  });
  // One file per request; imports are small spreadsheets (uploads get their own limits).
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('请求过于频繁，请稍后再试', 429, 429),
  });

  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Procura API', description: '采购与供应商关系管理平台接口（JeecgBoot 兼容）', version: '0.1.0' },
        components: {
          securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
        },
        security: [{ accessToken: [] }],
      },
      transform: jsonSchemaTransform,
    });
  }

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(authExtraRoutes(ctx));
      await api.register(systemRoutes(ctx));
      await api.register(supplierRoutes(ctx));
      await api.register(lifecycleRoutes(ctx));
      await api.register(admissionReviewRoutes(ctx));
      await api.register(supplierChangeRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(announcementRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(systemResources(ctx));
      await api.register(importLogRoutes(ctx));
      await api.register(duplicateCheckRoutes(ctx));
      await api.register(rolePermissionRoutes(ctx));
      await api.register(permissionAdminRoutes(ctx));
      await api.register(userAdminRoutes(ctx));
      await api.register(supplierUserRoutes(ctx));
      await api.register(announcementAdmin(ctx));
      await api.register(departRoutes(ctx));
      await api.register(departAdminRoutes(ctx));
      await api.register(sessionAdminRoutes(ctx));
      await api.register(tenantRoutes(ctx));
      await api.register(codeRuleRoutes(ctx));
      await api.register(logRoutes(ctx));
      await api.register(portalRoutes(ctx));
      await api.register(fileRoutes(ctx));
      await api.register(evaluationRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(extendFieldRoutes(ctx));
      await api.register(dataorgRoutes(ctx));
      await api.register(dictTableRoutes(ctx));
      await api.register(categoryRoutes(ctx));
      await api.register(approvalRoutes(ctx));
      await api.register(materialRoutes(ctx));
      await api.register(sampleRoutes(ctx));
      await api.register(sourceListRoutes(ctx));
      await api.register(purchaseSettingRoutes(ctx));
      await api.register(sourcingRoutes(ctx));
      await api.register(tenderModuleRoutes(ctx));
      await api.register(auctionRoutes(ctx));
      await api.register(tenderEvaluationRoutes(ctx));
      await api.register(requisitionRoutes(ctx));
      await api.register(quotaRoutes(ctx));
      await api.register(testClockRoutes(ctx));
      await api.register(jobRoutes(ctx));
      if (config.apiDocs) {
        await api.register(async (docs) => {
          docs.addHook('onRoute', (route) => {
            route.config = { ...route.config, access: 'public' };
          });
          await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
        });
      }
    },
    { prefix: config.basePath },
  );

  // Open live streams end with the server (else close() would wait for them).
  app.addHook('preClose', async () => ctx.live.close());
  // Background jobs: started once the server is ready, stopped with it (runs in progress are awaited).
  app.addHook('onReady', async () => ctx.jobs.start(app.log));
  app.addHook('onClose', async () => ctx.jobs.stop());
  await ctx.jobs.add(qualificationExpiryJob(ctx));
  await ctx.jobs.add(sourcingReminderJob(ctx));
  await ctx.jobs.add(publicityFinalizerJob(ctx));
  await serveWebApp(app, config.basePath, config.webDist);
  return { app, routes };
}
