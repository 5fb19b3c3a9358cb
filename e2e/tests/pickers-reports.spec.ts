import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, enter, openMenu } from './helpers.js';

// The tests take one signed-in page in turn (fixtures.ts): the back office boots once for the file.
test.use({ user: 'admin', shareContext: true });

// Online reports defined in 在线开发 → 在线报表, read through the report popup and the popup
// widget, and the other pickers, on the widget gallery (组件示例). Names are unique per run:
// other spec files share the database.
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const reportCode = `e2e_org_${tag}`;
const orgs = [
  { code: `E2E-A-${tag}`, name: `端到端机构甲${tag}` },
  { code: `E2E-B-${tag}`, name: `端到端机构乙${tag}` },
];

async function submitForm(page: Page, expected: string): Promise<void> {
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText(expected).last()).toBeVisible();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
}

const formItem = (page: Page, label: string): Locator =>
  page.getByTestId('resource-form').locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });

/** The visible dialog (antd keeps closed ones in the DOM). */
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

async function confirmDialog(page: Page): Promise<void> {
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

test('admin defines a report: a non-allow-listed table is refused, columns are added, the preview lists the rows', async ({
  page,
}) => {
  await enter(page);
  await openMenu(page, '系统管理', '组织机构', /\/isystem\/dataorg$/);
  for (const org of orgs) {
    await page
      .getByTestId('resource-page-bdDataorg')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await page.getByTestId('resource-form').getByPlaceholder('请输入编码').fill(org.code);
    await page.getByTestId('resource-form').getByPlaceholder('请输入名称').fill(org.name);
    await submitForm(page, '添加成功！');
  }

  await openMenu(page, '在线开发', '在线报表', /\/online\/cgreport$/);
  const reports = page.getByTestId('resource-page-onlCgreportHead');
  await reports.getByRole('button', { name: /新\s*增/ }).click();
  await page.getByTestId('resource-form').getByPlaceholder('请输入报表编码').fill(reportCode);
  await page.getByTestId('resource-form').getByPlaceholder('请输入报表名称').fill(`端到端机构报表${tag}`);
  const sqlBox = formItem(page, '报表SQL').locator('textarea');
  await sqlBox.fill('select username, password_hash from sys_user');
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText(/不能查询 sys_user/).last()).toBeVisible();
  await sqlBox.fill(`select code, name from bd_dataorg where code like 'E2E-%-${tag}'`);
  await submitForm(page, '添加成功！');

  const row = reports.getByTestId('resource-table').locator('tr', { hasText: reportCode });
  await row.getByText('字段', { exact: true }).click();
  const drawer = page.getByTestId('report-onlCgreportItem-drawer');
  await expect(drawer).toBeVisible();
  for (const [fieldName, fieldTxt] of [
    ['code', '机构编码'],
    ['name', '机构名称'],
  ]) {
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByTestId('resource-form').getByPlaceholder('请输入字段名').fill(fieldName!);
    await page.getByTestId('resource-form').getByPlaceholder('请输入字段文本').fill(fieldTxt!);
    await chooseOption(page, formItem(page, '字段类型').locator('.ant-select'), '文本');
    await chooseOption(page, formItem(page, '是否查询').locator('.ant-select'), '是');
    await submitForm(page, '添加成功！');
  }
  await expect(drawer.getByText('机构名称')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row.getByText('预览', { exact: true }).click();
  const preview = dialog(page);
  await expect(preview.getByText(orgs[0]!.name)).toBeVisible();
  await expect(preview.getByText(orgs[1]!.name)).toBeVisible();
  await expect(preview.getByText('1-2 共2条')).toBeVisible();
  await preview.getByPlaceholder('请输入机构名称').fill('乙');
  await preview.getByRole('button', { name: /查\s*询/ }).click();
  await expect(preview.getByText('1-1 共1条')).toBeVisible();
  await expect(preview.getByText(orgs[0]!.name)).toHaveCount(0);
});

test('the pickers of the widget gallery: report popup, popup widget, organisations, departments, users', async ({
  page,
}) => {
  await enter(page);
  await openMenu(page, '系统管理', '组件示例', /\/isystem\/widgets$/);
  const section = page.getByTestId('gallery-pickers');
  await section.scrollIntoViewIfNeeded();
  await section.getByTestId('gallery-report-code').fill(reportCode);

  // Report popup, single: confirming nothing is refused, a clicked row is handed over.
  await section.getByTestId('open-report-popup').click();
  const popup = dialog(page);
  await expect(popup.getByText(orgs[0]!.name)).toBeVisible();
  expect(await popup.evaluate((el) => (el as HTMLElement).style.width)).toBe('600px');
  await confirmDialog(page);
  await expect(page.getByText('请选择一条记录')).toBeVisible();
  await popup.getByText(orgs[1]!.name).click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-report-popup-value')).toHaveText(JSON.stringify([orgs[1]!.code]));

  // Popup widget (1200 wide, several rows): both rows' names.
  await section
    .getByTestId('demo-popup-select')
    .getByRole('button', { name: /选\s*择/ })
    .click();
  const widget = dialog(page);
  await expect(widget.getByText(orgs[0]!.name)).toBeVisible();
  expect(await widget.evaluate((el) => (el as HTMLElement).style.width)).toBe('1200px');
  await widget.getByText(orgs[0]!.name).click();
  await widget.getByText(orgs[1]!.name).click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-popup-select-value')).toHaveText(`${orgs[0]!.name},${orgs[1]!.name}`);

  // In a form, the other dest field is filled too; bad configurations say so.
  await section
    .getByTestId('demo-popup-form')
    .getByRole('button', { name: /选\s*择/ })
    .click();
  await dialog(page).getByText(orgs[0]!.name).click();
  await confirmDialog(page);
  await expect(section.getByTestId('popup-form-org-code')).toHaveValue(orgs[0]!.code);
  await expect(section.getByTestId('demo-popup-bad').getByText('popup参数未正确配置!')).toBeVisible();
  await expect(
    section.getByTestId('demo-popup-mismatch').getByText('popup参数未正确配置,原始值和目标值数量不一致!'),
  ).toBeVisible();

  // Organisations, searched by name.
  await section.getByTestId('open-org-picker').click();
  const orgPicker = dialog(page);
  await orgPicker.getByPlaceholder('请输入名称').fill(orgs[0]!.name);
  await orgPicker.getByPlaceholder('请输入名称').press('Enter');
  await expect(orgPicker.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await orgPicker.getByText(orgs[0]!.code).click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-org-picker-value')).toHaveText(JSON.stringify([orgs[0]!.code]));

  // Departments from the tree.
  await section.getByTestId('open-depart-picker').click();
  await dialog(page)
    .locator('.ant-tree-title', { hasText: /^采购部$/ })
    .click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-depart-picker-value')).toHaveText(JSON.stringify(['采购部']));

  // Users, searched by account.
  await section.getByTestId('open-user-picker').click();
  const users = dialog(page);
  expect(await users.evaluate((el) => (el as HTMLElement).style.width)).toBe('1250px');
  await users.getByPlaceholder('请输入用户账号').fill('buyer');
  await users.getByPlaceholder('请输入用户账号').press('Enter');
  await users.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'buyer' }).first().click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-user-picker-value')).toContainText('buyer');
});

