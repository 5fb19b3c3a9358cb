import type { FastifyRequest } from 'fastify';

/**
 * Access policy: every route declares one in `config.access`, and a route without one is
 * refused (deny by default; `test/route-inventory.test.ts` keeps the list complete).
 * - `public`: anyone.
 * - `authenticated`: any signed-in user.
 * - `{ permission: 'user:list' }`: a signed-in user whose roles grant that permission code.
 * - `{ anyPermission: ['contract:list', 'purchaseOrder:list'] }`: one whose roles grant any of them
 *   (data two screens share; what each then does is checked on its own route).
 */
export type Access = 'public' | 'authenticated' | { permission: string } | { anyPermission: readonly string[] };

/** The permission codes of which a route needs one (none for `public` and `authenticated`). */
export function permissionsOf(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return 'permission' in access ? [access.permission] : access.anyPermission;
}

export type SessionUser = {
  id: string;
  username: string;
  realname: string;
  isShow: number;
  userType: number;
  supplierId: string | null;
  relTenantIds: string;
  sessionId: string;
};

/** Who performs a document transition: the signed-in user, their tenant and address (for logs). */
export type Actor = { user: SessionUser; tenantId: number; ip: string };

/** The actor of an authenticated request (its route's access policy guarantees `request.user`). */
export const actorOf = (request: FastifyRequest): Actor => ({
  user: request.user!,
  tenantId: request.tenantId,
  ip: request.ip,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** SUP-3: routes a supplier may use while its information is incomplete (isShow 2). */
    allowIncompleteSupplier?: boolean;
    /** Internal data (the organisation chart): refused to supplier users. */
    internalOnly?: boolean;
    /** The route reads no cache (the health probe), so it skips the cache stamp check. */
    cacheFree?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * The tenant the request works in: the tenant header (one of the user's tenants, checked),
     * else the user's first effective tenant, else 0 (users without tenants; public routes).
     */
    tenantId: number;
  }
}

export function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'none';
  return typeof access === 'string' ? access : `perm:${permissionsOf(access).join('|')}`;
}
