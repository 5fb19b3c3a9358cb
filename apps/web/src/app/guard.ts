import {
  COMPLETE_SUPPLIER_INFO_PATH,
  HOME_PATH,
  IS_SHOW_MUST_COMPLETE,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  PUBLIC_PATHS,
} from '@procura/shared';
import { loginRedirect, postLoginTarget, redirectQuery } from '../lib/login-target';
import { normalizePath } from '../lib/path';

export type GuardInput = {
  pathname: string;
  /** The query string including the leading '?', or ''. */
  search: string;
  token: string | null;
  isShow: number | null | undefined;
  /** False while the menu permission list is empty. */
  permissionsLoaded: boolean;
  /** Whether a (static or menu-built) route answers this path; asked only once loaded. */
  isKnownPath: (pathname: string) => boolean;
};

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'load-permissions' };

const ALLOW: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * The route guard of spec part 1 §2.4 as a pure function.
 * 1. No token: public paths (and anything below them) pass, others go to login with redirect.
 * 2. Logged in at /user/login: home, or /completeSupInfo when isShow is 2.
 * 3. isShow 2: everything but /completeSupInfo goes to /completeSupInfo.
 * 4. isShow not 2 at /completeSupInfo: home.
 * 5. Permissions not loaded yet: load them (the caller then applies `targetAfterPermissionLoad`).
 * 6. A failed load logs out, after which rule 1 sends the user to login with the redirect.
 * Finally a path no route answers goes to /404.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const pathname = normalizePath(input.pathname);
  if (!input.token) {
    return isPublicPath(pathname) ? ALLOW : redirect(loginRedirect(input.pathname, input.search));
  }
  const mustComplete = input.isShow === IS_SHOW_MUST_COMPLETE;
  if (pathname === LOGIN_PATH) return redirect(postLoginTarget(input.isShow, input.search));
  if (mustComplete) return pathname === COMPLETE_SUPPLIER_INFO_PATH ? ALLOW : redirect(COMPLETE_SUPPLIER_INFO_PATH);
  if (pathname === COMPLETE_SUPPLIER_INFO_PATH) return redirect(HOME_PATH);
  if (!input.permissionsLoaded) return { action: 'load-permissions' };
  if (!input.isKnownPath(pathname)) return pathname === NOT_FOUND_PATH ? ALLOW : redirect(NOT_FOUND_PATH);
  return ALLOW;
}

/** Rule 5's destination: the redirect target when the URL carries one, else stay (null). */
export function targetAfterPermissionLoad(pathname: string, search: string): string | null {
  const target = redirectQuery(search);
  if (!target) return null;
  const here = `${pathname}${search}`;
  return target === here ? null : target;
}
