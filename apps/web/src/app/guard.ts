import {
  COMPLETE_SUPPLIER_INFO_PATH,
  HOME_PATH,
  IS_SHOW_MUST_COMPLETE,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  PUBLIC_PATHS,
} from '@procura/shared';
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

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  | { action: 'load-permissions' };

const ALLOW: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

const ORIGIN_PROBE = 'http://procura.invalid';


export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * A redirect target is followed only when it is a path of this site: it starts with a
 * single '/', has no backslash or control character (browsers read '\' as '/'), and
 * resolves to the same origin. Anything else is dropped (no open redirect).
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we reject.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Going back to the login page after logging in would loop.
  if (normalizePath(url.pathname) === LOGIN_PATH) return null;
  return target;
}

export function redirectQuery(search: string): string | null {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}

/** The login page, remembering where the user wanted to go. */
export function loginRedirect(pathname: string, search: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** Where a freshly logged-in user lands (rule 2 and the login page agree on it). */
export function postLoginTarget(isShow: number | null | undefined, search: string): string {
  if (isShow === IS_SHOW_MUST_COMPLETE) return COMPLETE_SUPPLIER_INFO_PATH;
  return redirectQuery(search) ?? HOME_PATH;
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