test('the gallery reads the demo report 部门列表 out of the box: a from–to range and the hidden items behind 展开', async ({
  page,
}) => {
  await enter(page);
  await openMenu(page, '系统管理', '组件示例', /\/isystem\/widgets$/);
  const section = page.getByTestId('gallery-pickers');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('gallery-report-code')).toHaveValue('demo_depart');

  await section.getByTestId('open-report-popup').click();
  const popup = dialog(page);
  await expect(popup.getByText('总公司')).toBeVisible();
  // The third query item (排序, a range) is hidden until 展开.
  const range = popup.getByTestId('report-range-sort_no');
  await expect(popup.getByPlaceholder('请输入部门编码')).toBeVisible();
  await expect(range).toHaveCount(0);
  // The popup opened under the mouse: a column's sort tooltip would cover the buttons.
  await page.mouse.move(0, 0);
  await popup.getByRole('button', { name: /展\s*开/ }).click();
  await expect(range).toBeVisible();
  await range.getByPlaceholder('排序起').fill('1');
  await range.getByPlaceholder('排序止').fill('2');
  await popup.getByRole('button', { name: /查\s*询/ }).click();
  await expect(popup.getByText('总公司')).toHaveCount(0);
  await popup.getByText('质量部').click();
  await confirmDialog(page);
  await expect(section.getByTestId('demo-report-popup-value')).toHaveText(JSON.stringify(['A01A02']));
});
