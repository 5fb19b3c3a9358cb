import { expect, test } from '@playwright/test';
import { enter, signInAs } from './helpers.js';

// Issue 19 #9: a detail has an address of its own — it can be bookmarked, shared and reloaded, Back
// closes it without leaving the module, and a reload keeps every open tab.
test('an RFQ and a supplier detail live in the address: reload, Back, a shared link, tabs kept', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'buyer', { url: '/srm/sourcing' });
  const row = page.locator('tbody tr', { hasText: '2026年四季度冷轧钢板询价' });
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: /询价单 RFQ-/ });
  await expect(drawer).toContainText('2026年四季度冷轧钢板询价');
  await expect(page).toHaveURL(/\/srm\/sourcing\?open=/);
  const rfqUrl = page.url();

  // One tab for the page and its detail; the tab's title is the page header's title.
  const tabs = page.getByTestId('tab-bar').locator('[data-tab-key]');
  await expect(tabs).toHaveText(['首页', '询价管理']);

  await page.reload();
  await expect(page.getByTestId('shell')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /询价单 RFQ-/ })).toContainText('2026年四季度冷轧钢板询价');
  await expect(tabs).toHaveText(['首页', '询价管理']);

  await page.goBack();
  await expect(page).toHaveURL(/\/srm\/sourcing$/);
  await expect(page.getByRole('dialog', { name: /询价单 RFQ-/ })).toHaveCount(0);
  await expect(row).toBeVisible();

  // A shared link opens the same detail for a colleague.
  const colleague = await browser.newContext();
  const other = await colleague.newPage();
  const sharedDetail = other.getByRole('dialog', { name: /询价单 RFQ-/ });
  const shared = new URL(rfqUrl);
  await signInAs(other, 'admin', { url: `${shared.pathname}${shared.search}`, ready: sharedDetail });
  await expect(sharedDetail).toContainText('2026年四季度冷轧钢板询价');

  // The supplier list: its detail in the address too, and the RFQ tab is still there after a reload.
  await enter(page, '/srm/supplier/list');
  await page.locator('tbody tr', { hasText: '华东精密机械有限公司' }).getByRole('button', { name: '详情' }).click();
  await expect(page.getByTestId('supplier-detail')).toContainText('华东精密机械有限公司');
  await expect(page).toHaveURL(/\/srm\/supplier\/list\?open=/);
  await page.reload();
  await expect(page.getByTestId('shell')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('supplier-detail')).toContainText('华东精密机械有限公司');
  await expect(tabs).toHaveText(['首页', '询价管理', '供应商列表']);
  // Closing the detail keeps the page; the tabs still switch.
  await page.locator('.ant-drawer-close:visible').click();
  await expect(page).toHaveURL(/\/srm\/supplier\/list$/);
  await tabs.filter({ hasText: '询价管理' }).click();
  await expect(page).toHaveURL(/\/srm\/sourcing$/);
  await colleague.close();
});
