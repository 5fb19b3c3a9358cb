import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

// 菜单管理: an administrator adds a sub-menu under 系统管理 and a button under it, finds both
// in the tree, then deletes the sub-menu (its button goes with it). Names are unique: other
// spec files share the database.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('admin adds a sub-menu and a button under 系统管理, sees both in the tree, and deletes them', async ({ page }) => {
  const tag = unique();
  const menuName = `端到端菜单${tag}`;
  const buttonName = `端到端按钮${tag}`;
  const url = `/isystem/e2e-${tag}`;

  await signInAs(page, 'admin');
  const side = page.getByTestId('side-menu');
  await side.getByText('系统管理').click();
  await side.getByText('菜单管理').click();
  await expect(page).toHaveURL(/\/isystem\/permission$/);
  const table = page.getByTestId('permission-table');
  await expect(table.getByText('系统管理', { exact: true })).toBeVisible();

  // 添加下级 on 系统管理: a sub-menu showing the positions page.
  await table
    .locator('tr', { has: page.getByText('系统管理', { exact: true }) })
    .getByText('添加下级')
    .click();
  const form = page.getByTestId('permission-form');
  await expect(form.locator('#permissionForm_menuType')).toBeVisible();
  await form.locator('#permissionForm_name').fill(menuName);
  await form.locator('#permissionForm_url').fill(url);
  await form.locator('#permissionForm_component').fill('resource/sysPosition');
  await form.locator('#permissionForm_icon').fill('TableOutlined');
  await page.getByTestId('permission-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  await expect(form).toHaveCount(0);

  const menuRow = table.locator('tr', { has: page.getByText(menuName, { exact: true }) });
  await expect(menuRow).toBeVisible();
  await expect(menuRow).toContainText('子菜单');
  await expect(menuRow).toContainText('resource/sysPosition');
  await expect(menuRow).toContainText(url);

  // A button under it.
  await menuRow.getByText('添加下级').click();
  await form.getByText('按钮/权限', { exact: true }).click();
  await form.locator('#permissionForm_name').fill(buttonName);
  await form.locator('#permissionForm_perms').fill(`e2e${tag}:do`);
  await expect(form.locator('#permissionForm_url')).toHaveCount(0);
  await page.getByTestId('permission-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  await expect(form).toHaveCount(0);

  const buttonRow = table.locator('tr', { has: page.getByText(buttonName, { exact: true }) });
  await expect(buttonRow).toBeVisible();
  await expect(buttonRow).toContainText('按钮/权限');
  await expect(buttonRow).toContainText(`e2e${tag}:do`);

  // The administrator holds new menus at once: after a reload the side menu offers it.
  await page.reload();
  await expect(table.getByText('系统管理', { exact: true })).toBeVisible();
  // The current page's group opens by itself after the reload; open it only if it did not.
  const group = side.locator('.ant-menu-submenu-title', { hasText: '系统管理' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(side.getByText(menuName)).toBeVisible();

  // Deleting the sub-menu takes its button with it, after saying so.
  await page.getByTestId('permission-expand').click();
  await table
    .locator('tr', { has: page.getByText(menuName, { exact: true }) })
    .getByText('删除')
    .click();
  await expect(page.getByText('确定删除吗？其下 1 个菜单/按钮及数据规则也会一并删除')).toBeVisible();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!').last()).toBeVisible();
  await expect(table.getByText(menuName, { exact: true })).toHaveCount(0);
  await expect(table.getByText(buttonName, { exact: true })).toHaveCount(0);
  await expect(table.getByText('系统管理', { exact: true })).toBeVisible();
});
