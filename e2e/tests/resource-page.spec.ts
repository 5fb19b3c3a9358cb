import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { type Download, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { enter, openMenu } from './helpers.js';

// The tests take one signed-in page in turn (fixtures.ts): the back office boots once for the file.
test.use({ user: 'admin', shareContext: true });

// The generic list page on real resources. Every row made here has a unique name: other
// spec files share the database.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const pending = page.waitForEvent('download');
  await click();
  return pending;
}

async function workbook(file: Download): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) =>
  (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)));

async function submitForm(page: Page, expected: string): Promise<void> {
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText(expected).last()).toBeVisible();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
}

const search = async (list: Locator, placeholder: string, value: string) => {
  await list.getByTestId('resource-search').getByPlaceholder(placeholder).fill(value);
  await list.getByRole('button', { name: /查\s*询/ }).click();
};

test('admin manages positions: add, search, edit, detail, export, template, import with a bad row, batch delete', async ({
  page,
}) => {
  const tag = unique();
  const code = `E2E-${tag}`;
  const name = `端到端职务${tag}`;
  await enter(page);
  await openMenu(page, '系统管理', '职务管理', /\/isystem\/position$/);
  const list = page.getByTestId('resource-page-sysPosition');
  await expect(list.locator('.ant-table')).toBeVisible();

  // Add: required fields are named by the shared schema, then the row is saved.
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await page.getByTestId('resource-form-submit').click();
  await expect(form).toContainText('请输入职务编码');
  await expect(form).toContainText('请输入职务名称');
  await form.getByPlaceholder('请输入职务编码').fill(code);
  await form.getByPlaceholder('请输入职务名称').fill(name);
  await form.locator('#sysPosition-form_postRank').click();
  await page.locator('.ant-select-item-option', { hasText: '中级' }).click();
  await submitForm(page, '添加成功！');

  // Search by a part of the name (sent as *x*).
  await search(list, '请输入职务名称', tag);
  const row = list.locator('tbody tr', { hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('中级');

  // Edit.
  await row.getByText('编辑').click();
  await form.getByPlaceholder('请输入职务名称').fill(`${name}改`);
  await submitForm(page, '修改成功!');
  await expect(row).toContainText(`${name}改`);

  // Detail, read back from the server with the dictionary text and audit fields.
  await row.getByText('详情').click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail).toContainText(code);
  await expect(detail).toContainText('中级');
  await expect(detail).toContainText('admin');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(detail).toHaveCount(0);

  // Export the current search as 职务.xlsx.
  const exported = await download(page, () => list.getByRole('button', { name: /导\s*出/ }).click());
  expect(exported.suggestedFilename()).toBe('职务.xlsx');
  const sheet = await workbook(exported);
  expect(rowValues(sheet, 1)).toContain('职务编码');
  expect(sheet.rowCount).toBe(2);
  expect(rowValues(sheet, 2)).toEqual(expect.arrayContaining([code, `${name}改`, '中级']));

  // The template, then an import of one good and one bad row: a partial import.
  const template = await download(page, () => list.getByRole('button', { name: /下载模板/ }).click());
  expect(template.suggestedFilename()).toBe('职务导入模板.xlsx');
  const headers = rowValues(await workbook(template), 1);
  expect(headers).toEqual(['职务编码*', '职务名称*', '职级', '描述']);
  const book = new ExcelJS.Workbook();
  const input = book.addWorksheet('职务');
  input.addRow(headers);
  input.addRow([`E2E-IMP-${tag}`, `导入职务${tag}`, '副高级', '导入的']);
  input.addRow([`E2E-BAD-${tag}`, '', '', '缺少名称']);
  await list.locator('input[type=file]').setInputFiles({
    name: 'positions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  const warning = page.locator('.ant-modal-confirm');
  await expect(warning).toContainText('总上传行数：2，已导入行数：1，错误行数：1');
  const details = await download(page, () => page.getByTestId('import-error-log').click());
  expect(details.suggestedFilename()).toMatch(/^sysPositionImportErrorLog\d+\.txt$/);
  expect(fs.readFileSync(await details.path(), 'utf8')).toContain('第3行');
  await warning.getByRole('button', { name: /知道了/ }).click();

  // The imported row is listed beside the edited one; both go in one batch delete.
  await search(list, '请输入职务名称', tag);
  await expect(list.locator('tbody tr', { hasText: `导入职务${tag}` })).toHaveCount(1);
  await list.getByRole('button', { name: /批量删除/ }).click();
  await expect(page.getByText('请选择一条记录！')).toBeVisible();
  await list.locator('thead .ant-checkbox-input').check();
  await expect(list.getByTestId('resource-selection')).toContainText('已选择 2 项');
  await list.getByRole('button', { name: /批量删除/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('批量删除成功!')).toBeVisible();
  await expect(list.locator('tbody tr', { hasText: tag })).toHaveCount(0);
});

test("数据字典: 字典配置 shows a dictionary's items and adds one to a new dictionary", async ({ page }) => {
  const tag = unique();
  await enter(page);
  await openMenu(page, '系统管理', '数据字典', /\/isystem\/dict$/);
  const dicts = page.getByTestId('resource-page-sysDict');

  // A seeded dictionary's items.
  await search(dicts, '请输入字典编码', 'position_rank');
  await dicts.locator('tbody tr', { hasText: 'position_rank' }).getByText('字典配置').click();
  const drawer = page.getByTestId('dict-items-drawer');
  const items = page.getByTestId('resource-page-sysDictItem');
  await expect(drawer).toContainText('字典配置 - 职级');
  await expect(items.locator('tbody')).toContainText('中级');
  await expect(items.locator('tbody')).toContainText('P3');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(items).toHaveCount(0);

  // A new dictionary, then an item added to it through 字典配置.
  await dicts.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await form.getByPlaceholder('请输入字典名称').fill(`端到端字典${tag}`);
  await form.getByPlaceholder('请输入字典编码').fill(`e2e_${tag}`);
  await submitForm(page, '添加成功！');
  await search(dicts, '请输入字典编码', `e2e_${tag}`);
  await dicts
    .locator('tbody tr', { hasText: `e2e_${tag}` })
    .getByText('字典配置')
    .click();
  await expect(items.locator('.ant-table')).toContainText('暂无数据');
  await items.getByRole('button', { name: /新\s*增/ }).click();
  await form.getByPlaceholder('请输入名称').fill('端到端项');
  await form.getByPlaceholder('请输入数据值').fill('v1');
  await submitForm(page, '添加成功！');
  const item = items.locator('tbody tr', { hasText: '端到端项' });
  await expect(item).toContainText('v1');
  await expect(item).toContainText('启用');
});
