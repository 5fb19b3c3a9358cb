import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers.js';

// Tenants (issue 4): an administrator creates two tenants on 租户管理 and a user in both; the
// user picks a tenant after login, and the position they add there stays invisible to the
// administrator, who works without tenants. Names are unique: spec files share the database.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openMenu(page: Page, group: string, item: string, path: RegExp): Promise<void> {
  const menu = page.getByTestId('side-menu');
  // The group may be open already (a click would fold it).
  if (!(await menu.getByText(item).isVisible())) await menu.getByText(group).click();
  await menu.getByText(item).click();
  await expect(page).toHaveURL(path);
}

test('a user of two tenants picks one at login, and what they add there stays in that tenant', async ({
  page,
  browser,
}) => {
  const tag = unique();
  const tenants = [`东区${tag}`, `西区${tag}`];
  const username = `tenant_${tag}`;
  const password = 'Procura@2026x';
  const code = `TP${tag}`.replace(/[^A-Za-z0-9]/g, '');

  await signInAs(page, 'admin');
  await openMenu(page, '系统管理', '租户管理', /\/isystem\/tenant$/);
  const tenantPage = page.getByTestId('resource-page-sysTenant');
  for (const name of tenants) {
    await tenantPage.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByTestId('resource-form');
    await form.getByPlaceholder('请输入租户名称').fill(name);
    await page.getByTestId('resource-form-submit').click();
    await expect(form).toHaveCount(0);
    await expect(tenantPage.locator('tr', { hasText: name })).toContainText('正常');
  }

  await openMenu(page, '系统管理', '用户管理', /\/isystem\/user$/);
  await page.getByRole('button', { name: /新增用户/ }).click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByPlaceholder('请输入用户账号').fill(username);
  await userForm.getByPlaceholder('请输入密码').fill(password);
  await userForm.getByPlaceholder('请重新输入登录密码').fill(password);
  await userForm.getByPlaceholder('请输入用户姓名').fill(`租户用户${tag}`);
  await page.locator('#userForm_selectedroles').click();
  await page.locator('#userForm_selectedroles').fill('管理员');
  await page.locator('.ant-select-item-option[title="管理员"]').click();
  await page.keyboard.press('Escape');
  for (const name of tenants) {
    await page.locator('#userForm_relTenantIds').click();
    await page.locator('#userForm_relTenantIds').fill(name);
    await page.locator('.ant-select-item-option', { hasText: name }).click();
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();

  // The member signs in through the sign-in page, in their own browser.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/user/login');
  await member.locator('#username').fill(username);
  await member.locator('#password').fill(password);
  await member.getByTestId('login-submit').click();
  const picker = member.getByTestId('tenant-picker');
  await expect(picker).toBeVisible();
  await expect(member).toHaveURL(/\/user\/login/);
  // The light sign-in page's tenant choice is a native select.
  await picker.getByTestId('tenant-select').selectOption({ label: tenants[1]! });
  await member.getByTestId('tenant-picker-submit').click();
  await expect(member).not.toHaveURL(/\/user\/login/);
  expect(await member.evaluate(() => JSON.parse(localStorage.getItem('TENANT_ID') ?? 'null')?.value)).toEqual(
    expect.any(Number),
  );

  await openMenu(member, '系统管理', '职务管理', /\/isystem\/position$/);
  const positions = member.getByTestId('resource-page-sysPosition');
  await positions.getByRole('button', { name: /新\s*增/ }).click();
  const form = member.getByTestId('resource-form');
  await form.getByPlaceholder('请输入职务编码').fill(code);
  await form.getByPlaceholder('请输入职务名称').fill(`租户职务${tag}`);
  await member.getByTestId('resource-form-submit').click();
  await expect(form).toHaveCount(0);
  await expect(positions.locator('tr', { hasText: code })).toHaveCount(1);

  await memberContext.close();

  // The administrator, still signed in on their own page, does not see it.
  await openMenu(page, '系统管理', '职务管理', /\/isystem\/position$/);
  const adminPositions = page.getByTestId('resource-page-sysPosition');
  await adminPositions.getByTestId('resource-search').getByPlaceholder('请输入职务编码').fill(code);
  await adminPositions.getByRole('button', { name: /查\s*询/ }).click();
  await expect(adminPositions.locator('.ant-table-placeholder')).toBeVisible();
  await expect(adminPositions.locator('tr', { hasText: code })).toHaveCount(0);
});
