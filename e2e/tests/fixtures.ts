import { test as base, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, enter, sessionState, sharedPages } from './helpers.js';

export { expect } from '@playwright/test';

type SignIn = (
  username: string,
  options?: { password?: string; url?: string; ready?: (page: Page) => Locator },
) => Promise<Page>;

/** The signed-in context and page a spec file's tests share (`shareContext`), for one user. */
type Shared = { key: string; context: BrowserContext; page: Page };

/**
 * The browser tests' `test`: signing in is injected, not typed (only session, register and
 * tenant specs sign in through the page).
 * - `test.use({ user: 'admin' })`: each test's `page` starts signed in as that user, with a
 *   fresh session over the API; the test opens its first page with `enter(page, url)`.
 * - `test.use({ user: 'admin', shareContext: true })`: the tests of the file take one signed-in
 *   context and page in turn, so the back office boots once per file, not once per test. The
 *   first test's `enter` loads it; a later test's `enter` starts from a clean workspace inside
 *   the app (only 首页 open, no toast left, see helpers.ts). For files whose tests do not depend
 *   on fresh storage or a fresh tab: what a test leaves in localStorage or sessionStorage, the
 *   next one finds. A failed test ends its worker, so the test after it (and a retry) starts
 *   on a new context.
 * - `signIn('buyer')`: another person's browser (its own context, signed in), opened at `url`
 *   once the app has booted; closed when the test ends.
 */
export const test = base.extend<
  { user: string | undefined; shareContext: boolean; signIn: SignIn },
  { sharedContext: { current?: Shared } }
>({
  user: [undefined, { option: true }],
  shareContext: [false, { option: true }],
  // Worker-scoped: the shared context outlives a test; closed when the file (or the user)
  // changes, and when the worker ends (before its browser).
  sharedContext: [
    async ({ browser: _closedBefore }, use) => {
      const holder: { current?: Shared } = {};
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ user, shareContext, storageState, playwright, baseURL }, use) => {
    // A shared context is signed in once, when it is made (below); the test's own stays empty.
    if (!user || shareContext) return use(storageState);
    const request = await playwright.request.newContext({ baseURL });
    const session = await apiLogin(request, user);
    await request.dispose();
    await use(sessionState(baseURL!, session));
  },
  context: async ({ context, user, shareContext, sharedContext, browser, playwright, baseURL }, use, testInfo) => {
    if (!user || !shareContext) return use(context);
    const key = `${testInfo.file}\n${user}`;
    if (sharedContext.current?.key !== key) {
      await sharedContext.current?.context.close();
      sharedContext.current = undefined;
      const request = await playwright.request.newContext({ baseURL });
      const session = await apiLogin(request, user);
      await request.dispose();
      // Made inside the test, so it gets the project's context options (locale, time zone,
      // reduced motion) as the test's own context does.
      const shared = await browser.newContext({ storageState: sessionState(baseURL!, session) });
      const page = await shared.newPage();
      sharedPages.add(page);
      sharedContext.current = { key, context: shared, page };
    }
    await use(sharedContext.current.context);
  },
  page: async ({ context, user, shareContext, sharedContext }, use) => {
    if (!user || !shareContext) return use(await context.newPage());
    await use(sharedContext.current!.page);
  },
  signIn: async ({ browser, playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const contexts: { close: () => Promise<void> }[] = [];
    await use(async (username, { password = DEMO_PASSWORD, url, ready } = {}) => {
      const session = await apiLogin(request, username, password);
      const context = await browser.newContext({ storageState: sessionState(baseURL!, session) });
      contexts.push(context);
      const page = await context.newPage();
      await enter(page, url, ready?.(page));
      return page;
    });
    for (const context of contexts) await context.close();
    await request.dispose();
  },
});
