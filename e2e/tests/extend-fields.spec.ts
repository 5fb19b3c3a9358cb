import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, enter, openMenu } from './helpers.js';

// Configurable fields (spec part 2 §5): an administrator adds a field to 组织机构; its value is
// entered with the record (one request, one transaction) and listed and searched beside the
// table's own columns. Not required, so other specs adding organisations are not affected.
test.use({ user: 'admin' });
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const fieldName = `remark${tag}`;
const label = `备注${tag}`;
const org = { code: `EXT-${tag}`, name: `扩展字段机构${tag}`, remark: `值${tag}` };

const form = (page: Page) => page.getByTestId('resource-form');
const formItem = (page: Page, text: string): Locator =>
  form(page).locator('.ant-form-item', { has: page.locator(`label[title="${text}"]`) });

async function submitForm(page: Page, expected: string): Promise<void> {
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText(expected).last()).toBeVisible();
  await expect(form(page)).toHaveCount(0);
}

test('a configurable field of 组织机构 is saved with the record, listed and searched', async ({ page }) => {
  await enter(page);
  await openMenu(page, '在线开发', '扩展字段', /\/online\/extendField$/);
  await page
    .getByTestId('resource-page-sysExtendField')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await form(page).getByPlaceholder('bd_dataorg').fill('bd_dataorg');
  await form(page).getByPlaceholder('请输入字段名').fill(fieldName);
  await form(page).getByPlaceholder('请输入显示名称').fill(label);
  await chooseOption(page, formItem(page, '数据类型').locator('.ant-select'), '文本');
  await form(page).getByPlaceholder('list,edit,info').fill('list,edit');
  await submitForm(page, '添加成功！');

  await openMenu(page, '系统管理', '组织机构', /\/isystem\/dataorg$/);
  const orgs = page.getByTestId('resource-page-bdDataorg');
  await orgs.getByRole('button', { name: /新\s*增/ }).click();
  await form(page).getByPlaceholder('请输入编码').fill(org.code);
  await form(page).getByPlaceholder('请输入名称').fill(org.name);
  await form(page).getByPlaceholder(`请输入${label}`).fill(org.remark);
  await submitForm(page, '添加成功！');

  const search = orgs.getByTestId('resource-search');
  await search.getByPlaceholder(`请输入${label}`).fill(tag);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  const rows = orgs.getByTestId('resource-table').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(org.code);
  await expect(rows.first()).toContainText(org.remark);
});
