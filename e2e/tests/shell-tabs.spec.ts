import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers.js';

const tabBar = (page: Page) => page.getByTestId('tab-bar');
const tabs = (page: Page) => tabBar(page).locator('[data-tab-key]');
const tab = (page: Page, title: string) => tabBar(page).locator('.ant-tabs-tab', { hasText: title });

async function tabMenu(page: Page, title: string, action: '刷新' | '关闭左侧' | '关闭右侧' | '关闭其它') {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // A context menu closes when the page scrolls, and Playwright scrolls while it waits for a
  // moving element to settle: wait for the opening animation to end, and open it again if it
  // closed before the click (seen on a busy machine).
  await expect(async () => {
    if ((await menu.count()) === 0)
      await tab(page, title).locator('[data-tab-key]').click({ button: 'right', timeout: 5_000 });
    await expect(menu).toBeVisible({ timeout: 3_000 });
    await expect(menu).not.toHaveClass(/-enter/, { timeout: 3_000 });
    await menu.locator('.ant-dropdown-menu-item', { hasText: action }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

async function openFromMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const submenu = menu.getByRole('menuitem', { name: group });
  // A click that lands while the submenu is still animating open can be lost on a busy
  // machine: retry until the page's tab is the active one.
  await expect(async () => {
    if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click({ timeout: 5_000 });
    await menu.getByRole('menuitem', { name: item, exact: true }).click({ timeout: 5_000 });
    await expect(tabBar(page).locator('.ant-tabs-tab-active')).toHaveText(item, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('multi-tab workspace', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
  });

  test('every opened route becomes a tab; home cannot be closed; right-click closes left, right and others', async ({
    page,
  }) => {
    await expect(tabs(page)).toHaveText(['首页']);
    expect((await tabBar(page).boundingBox())?.height).toBe(41);
    await openFromMenu(page, '系统管理', '用户管理');
    await openFromMenu(page, '供应商管理', '供应商列表');
    // A full page load keeps the open tabs and adds the page it opens (issue 19 #9).
    await page.goto('/messageSeting/annountCement');
    await expect(tabs(page)).toHaveText(['首页', '用户管理', '供应商列表', '我的消息'], { timeout: 30_000 });
    await tabMenu(page, '我的消息', '关闭其它');
    await expect(tabs(page)).toHaveText(['首页', '我的消息']);
    await openFromMenu(page, '系统管理', '用户管理');
    await openFromMenu(page, '供应商管理', '供应商列表');
    await expect(tabs(page)).toHaveText(['首页', '我的消息', '用户管理', '供应商列表']);
    await expect(page).toHaveTitle('招标采购平台');

    // Opening an open route activates its tab rather than adding one.
    await openFromMenu(page, '系统管理', '用户管理');
    await expect(tabs(page)).toHaveCount(4);
    await expect(tabBar(page).locator('.ant-tabs-tab-active')).toHaveText('用户管理');

    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await expect(page.locator('.ant-message')).toContainText('the home page cannot be closed!');
    await expect(tabs(page)).toHaveCount(4);

    // Closing the active tab activates its neighbour.
    await tab(page, '用户管理').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/srm\/supplier\/list$/);
    await expect(tabs(page)).toHaveText(['首页', '我的消息', '供应商列表']);

    await openFromMenu(page, '系统管理', '用户管理');
    await tabMenu(page, '我的消息', '关闭右侧');
    await expect(tabs(page)).toHaveText(['首页', '我的消息']);
    await expect(page).toHaveURL(/\/messageSeting\/annountCement$/);

    await openFromMenu(page, '系统管理', '用户管理');
    await openFromMenu(page, '供应商管理', '供应商列表');
    await tabMenu(page, '用户管理', '关闭左侧');
    await expect(tabs(page)).toHaveText(['首页', '用户管理', '供应商列表']);

    await tabMenu(page, '用户管理', '关闭其它');
    await expect(tabs(page)).toHaveText(['首页', '用户管理']);
    await expect(page).toHaveURL(/\/isystem\/user$/);
  });

  test('refresh remounts the page; keep-alive pages keep their state across tab switches', async ({ page }) => {
    await openFromMenu(page, '系统管理', '用户管理');
    const userSearch = page.locator('#username');
    await userSearch.fill('buy');
    await openFromMenu(page, '供应商管理', '供应商列表');
    const supplierSearch = page.locator('#name');
    await supplierSearch.fill('华东');

    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
    await tab(page, '用户管理').click();
    await expect(page).toHaveURL(/\/isystem\/user$/);
    await expect(userSearch).toHaveValue('buy');
    await tab(page, '供应商列表').click();
    await expect(supplierSearch).toHaveValue('华东');

    // Refresh mounts the page anew and loads its data again.
    const reload = page.waitForRequest((r) => r.url().includes('/jeecg-boot/supplier/list'));
    await tabMenu(page, '供应商列表', '刷新');
    await reload;
    await expect(supplierSearch).toHaveValue('');
    await expect(page.locator('.ant-table:visible')).toContainText('华东精密机械有限公司');
    // The other kept-alive page was not touched.
    await tab(page, '用户管理').click();
    await expect(userSearch).toHaveValue('buy');
  });

  test('closing the last page is refused', async ({ page }) => {
    // A single-sign-on ticket link: "close others" leaves it alone, without home.
    await page.goto('/srm/supplier/list?ticket=ST-1');
    await expect(tabs(page)).toHaveText(['首页', '供应商列表']);
    await tabMenu(page, '供应商列表', '关闭其它');
    await expect(tabs(page)).toHaveText(['供应商列表']);
    await tab(page, '供应商列表').locator('.ant-tabs-tab-remove').click();
    await expect(page.locator('.ant-message')).toContainText('this is the last page, cannot close any more');
    await expect(tabs(page)).toHaveText(['供应商列表']);
  });

  test('the breadcrumb starts with 首页 and ends with the page, not linked', async ({ page }) => {
    await openFromMenu(page, '系统管理', '用户管理');
    const crumbs = page.getByTestId('breadcrumb');
    await expect(crumbs).toHaveText('首页/系统管理/用户管理');
    await expect(crumbs.locator('a', { hasText: '首页' })).toHaveAttribute('href', '/dashboard/workbench');
    await expect(crumbs.locator('a', { hasText: '用户管理' })).toHaveCount(0);
    await crumbs.getByText('首页').click();
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
  });
});
