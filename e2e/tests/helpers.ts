import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

import { captchaCode, captchaCodeOf } from './captcha.js';

export const DEMO_PASSWORD = 'Procura@2026';

/** Signs in through the login page and waits until the app has navigated away from it. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/user/login')) await page.goto('/user/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  // After an earlier failure from this address the sign-in page asks for the image captcha
  // (at once, or on the refusal of the first try): solve it and sign in again.
  const image = page.getByTestId('login-captcha-image');
  await expect(async () => {
    if (await image.isVisible()) {
      await page.getByTestId('login-captcha').fill(await captchaCodeOf(image));
      await page.getByTestId('login-submit').click();
    }
    await expect(page).not.toHaveURL(/\/user\/login/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

export async function logout(page: Page): Promise<void> {
  // Sign-out asks for confirmation first. Confirmed once, 退出登录 is not clicked again: a second
  // sign-out started while the first is under way raced its navigation to the sign-in page (the
  // back office reaches /user/login in-app, then loads login.html in full), and a page left in
  // the middle of a load could hang the context's teardown. Animations are off (reduced motion),
  // so the confirmation takes the click; it is clicked again only while it is still there.
  const confirm = page.locator('.ant-modal-confirm .ant-btn-primary');
  await page.getByTestId('logout').click();
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // Wait for the sign-in page's own load, or a navigation started now would be cut off by it.
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

/**
 * Opens a page from the side menu. A group is expanded only when it is closed: clicking an
 * open group's title collapses it, and the group of the current page opens by itself.
 */
export async function openMenu(page: Page, group: string, item: string, path?: RegExp): Promise<void> {
  const menu = page.getByTestId('side-menu');
  const title = menu.locator('.ant-menu-submenu-title', { hasText: group });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await menu.getByText(item, { exact: true }).click();
  if (path) await expect(page).toHaveURL(path);
}

/**
 * Picks an option of an antd select and waits until the select shows it. A click that lands
 * while the dropdown is still animating open can be lost on a busy machine, so the pick is
 * retried until it took.
 */
export async function chooseOption(
  page: Page,
  trigger: Locator,
  option: string,
  { exact = false, search = false }: { exact?: boolean; search?: boolean } = {},
): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // `exact`: the option whose whole label is `option` (生产物资, not 非生产物资).
  const item = exact
    ? dropdown.locator(`.ant-select-item-option[title="${option}"]`)
    : dropdown.locator('.ant-select-item-option', { hasText: option });
  await expect(async () => {
    if ((await dropdown.count()) === 0) await trigger.click();
    // `search`: type the option into a searchable select first. A long list is virtual, so an
    // option further down is not in the page until the search brings it up.
    if (search) await trigger.locator('input').fill(option);
    await item.click({ timeout: 3_000 });
    await expect(trigger).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dropdown).toHaveCount(0);
}

/**
 * Confirms the open popconfirm (row commands such as 提交启用, 撤回) with its button `name`
 * (确定 unless the command names it). A click while the popover is still animating open can be
 * lost on a busy machine: retried until the popover is gone.
 */
