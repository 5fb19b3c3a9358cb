import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, confirmPopover, enter, openMenu, pickDate, refreshTab } from './helpers.js';

// Supplier performance end to end (domain §20): a buyer creates an evaluation project with the
// demo quarterly template, scores the manual indicators, calculates and publishes (no approval
// step is configured in the demo, so submission publishes at once); the supplier, in its own
// browser context, sees only its own grade and appeals (EVA-6); the buyer rejects the appeal.
test.use({ user: 'buyer' });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A wire datetime (GMT+8) `days` from now. */
const wire = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const SUPPLIER = '华东精密机械有限公司';
const MANUAL = ['质量问题响应', '交期配合度', '降本配合度', '服务满意度'];

async function runRowAction(page: Page, row: Locator, label: string): Promise<void> {
  await row.getByText(label, { exact: true }).click();
  await confirmPopover(page);
}

async function pickMany(page: Page, select: Locator, option: string): Promise<void> {
  await expect(async () => {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option })
      .click({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

test('a buyer scores and publishes an evaluation; the supplier sees its grade and appeals', async ({
  page,
  signIn,
}) => {
  const name = `端到端季度评估${unique()}`;
  await enter(page);
  await openMenu(page, '供应商绩效', '评估项目', /\/srm\/performance\/project$/);
  const list = page.getByTestId('resource-page-srmEvalProject');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await form.getByPlaceholder('请输入项目名称').fill(name);
  await chooseOption(page, form.getByTestId('eval-template-select'), '季度供应商绩效评估');
  await pickDate(form, '请选择评估期间起', '2026-07-01');
  await pickDate(form, '请选择评估期间止', '2026-09-30');
  await pickDate(form, '请选择评分截止时间', wire(3));
  await pickMany(page, form.getByTestId('eval-suppliers-select'), SUPPLIER);
  await pickMany(page, form.getByTestId('eval-raters-select'), '采购员王敏');
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();

  const row = list.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('草稿');
  await runRowAction(page, row, '开始评分');
  await expect(row).toContainText('评分中');

  await row.getByText('评分', { exact: true }).click();
  const sheet = page.getByTestId('eval-scoring');
  for (const indicator of MANUAL) await sheet.getByLabel(`${SUPPLIER}-${indicator}`).fill('85');
  await expect(sheet.getByText('系统计算·暂不适用').first()).toBeVisible();
  await page.getByTestId('eval-scores-save').click();
  await expect(page.getByText('评分已保存').last()).toBeVisible();

  await runRowAction(page, row, '计算结果');
  await expect(row).toContainText('已计算');
  await runRowAction(page, row, '提交发布');
  await expect(page.getByText('评估结果已发布').last()).toBeVisible();
  await expect(row).toContainText('已发布');

  // The supplier, in its own browser context.
  const supplier = await signIn('supplier1');
  await supplier.getByTestId('side-menu').getByText('我的评估结果', { exact: true }).click();
  await expect(supplier).toHaveURL(/\/srm\/my-eval-results$/);
  const card = supplier.getByTestId('my-eval-results').locator('.ant-card', { hasText: name });
  await expect(card.getByTestId('eval-grade')).toHaveText('B');
  await expect(card).toContainText('85');
  await expect(supplier.getByTestId('my-eval-results')).not.toContainText('苏州新材科技有限公司');
  await card.getByTestId('eval-appeal').click();
  await supplier.getByTestId('eval-appeal-reason').fill('降本配合度评分未考虑本季度的年度降价');
  await supplier.getByTestId('eval-appeal-submit').click();
  await expect(supplier.getByText('申诉已提交').last()).toBeVisible();
  await expect(card.getByTestId('eval-appeal-status')).toHaveText('申诉处理中');
  await expect(card.getByTestId('eval-appeal')).toHaveCount(0);

  // The buyer answers the appeal; the result stays as published.
  await row.getByText('结果', { exact: true }).click();
  const results = page.getByTestId('eval-results');
  await expect(results.locator('tbody tr', { hasText: SUPPLIER })).toContainText('申诉中');
  await results.getByTestId('eval-answer-appeal').click();
  await page.getByTestId('eval-appeal-answer').fill('年度降价已计入价格竞争力指标，维持原结果');
  await page.getByTestId('eval-appeal-answer-submit').click();
  await expect(page.getByText('申诉已驳回').last()).toBeVisible();
  await expect(results.locator('tbody tr', { hasText: SUPPLIER })).toContainText('申诉驳回');

  await refreshTab(supplier, '我的评估结果');
  await expect(card.getByTestId('eval-appeal-status')).toHaveText('申诉驳回');
  await expect(card.getByTestId('eval-grade')).toHaveText('B');
});
