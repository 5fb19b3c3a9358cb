import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { IS_SHOW_MUST_COMPLETE } from '@procura/shared';
import { describeAccess, permissionsOf, type Access } from '../core/access.js';
import { forbidden, unauthorized } from '../core/errors.js';
import type { AppContext } from '../app-context.js';
import { currentTenantOf } from '../modules/tenants/tenant-service.js';

export type RouteRecord = { method: string; url: string; access: string };

/** The header that carries the session token. A `?token=` query is never accepted (PATH-5). */
function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-access-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= 4096 ? token : null;
}

/** The tenant header under either of its JeecgBoot names. */
function tenantOf(request: FastifyRequest): string {
  const raw = request.headers['tenant_id'] ?? request.headers['tenant-id'];
  return String(Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
}

/**
 * Authentication and the access policy of every route, checked before anything else runs.
 * Returns the route inventory, filled as routes are registered.
 */
export function installAccessControl(app: FastifyInstance, ctx: AppContext): () => RouteRecord[] {
  const registered: RouteOptions[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('tenantId', 0);

  // Hooks of inner contexts may still set a route's policy after this one runs, so the
  // inventory reads each route's options when it is asked for, not when it is registered.
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  const inventory = (): RouteRecord[] =>
    registered.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, access: describeAccess(route.config?.access) })),
    );

  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    // One small query makes this node's caches (session, permissions, dictionaries) as new as
    // the database before anything reads them: a change on any node is seen here now.
    if (!request.is404 && !request.routeOptions.config.cacheFree) await ctx.cacheVersions.sync();
    request.user = token ? await ctx.sessions.verify(token) : null;
    if (request.is404) return;

    const access: Access | undefined = request.routeOptions.config.access;
    if (access === undefined) {
      // Deny by default: a route that forgot its policy is closed, and loudly.
      request.log.error({ route: request.routeOptions.url }, 'route without access policy');
      throw forbidden();
    }
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw unauthorized(token ? 'Token失效，请重新登录!' : '未登录或登录已过期，请重新登录');

    // The tenant header is a choice among the user's own tenants, never a key to another's.
    const tenant = tenantOf(request);
    if (tenant !== '' && tenant !== '0') {
      const mine = user.relTenantIds
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (!mine.includes(tenant)) throw forbidden('用户租户信息变更,请重新登陆!');
    }
    request.tenantId = await currentTenantOf(ctx.db, user, tenant);

    // SUP-3: until its information is complete a supplier reaches only the completion form.
    if (
      user.userType === 2 &&
      user.isShow === IS_SHOW_MUST_COMPLETE &&
      !request.routeOptions.config.allowIncompleteSupplier
    ) {
      throw forbidden('请先完善企业信息');
    }

    if (request.routeOptions.config.internalOnly && user.userType === 2) throw forbidden();

    if (typeof access === 'object') {
      const codes = await ctx.permissions.codesOf(user.id);
      const needed = permissionsOf(access);
      if (!needed.some((code) => codes.has(code))) {
        request.log.info(
          { event: 'access.denied', userId: user.id, permission: needed.join('|') },
          'permission denied',
        );
        throw forbidden();
      }
    }
  });

  return inventory;
}
