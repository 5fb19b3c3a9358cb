import { expect, test } from '@playwright/test';
import { openMenu, signInAs } from './helpers.js';

// Tenant isolation of system data (issue 16): the administrator of the demo's second tenant
// (华东分公司, `hdadmin`) lists users, departments and roles and sees only their tenant's,
// never the platform's (admin, buyer, 总公司, the 管理员 role).
test('the administrator of the second tenant sees only their own users, departments and roles', async ({ page }) => {
  await signInAs(page, 'hdadmin');

  await openMenu(page, '系统管理', '用户管理', /\/isystem\/user$/);
  const users = page.locator('tbody tr.ant-table-row');
  await expect(users).toHaveCount(2);
  await expect(page.getByRole('cell', { name: 'hdadmin', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'hdbuyer', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'buyer', exact: true })).toHaveCount(0);

  await openMenu(page, '系统管理', '部门管理', /\/isystem\/depart$/);
  const tree = page.getByTestId('depart-tree');
  await expect(tree.getByText('华东分公司', { exact: true })).toBeVisible();
  await expect(tree.getByText('总公司', { exact: true })).toHaveCount(0);
  await expect(tree.getByText('采购部', { exact: true })).toHaveCount(0);

  await openMenu(page, '系统管理', '角色管理', /\/isystem\/role$/);
  const roles = page.getByTestId('resource-page-sysRole');
  await expect(roles.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(roles.getByRole('cell', { name: 'hd_admin', exact: true })).toBeVisible();
  await expect(roles.getByRole('cell', { name: 'hd_buyer', exact: true })).toBeVisible();
  await expect(roles.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
});
