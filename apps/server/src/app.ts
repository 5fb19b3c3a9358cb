import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './core/errors.js';
import { newId } from './core/ids.js';
import type { AppContext } from './app-context.js';
import { installCompression } from './http/compression.js';
import { installAccessControl, type RouteRecord } from './http/access-hook.js';
import { installErrorHandler } from './http/error-handler.js';
import { installTextGuard } from './http/text-guard.js';
import { requestLogFields } from './http/log-redaction.js';
import { installOperationLog } from './http/operation-log.js';
import { runtimeConfigCspSource, serveWebApp } from './http/web-app.js';
import { configureTestClock } from './core/clock.js';
import { configurePasswordHashing } from './modules/auth/password.js';
import { registerApprovalDocType } from './modules/approval/index.js';
import { registerDocumentFiles } from './modules/files/document-files.js';
import { MODULES } from './modules/index.js';
import { installNoticePush, withNoticePush } from './modules/announcements/notice-push.js';

/** The server and its route inventory (method, url, access policy). */
export type App = { app: FastifyInstance; routes: () => RouteRecord[] };

export type BuildOptions = { logger?: boolean };

/** Builds the whole server: API under the base path, the web app at the root. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const { config } = ctx;
  // the sourcing deadline clock; movable only under TEST_CLOCK=true (refused in production).
  configureTestClock(config.testClock);
  configurePasswordHashing(config.passwordHashCost);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the log (LOG-1).
            redact: ['req.headers["x-access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
            // No stored file's path in the log (issue 16 #5).
            serializers: { req: requestLogFields },
          },
    // Behind a reverse proxy: the client address (throttles, logs) from the proxies named by TRUST_PROXY only.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
    genReqId: () => newId(),
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Registering ~100 route plugins on a busy 2-core host can pass Fastify's 10 s default; a slow start is not a failure.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer names its request id so a user's report can be found in the log.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // What the modules declare in their manifests: document types for the approval engine and
  // the files documents share with their readers.
  for (const m of MODULES) {
    for (const t of m.approvalDocTypes?.(ctx) ?? []) registerApprovalDocType(t.docType, t);
    for (const f of m.documentFiles ?? []) registerDocumentFiles(f.docType, f);
  }

  installErrorHandler(app);
  // First, so that the rest of each request runs where its notices are collected.
  installNoticePush(app, ctx.db, ctx.live);
  installTextGuard(app);
  const routes = installAccessControl(app, ctx);
  installOperationLog(app, ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages carry their runtime configuration inline (web-app.ts): only that script, by hash.
        scriptSrc: ["'self'", runtimeConfigCspSource(config.basePath)],
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
  // The JeecgBoot client's push channel (announcements/notice-socket.ts); a message is a short JSON text.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

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
      await installCompression(api);
      for (const m of MODULES) for (const routes of m.routes ?? []) await api.register(routes(ctx));
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
  for (const m of MODULES)
    for (const job of m.jobs ?? []) {
      const definition = job(ctx);
      // Notices a job sends are pushed once its run has ended.
      await ctx.jobs.add({ ...definition, run: () => withNoticePush(ctx.db, ctx.live, definition.run) });
    }
  await serveWebApp(app, config.basePath, config.webDist);
  return { app, routes };
}
