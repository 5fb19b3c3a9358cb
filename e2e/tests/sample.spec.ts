import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, confirmPopover, openMenu, pickDate, refreshTab, signInAs } from './helpers.js';

// Sample requests end to end (domain §7): the buyer asks 华东精密 for a sample and sends the
// request; the supplier, in its own browser context, confirms and ships it with a carrier and
// tracking number (SMP-1); the buyer receives it; the administrator, not the requester (SMP-2),
// records a PASS with a report; the supplier sees the result. supplier2 sees nothing of it.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A date `days` from now, yyyy-MM-dd in GMT+8. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

async function runRowAction(page: Page, row: Locator, label: string): Promise<void> {
  await row.getByText(label, { exact: true }).click();
  await confirmPopover(page);
}

async function openMySamples(page: Page): Promise<Locator> {
  await page.getByTestId('side-menu').getByText('送样申请', { exact: true }).click();
  await expect(page).toHaveURL(/\/srm\/my-samples$/);
  return page.getByTestId('resource-page-srmSampleRequest');
}

test('§7: request → ship → receive → pass, buyer and supplier in separate browsers', async ({ page, signIn }) => {
  const name = `端到端样品${unique()}`;
  await signInAs(page, 'buyer');
  await openMenu(page, '供应商管理', '样品管理', /\/srm\/sample$/);
  const list = page.getByTestId('resource-page-srmSampleRequest');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await chooseOption(page, form.getByTestId('supplier-select'), '华东精密机械有限公司');
  // No material code yet: a description and its category.
  await form.getByPlaceholder('没有物料编码的样品，填写名称和规格').fill(name);
  const tree = form.getByTestId('material-category-select');
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()) === 0) await tree.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', {
        hasText: '0301 紧固件',
      })
      .click({ timeout: 3_000 });
    await expect(tree).toContainText('紧固件', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await chooseOption(
    page,
    form.locator('.ant-select', { has: page.locator('#srmSampleRequest-form_purpose') }),
    '准入',
  );
  await form.getByPlaceholder('请输入样品数量').fill('5');
  await chooseOption(page, form.locator('.ant-select', { has: page.locator('#srmSampleRequest-form_unit') }), '个');
  await pickDate(form, '请选择要求送样日期', day(7));
  await form.getByPlaceholder('请输入收样人', { exact: true }).fill('王工');
  await form.getByPlaceholder('请输入收样人电话').fill('13800000000');
  await form.getByPlaceholder('请输入收样地址').fill('上海市浦东新区张江路1号 质量部');
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  const row = list.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('草稿');
  await runRowAction(page, row, '发送');
  await expect(page.getByText('送样申请已发送给供应商').last()).toBeVisible();
  await expect(row).toContainText('已发送');

  // The supplier, in its own browser context: confirms, then ships with carrier and tracking number.
  const supplier = await signIn('supplier1');
  const mine = await openMySamples(supplier);
  const theirRow = mine.locator('tbody tr', { hasText: name });
  await expect(theirRow).toContainText('已发送');
  // Suppliers answer requests; they do not raise them.
  await expect(mine.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await runRowAction(supplier, theirRow, '确认送样');
  await expect(theirRow).toContainText('已确认');
  await theirRow.getByText('寄出', { exact: true }).click();
  // SMP-1: the tracking number is required.
  await supplier.getByTestId('sample-ship-carrier').fill('顺丰速运');
  await supplier.getByTestId('sample-ship-submit').click();
  await expect(supplier.getByTestId('sample-ship-form')).toContainText('请填写运单号');
  await supplier.getByTestId('sample-ship-tracking').fill('SF1234567890');
  await supplier.getByTestId('sample-ship-submit').click();
  await expect(supplier.getByText('样品已寄出').last()).toBeVisible();
  await expect(theirRow).toContainText('已寄出');
  await expect(theirRow).toContainText('SF1234567890');

  // The buyer receives it. The kept-alive list still shows what it loaded: read it afresh.
  await refreshTab(page, '样品管理');
  await expect(row).toContainText('已寄出', { timeout: 30_000 });
  await row.getByText('签收', { exact: true }).click();
  await expect(page.getByTestId('sample-receive-qty')).toHaveValue('5');
  await page.getByTestId('sample-receive-submit').click();
  await expect(page.getByText('样品已签收').last()).toBeVisible();
  await expect(row).toContainText('已签收');

  // SMP-2: the requesting buyer cannot record the result; the administrator tests it.
  await row.getByText('录入结果', { exact: true }).click();
  await page.getByTestId('sample-test-result').getByText('合格', { exact: true }).click();
  await page.getByTestId('sample-test-report').fill('自测合格');
  await page.getByTestId('sample-test-submit').click();
  await expect(page.getByText('测试人不能是提出送样申请的采购员').last()).toBeVisible();
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /取\s*消/ })
    .click();

  const admin = await signIn('admin');
  await openMenu(admin, '供应商管理', '样品管理', /\/srm\/sample$/);
  const adminRow = admin.getByTestId('resource-page-srmSampleRequest').locator('tbody tr', { hasText: name });
  await adminRow.getByText('录入结果', { exact: true }).click();
  await admin.getByTestId('sample-test-result').getByText('合格', { exact: true }).click();
  await admin.getByTestId('sample-test-report').fill('尺寸、硬度均符合图纸要求');
  await admin.getByTestId('sample-test-submit').click();
  await expect(admin.getByText('测试结果已保存').last()).toBeVisible();
  await expect(adminRow).toContainText('已测试');
  await expect(adminRow).toContainText('合格');

  // The supplier sees the result.
  await refreshTab(supplier, '送样申请');
  await expect(theirRow).toContainText('已测试', { timeout: 30_000 });
  await expect(theirRow).toContainText('合格');
});