export async function confirmPopover(page: Page, name: RegExp = /确\s*定/): Promise<void> {
  const ok = page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name });
  await expect(async () => {
    await ok.click({ timeout: 3_000 });
    await expect(ok).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * 刷新 on the context menu of the tab `title`: the page is mounted anew and reads its data again,
 * inside the app (a kept-alive page otherwise shows what it loaded first; a full reload would
 * boot the whole back office again). Named, not "the active tab": right after a menu click the
 * URL has changed before the tab bar has. The menu closes if the page scrolls while it opens:
 * opened again until the click took.
 */
export async function refreshTab(page: Page, title: string): Promise<void> {
  const tab = page.getByTestId('tab-bar').locator('.ant-tabs-tab', { hasText: title });
  await expect(tab).toHaveClass(/ant-tabs-tab-active/);
  await tabAction(page, title, '刷新');
}

/** An entry of the context menu of the tab `title` (opened again until the click took, see refreshTab). */
async function tabAction(page: Page, title: string, action: '刷新' | '关闭其它'): Promise<void> {
  const tab = page.getByTestId('tab-bar').locator('.ant-tabs-tab', { hasText: title });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(async () => {
    if ((await menu.count()) === 0) await tab.locator('[data-tab-key]').click({ button: 'right', timeout: 5_000 });
    await expect(menu).toBeVisible({ timeout: 3_000 });
    await expect(menu).not.toHaveClass(/-enter/, { timeout: 3_000 });
    await menu.locator('.ant-dropdown-menu-item', { hasText: action }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** A valid unified social credit code: the GB 32100 check character after the first 17 characters. */
export function uscc(first17: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += alphabet.indexOf(first17[i]!) * weights[i]!;
  return first17 + alphabet[(31 - (sum % 31)) % 31]!;
}

/** Types a date (or datetime) into the antd picker with this placeholder and confirms it. */
export async function pickDate(scope: Locator, placeholder: string, value: string): Promise<void> {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

export const API = '/jeecg-boot';

/** A user's session over the API, for set-up steps that are not what a scenario tests. */
export type ApiSession = {
  token: string;
  userInfo: Record<string, unknown>;
  /** The whole login answer (dictionaries, tenants), as the login page receives it. */
  login: LoginAnswer;
  /** The server's origin (where the session's storage belongs). */
  origin: string;
  /** Calls the API; fails the test unless the envelope says success. */
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<T>;
  /** Calls the API and returns the envelope as it is (for refusals). */
  raw: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => Promise<{ success: boolean; message: string; result: unknown }>;
};

type LoginAnswer = {
  token: string;
  userInfo: Record<string, unknown>;
  sysAllDictItems?: Record<string, unknown>;
  tenantList?: { id: number | string }[] | null;
  multi_depart?: number | string;
};

/** What a refused sign-in says of the captcha and the wait (the sign-in guard). */
type CaptchaAsk = { captchaRequired?: boolean; retryAfter?: number };

export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  type Answer = { success: boolean; message: string; result: LoginAnswer & CaptchaAsk };
  let res = await request.post(`${API}/sys/login`, { data: { username, password } });
  let body = (await res.json()) as Answer;
  // A failed sign-in earlier in the run (a test's wrong password) makes the server ask this
  // address for the image captcha, and may slow it down: wait, then solve it as a user would.
  for (let tries = 0; !body.success && tries < 5 && (body.result?.captchaRequired || res.status() === 429); tries++) {
    if (res.status() === 429) await new Promise((r) => setTimeout(r, (body.result?.retryAfter ?? 1) * 1000));
    const checkKey = `e2e${Date.now().toString(36)}${tries}`;
    await request.get(`${API}/sys/randomImage/${checkKey}`);
    const captcha = await captchaCode(checkKey);
    res = await request.post(`${API}/sys/login`, { data: { username, password, captcha, checkKey } });
    body = (await res.json()) as Answer;
  }
  expect(body.success, `login ${username}: ${body.message}`).toBe(true);
  const { token, userInfo } = body.result;
  const raw: ApiSession['raw'] = async (method, url, data) => {
    const query = method === 'GET' && data ? `?${new URLSearchParams(data as Record<string, string>)}` : '';
    const r = await request.fetch(`${API}${url}${query}`, {
      method,
      headers: { 'X-Access-Token': token },
      data: method === 'GET' ? undefined : data,
    });
    return (await r.json()) as { success: boolean; message: string; result: unknown };
  };
  const call: ApiSession['call'] = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    data?: unknown,
  ) => {
    const body = await raw(method, url, data);
    expect(body.success, `${method} ${url}: ${body.message}`).toBe(true);
    return body.result as T;
  };
  return { token, userInfo, login: body.result, origin: new URL(res.url()).origin, call, raw };
}

/**
 * What the login page stores for `session` (web `acceptLogin`, JeecgBoot's keys as `{ value,
 * expire }`): the token, the user, the dictionaries and the first tenant. A context started with
 * it opens the back office signed in, with one page load instead of the sign-in page's two.
 */
export function sessionState(baseURL: string, session: ApiSession) {
  const expire = Date.now() + 86_400_000;
  const item = (name: string, value: unknown) => ({ name, value: JSON.stringify({ value, expire }) });
  const { sysAllDictItems, tenantList } = session.login;
  const tenant = Number(tenantList?.[0]?.id);
  const localStorage = [
    item('Access-Token', session.token),
    item('Login_Userinfo', session.userInfo),
    item('UI_CACHE_DB_DICT_DATA', sysAllDictItems ?? {}),
    ...(Number.isInteger(tenant) ? [item('TENANT_ID', tenant)] : []),
  ];
  return { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] };
}

/** A browser context already signed in as `session`'s user (`sessionState`). */
export async function signedInContext(browser: Browser, baseURL: string, session: ApiSession): Promise<BrowserContext> {
  return browser.newContext({ storageState: sessionState(baseURL, session) });
}

const HOME = '/dashboard/workbench';

/**
 * Opens `url` of the back office in a signed-in page and waits until the app has booted (its
 * menu loaded: the shell shows, or `ready`): a navigation during that load would cut it off.
 * A first load parses the whole back office; on a busy 2-core machine that can pass 10 s.
 */
export async function enter(page: Page, url = HOME, ready?: Locator): Promise<void> {
  if (sharedPages.has(page) && page.url() !== 'about:blank') return reenter(page, url, ready);
  await page.goto(url);
  await booted(page, ready);
}

/**
 * Waits until the back office has booted after a full load (a `goto`, a reload, the sign-in
 * page's hop into it): the shell shows, or `ready`. The boot's 30 s, not an expect's default 10:
 * on a loaded machine a boot took 12 to 17 s, and an assertion on the menu or the first page
 * straight after a load failed at 10 s (the retried session flakes).
 */
export async function booted(page: Page, ready?: Locator): Promise<void> {
  await expect(ready ?? page.getByTestId('shell')).toBeVisible({ timeout: BOOT_MS });
}

/** How long a full load of the back office may take to boot on a busy 2-core machine. */
export const BOOT_MS = 30_000;

/**
 * The pages a spec file's tests take in turn (`test.use({ user, shareContext: true })`,
 * fixtures.ts): the first test opens the back office in full, the next ones start from it.
 */
export const sharedPages = new WeakSet<Page>();

/**
 * A later test of a shared page starts on a clean workspace, inside the app: the toasts of the
 * test before have gone (one must not pass for this test's), home is the only tab (关闭其它 on
 * 首页 unmounts the pages kept alive), then `url` is opened the way the router opens a link.
 */
async function reenter(page: Page, url: string, ready?: Locator): Promise<void> {
  const tabs = page.getByTestId('tab-bar').locator('[data-tab-key]');
  await expect(page.getByTestId('shell')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  if ((await tabs.count()) > 1) {
    await page.getByTestId('tab-bar').locator('.ant-tabs-tab', { hasText: '首页' }).click();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await tabAction(page, '首页', '关闭其它');
  }
  await expect(tabs).toHaveText(['首页']);
  if (url !== HOME) {
    await page.evaluate((to) => {
      history.pushState({ usr: null, key: 'e2e', idx: ((history.state as { idx?: number })?.idx ?? 0) + 1 }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, url);
  }
  await expect(ready ?? page.getByTestId('shell')).toBeVisible({ timeout: BOOT_MS });
}

/**
 * Signs `page`'s context in as `username` without the sign-in page (a fresh session over the
 * API, stored as the login page would) and opens `url` once the app has booted.
 */
export async function signInAs(
  page: Page,
  username: string,
  { password = DEMO_PASSWORD, url, ready }: { password?: string; url?: string; ready?: Locator } = {},
): Promise<ApiSession> {
  const session = await apiLogin(page.request, username, password);
  await page.context().setStorageState(sessionState(session.origin, session));
  await enter(page, url, ready);
  return session;
}

/** Moves the server clock (TEST_CLOCK, set by playwright.config.ts) to `offsetMs` from real time. */
export async function setServerClock(admin: ApiSession, offsetMs: number): Promise<void> {
  await admin.call('PUT', '/sys/test/clock', { offsetMs: Math.round(offsetMs) });
}
