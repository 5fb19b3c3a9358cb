import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { LOG_TYPE_OPERATION, operateTypeOf, record, settleLogs, summarizeParams } from '../modules/logs/log-service.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** §9.4 / P1: the body is sealed content (a quote or bid); the operation log keeps no parameters of it. */
    sealedParams?: boolean;
  }
}

/** Whether a request is one the operation log keeps: a signed-in user's change through a guarded API route. */
function isLogged(request: FastifyRequest): boolean {
  if (!request.user || READ_METHODS.has(request.method) || request.is404) return false;
  // Public routes (login, logout) write their own login log rows.
  const access = request.routeOptions.config.access;
  return access !== undefined && access !== 'public';
}

/**
 * The operation log: every authenticated non-GET API request leaves one row (route, method,
 * user, IP, parameters with secrets masked, cost, outcome). It is written after the answer
 * went out, outside the request's transaction, and a failure to write it is only logged.
 */
export function installOperationLog(app: FastifyInstance, ctx: AppContext): void {
  // A refusal answered with HTTP 200 and `success:false` still counts as failed.
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string' && payload.startsWith('{"success":false') && isLogged(request)) {
      try {
        refusals.set(request, String((JSON.parse(payload) as { message?: unknown }).message ?? ''));
      } catch {
        refusals.set(request, '');
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!isLogged(request)) return;
    const user = request.user!;
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    const refusal = refusals.get(request);
    const failed = reply.statusCode >= 400 || refusal !== undefined;
    const summary = request.routeOptions.schema?.summary ?? `${request.method} ${route}`;
    record(
      ctx.db,
      {
        logType: LOG_TYPE_OPERATION,
        logContent: failed ? `${summary}（失败${refusal ? `：${refusal}` : `，HTTP ${reply.statusCode}`}）` : summary,
        operateType: operateTypeOf(request.method, route),
        userid: user.id,
        tenantId: request.tenantId,
        username: user.username,
        realname: user.realname,
        ip: request.ip,
        method: route,
        requestUrl: request.url.split('?')[0]!,
        requestType: request.method,
        requestParam: request.routeOptions.config.sealedParams
          ? '[sealed]'
          : summarizeParams(request.query, request.body),
        costTime: reply.elapsedTime,
        status: failed ? 'failed' : 'ok',
      },
      request.log,
    );
  });

  app.addHook('onClose', async () => {
    await settleLogs();
  });
}
