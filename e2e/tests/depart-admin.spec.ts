import { expect, test } from './fixtures.js';
import { enter } from './helpers.js';

// 部门管理: the administrator adds a sub-department under 采购部, renames it and deletes it.
// The name is unique: other spec files share the database.
test.use({ user: 'admin' });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('admin adds a sub-department under 采购部, sees it in the tree, edits it and deletes it', async ({ page }) => {
  const name = `端到端科${unique()}`;
  const renamed = `${name}改`;

  await enter(page);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('系统管理').click();
  await menu.getByText('部门管理').click();
  await expect(page).toHaveURL(/\/isystem\/depart$/);
  await expect(page.getByTestId('depart-empty')).toContainText('请先选择一个部门');

  // 添加下级 under 采购部: the new department is selected and shows its generated code.
  const tree = page.getByTestId('depart-tree');
  await tree.getByText('采购部', { exact: true }).click();
  const form = page.getByTestId('depart-form');
  await expect(form.locator('#departForm_departName')).toHaveValue('采购部');
  await page.getByTestId('depart-add-child').click();
  const addForm = page.getByTestId('depart-add-form');
  await addForm.locator('#departAddForm_departName').fill(name);
  await addForm.locator('#departAddForm_mobile').fill('021-6000 0001');
  await page.getByTestId('depart-add-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  await expect(addForm).toHaveCount(0);
  await expect(tree.getByText(name, { exact: true })).toBeVisible();
  await expect(form.locator('#departForm_departName')).toHaveValue(name);
  await expect(page.getByTestId('depart-org-code')).toHaveValue(/^A01A01[A-Z]\d\d$/);
  await expect(form.locator('#departForm_mobile')).toHaveValue('021-6000 0001');

  // 基本信息: rename and save; the tree follows.
  await form.locator('#departForm_departName').fill(renamed);
  await page.getByTestId('depart-form-submit').click();
  await expect(page.getByText('修改成功!').last()).toBeVisible();
  await expect(tree.getByText(renamed, { exact: true })).toBeVisible();
  await expect(tree.getByText(name, { exact: true })).toHaveCount(0);

  // 删除, confirmed: gone from the tree, nothing selected.
  await page.getByTestId('depart-delete').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!').last()).toBeVisible();
  await expect(tree.getByText(renamed, { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('depart-empty')).toBeVisible();
  await expect(tree.getByText('采购部', { exact: true })).toBeVisible();
});
