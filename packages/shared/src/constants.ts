/** Business constants of spec part 1 §9 and part 2 §9. */

/** Token, user info and dictionaries are kept 7 days. */
export const TOKEN_TTL_MS = 604_800_000;
export const DICT_CACHE_TTL_MS = TOKEN_TTL_MS;
export const HOME_PATH = '/dashboard/workbench';

/**
 * The query parameter naming the record a list page's detail shows (`?open=<id>`): in the address
 * (bookmarked, shared, reloaded; Back closes it), not in the page's tab (the web's tabKeyOf drops it).
 */
export const DETAIL_PARAM = 'open';

/** The address of a list page (`path`, with or without a query) with the detail of `id` open. */
export function detailHref(path: string, id: string): string {
  const [page, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(DETAIL_PARAM, id);
  return `${page}?${params.toString()}`;
}
export const COMPLETE_SUPPLIER_INFO_PATH = '/completeSupInfo';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';
export const NOTICE_LIST_PATH = '/messageSeting/annountCement';
export const DEFAULT_API_BASE = '/jeecg-boot';
export const REQUEST_TIMEOUT_MS = 90_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const NOTICE_POLL_MS = 6_000;
export const DICT_SEARCH_DEBOUNCE_MS = 800;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const UPLOAD_LIMIT_BYTES = 500 * 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 23;
export const PAGE_SIZE_OPTIONS = [10, 23, 30] as const;
/** The largest page a list endpoint serves; larger requests are capped (DOS-1). */
export const MAX_PAGE_SIZE = 1000;
export const AMOUNT_LIMIT = 1e15;
export const LAYOUT_MOBILE_BREAKPOINT = 1088;
export const LAYOUT_SMALL_BREAKPOINT = 768;
export const MOBILE_DRAWER_WIDTH = 160;

/** isShow 2: a supplier who must complete supplier information first. */
export const IS_SHOW_MUST_COMPLETE = 2;

/** Paths reachable without a login (spec part 1 §2.1). */
export const PUBLIC_PATHS = [
  '/user/login',
  '/user/ssoLogin',
  '/register',
  '/register-result',
  '/alteration',
  '/supplierRegister',
  '/404',
] as const;

/** Browser storage keys (spec part 2 §9; JeecgBoot names kept). */
export const StorageKey = {
  TOKEN: 'Access-Token',
  USER_INFO: 'Login_Userinfo',
  DICT: 'UI_CACHE_DB_DICT_DATA',
  TENANT_ID: 'TENANT_ID',
  USER_BUTTON_AUTH: 'LOGIN_USER_BUTTON_AUTH',
  SYS_BUTTON_AUTH: 'SYS_BUTTON_AUTH',
} as const;

/** The demo password of every seeded account; production refuses to start while one keeps it. */
export const DEMO_PASSWORD = 'Procura@2026';
