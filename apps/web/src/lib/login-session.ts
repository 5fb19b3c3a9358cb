import type { Envelope, LoginResult, TenantInfo } from '@procura/shared';
import { persistedSession } from './session-persistence';

// How a login answer becomes a stored session. Shared by the back office's session store and
// the light login page (login.html): the page writes exactly what the back office reads after
// its full page load. Free of antd and the router.

/** A login the server refused; `message` is the server's text. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
}

/** The tenant a login starts in: the first of its effective tenants, or none (header '0'). */
export function defaultTenantOf(tenantList: readonly TenantInfo[] | null | undefined): number | null {
  const first = Array.isArray(tenantList) ? tenantList[0] : undefined;
  return first && Number.isInteger(Number(first.id)) ? Number(first.id) : null;
}

/** Whether the user must pick a tenant after login (JeecgBoot's picker: more than one). */
export const mustPickTenant = (result: Pick<LoginResult, 'tenantList'>): boolean =>
  (result.tenantList?.length ?? 0) > 1;

/**
 * Accepts the answer of any login call answering as /sys/login (password, phone, single
 * sign-on, CAS, third-party code) only when its body code is 200 (spec part 1 §5; the server
 * may send '200' as a string, JeecgBoot's UI compares loosely), and stores the session: token,
 * user info, dictionaries, the department choice and the first tenant. Throws `LoginError`
 * with the server's message otherwise, storing nothing.
 */
export function acceptLogin(
  body: Envelope<LoginResult | null>,
  persisted = persistedSession,
): { result: LoginResult; mustPickDepart: boolean } {
  const result = body.result;
  if (String(body.code) !== '200' || !result?.token) throw new LoginError(body.message || '登录失败');
  const { token, userInfo, sysAllDictItems, multi_depart, tenantList } = result;
  // As JeecgBoot: several departments (multi_depart 2) and no current one means choosing first.
  const mustPickDepart = Number(multi_depart) === 2 && !userInfo?.orgCode;
  persisted.clear();
  persisted.setToken(token);
  persisted.setUserInfo(userInfo);
  persisted.setDict(sysAllDictItems ?? {});
  persisted.setMustPickDepart(mustPickDepart);
  // As JeecgBoot's LoginSelectTenant: the first tenant; with several the user picks one before entering.
  persisted.setTenantId(defaultTenantOf(tenantList));
  return { result, mustPickDepart };
}
