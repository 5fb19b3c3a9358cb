import { expect, test, type Page } from '@playwright/test';
import { chooseOption, signInAs } from './helpers.js';

const PURPLE = 'rgb(114, 46, 209)';

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
}

test.describe('settings drawer', () => {
  test('dark menu, another colour and the top-menu layout survive a reload', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page.getByTestId('side-menu')).toHaveClass(/ant-menu-light/);

    await openSettings(page);
    // Fluid width and the fixed side menu depend on the layout mode.
    await page.getByTestId('setting-contentWidth').click();
    await expect(page.locator('.ant-select-item-option', { hasText: '流式' })).toHaveClass(
      /ant-select-item-option-disabled/,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('setting-fixSiderbar')).toBeEnabled();
    await expect(page.getByTestId('setting-autoHideHeader')).toBeDisabled();

    await page.getByTestId('menu-theme-dark').click();
    await page.getByTestId('theme-color-722ed1').click();
    await page.getByTestId('layout-topmenu').click();
    await expect(page.getByTestId('setting-fixSiderbar')).toBeDisabled();
    await closeSettings(page);

    await expect(page.getByTestId('top-menu')).toHaveClass(/ant-menu-dark/);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('top-menu')).toBeVisible();
    await expect(page.getByTestId('top-menu')).toHaveClass(/ant-menu-dark/);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'topmenu');
    // The first group: later ones (系统管理…) may sit in the overflow … of a full menu bar.
    await page.getByTestId('top-menu').getByText('供应商管理').hover();
    await page.locator('.ant-menu-submenu-popup').getByText('供应商列表').click();
    await expect(page).toHaveURL(/\/srm\/supplier\/list$/);
    // The theme colour reaches antd's components.
    await expect(page.locator('.ant-btn-primary:visible').first()).toHaveCSS('background-color', PURPLE);

    // Fixed content width applies in top-menu mode; Fluid can now be chosen.
    await expect(page.getByTestId('content')).toHaveAttribute('data-width', 'Fixed');
    await openSettings(page);
    await chooseOption(page, page.getByTestId('setting-contentWidth'), '流式');
    await closeSettings(page);
    await expect(page.getByTestId('content')).toHaveAttribute('data-width', 'Fluid');

    // Back to the side menu; other defaults were never touched.
    await openSettings(page);
    await page.getByTestId('layout-sidemenu').click();
    await closeSettings(page);
    await page.reload();
    await expect(page.getByTestId('side-menu')).toHaveClass(/ant-menu-dark/);
    await expect(page.getByTestId('tab-bar')).toBeVisible();
  });

  test('multi-tab mode off leaves only the current page; watermark and colour-weak switch on', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByTestId('side-menu').getByText('系统管理').click();
    await page.getByTestId('side-menu').getByText('用户管理').click();
    await expect(page.getByTestId('tab-bar').locator('[data-tab-key]')).toHaveCount(2);

    await openSettings(page);
    await page.getByTestId('setting-multiTab').click();
    await page.getByTestId('setting-watermark').click();
    await page.getByTestId('setting-colorWeak').click();
    await closeSettings(page);
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await expect(page.getByTestId('watermark')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/colorWeak/);

    // Switched on again, only the current page (and home) is there.
    await openSettings(page);
    await page.getByTestId('setting-multiTab').click();
    await closeSettings(page);
    await expect(page.getByTestId('tab-bar').locator('[data-tab-key]')).toHaveText(['首页', '用户管理']);

    await page.reload();
    await expect(page.getByTestId('watermark')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/colorWeak/);
  });
});

test.describe('responsive layout', () => {
  for (const { width, device } of [
    { width: 1000, device: 'mobile' },
    { width: 700, device: 'small' },
  ]) {
    test(`at ${width} px the side menu becomes a 160 px drawer`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, 'admin');
      await expect(page.getByTestId('shell')).toHaveAttribute('data-device', device);
      await expect(page.getByTestId('side-menu')).toBeHidden();

      await page.getByTestId('menu-toggle').click();
      const menu = page.getByTestId('side-menu');
      await expect(menu).toBeVisible();
      const drawer = page.locator('.ant-drawer-section', { has: menu });
      await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(160);

      await menu.getByText('供应商管理').click();
      await menu.getByText('供应商列表').click();
      await expect(page).toHaveURL(/\/srm\/supplier\/list$/);
      // Choosing an entry closes the drawer.
      await expect(menu).toBeHidden();
      // Sign-out stays reachable.
      await expect(page.getByTestId('logout')).toBeVisible();
    });
  }

  test('at 1280 px the side menu is open beside the page', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-device', 'desktop');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    const sider = await page.getByTestId('sider').boundingBox();
    expect(sider?.width).toBe(160);
    await page.getByTestId('sider-toggle').click();
    await expect.poll(async () => (await page.getByTestId('sider').boundingBox())?.width).toBe(120);
  });
});
