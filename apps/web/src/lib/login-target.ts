import { COMPLETE_SUPPLIER_INFO_PATH, HOME_PATH, IS_SHOW_MUST_COMPLETE, LOGIN_PATH } from '@procura/shared';
import { normalizePath } from './path';

// Where sign-in leads: shared by the back office's route guard and the light login page
// (login.html), so this module must stay free of antd and the router.

const ORIGIN_PROBE = 'http://procura.invalid';

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
