import { expect, test } from './fixtures.js';
import { BOOT_MS, openMenu, signInAs } from './helpers.js';

// An administrator makes a role that may only view positions, gives it to a new user, and
// that user sees exactly that. Names are unique: other spec files share the database.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('admin creates a role, authorises it for viewing positions, gives it to a new user who then sees only that', async ({
  page,
  signIn,
}) => {
  const tag = unique();
  const roleCode = `e2e_${tag}`;
  const roleName = `端到端角色${tag}`;
  const username = `e2e_${tag}`;
  const password = 'Procura@2026x';

  await signInAs(page, 'admin');

  // The role, through the generic 角色管理 page.
  await openMenu(page, '系统管理', '角色管理', /\/isystem\/role$/);
  const roles = page.getByTestId('resource-page-sysRole');
  await roles.getByRole('button', { name: /新\s*增/ }).click();
  const roleForm = page.getByTestId('resource-form');
  await roleForm.getByPlaceholder('请输入角色名称').fill(roleName);
  await roleForm.getByPlaceholder('请输入角色编码').fill(roleCode);
  await page.getByTestId('resource-form-submit').click();
  await expect(roleForm).toHaveCount(0);
  await roles.getByTestId('resource-search').getByPlaceholder('请输入角色编码').fill(roleCode);
  await roles.getByRole('button', { name: /查\s*询/ }).click();
  const roleRow = roles.locator('tr', { hasText: roleCode });
  await expect(roles.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // 授权: only 系统管理 > 职务管理 > 查看职务 (its parents are sent half-checked).
  await roleRow.getByText('授权').click();
  const drawer = page.getByTestId('role-permission-drawer');
  const node = drawer.locator('.ant-tree-treenode', { has: page.getByText('查看职务', { exact: true }) });
  await node.locator('.ant-tree-checkbox').click();
  await expect(
    drawer
      .locator('.ant-tree-treenode', { has: page.getByText('职务管理', { exact: true }) })
      .locator('.ant-tree-checkbox'),
  ).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await page.getByTestId('role-permission-save').click();
  await expect(page.getByText('保存成功！').last()).toBeVisible();

  // The user, with that role, on 用户管理.
  await openMenu(page, '系统管理', '用户管理', /\/isystem\/user$/);
  await page.getByRole('button', { name: /新增用户/ }).click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByPlaceholder('请输入用户账号').fill(username);
  await userForm.getByPlaceholder('请输入密码').fill(password);
  await userForm.getByPlaceholder('请重新输入登录密码').fill(password);
  await userForm.getByPlaceholder('请输入用户姓名').fill(`端到端用户${tag}`);
  // The role, picked from the multiple select. Its dropdown stays open after a pick; it is closed
  // by leaving the field (a click on the drawer's title, which no dropdown covers), not by Escape:
  // an Escape that reaches the drawer instead of the dropdown asks to close the filled-in form, and
  // a dropdown left open can cover the footer's submit button (the flake of this spec).
  const rolesSelect = userForm.locator('.ant-select', { has: page.locator('#userForm_selectedroles') });
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.locator('#userForm_selectedroles').click();
  await page.locator('#userForm_selectedroles').fill(roleName);
  await dropdown.locator('.ant-select-item-option', { hasText: roleName }).click();
  await expect(rolesSelect).toContainText(roleName);
  await expect(async () => {
    await page.locator('.ant-drawer-title', { hasText: '新增用户' }).click({ timeout: 3_000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  await expect(userForm).toHaveCount(0);

  // The new user, in their own browser.
  const user = await signIn(username, { password });
  const menu = user.getByTestId('side-menu');
  await openMenu(user, '系统管理', '职务管理', /\/isystem\/position$/);
  await expect(menu.locator('.ant-menu-title-content')).toHaveText(['首页', '系统管理', '职务管理']);
  await expect(menu.getByText('用户管理')).toHaveCount(0);

  // The first page this browser opens after its boot: its chunk is fetched and parsed in a context
  // with an empty cache, which on a loaded machine took up to 8 s of the 10 s an expect waits by
  // default (the flake of this spec). It gets the boot's time, as `enter` gives the shell.
  const positions = user.getByTestId('resource-page-sysPosition');
  await expect(positions.locator('.ant-table')).toBeVisible({ timeout: BOOT_MS });
  await expect(positions.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
});
