import { test as base, type Locator, type Page } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, enter, sessionState } from './helpers.js';

export { expect } from '@playwright/test';

type SignIn = (
  username: string,
  options?: { password?: string; url?: string; ready?: (page: Page) => Locator },
) => Promise<Page>;

/**
 * The browser tests' `test`: signing in is injected, not typed (only session, register and
 * tenant specs sign in through the page).
 * - `test.use({ user: 'admin' })`: each test's `page` starts signed in as that user, with a
 *   fresh session over the API; the test opens its first page with `enter(page, url)`.
 * - `signIn('buyer')`: another person's browser (its own context, signed in), opened at `url`
 *   once the app has booted; closed when the test ends.
 */
export const test = base.extend<{ user: string | undefined; signIn: SignIn }>({
  user: [undefined, { option: true }],
  storageState: async ({ user, storageState, playwright, baseURL }, use) => {
    if (!user) return use(storageState);
    const request = await playwright.request.newContext({ baseURL });
    const session = await apiLogin(request, user);
    await request.dispose();
    await use(sessionState(baseURL!, session));
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
