import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Procura@2026';

/** Signs in through the login page and waits until the app has navigated away from it. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/user/login')) await page.goto('/user/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

export async function logout(page: Page): Promise<void> {
  // Sign-out asks for confirmation first. A click on the confirmation while it is still
  // animating open can be lost on a busy machine: retry until the login page shows.
  const confirm = page.locator('.ant-modal-confirm .ant-btn-primary');
  await page.getByTestId('logout').click();
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click({ timeout: 3_000 });
    else if (!/\/user\/login/.test(page.url())) await page.getByTestId('logout').click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
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
export async function chooseOption(page: Page, trigger: Locator, option: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await dropdown.count()) === 0) await trigger.click();
    await dropdown.locator('.ant-select-item-option', { hasText: option }).click({ timeout: 3_000 });
    await expect(trigger).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dropdown).toHaveCount(0);
}
