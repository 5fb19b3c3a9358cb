import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openMenu, signInAs } from './helpers.js';

// 日志管理, 在线用户 and the user recycle bin, as an administrator. Other spec files share the
// database, so the user made here has a unique name and searches narrow to it.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('admin sees its login in 日志管理 and itself in 在线用户, and restores a deleted user from 回收站', async ({
  page,
}) => {
  const tag = unique();
  const username = `e2e_bin_${tag}`;

  await signInAs(page, 'admin');

  // 登录日志: the newest admin login row is this one (newest first).
  await openMenu(page, '系统管理', '日志管理', /\/isystem\/log$/);
  const logins = page.getByTestId('log-table-1');
  await logins.getByPlaceholder('日志内容或用户账号').fill('admin');
  await logins.getByRole('button', { name: /查\s*询/ }).click();
  const firstLogin = logins.locator('tbody tr.ant-table-row').first();
  await expect(firstLogin).toContainText('用户名: admin,登录成功！');
  await expect(firstLogin).toContainText('成功');

  // 在线用户: this very session, marked as the current one.
  await openMenu(page, '系统管理', '在线用户', /\/isystem\/online$/);
  const online = page.getByTestId('online-user-page');
  await expect(online.locator('tr', { hasText: '当前会话' })).toContainText('admin');

  // A fresh user, made through the API with an administrator's token.
  const signIn = await page.request.post('/jeecg-boot/sys/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const headers = { 'X-Access-Token': ((await signIn.json()) as { result: { token: string } }).result.token };
  const added = await page.request.post('/jeecg-boot/sys/user/add', {
    headers,
    data: { username, realname: `回收站用户${tag}`, password: 'Bin#2026xx' },
  });
  expect(((await added.json()) as { success: boolean }).success).toBe(true);
  await page.request.post('/jeecg-boot/sys/logout', { headers });

  // 用户管理: delete it…
  await openMenu(page, '系统管理', '用户管理', /\/isystem\/user$/);
  // Pages kept alive in other tabs stay in the content area, hidden: count only what shows.
  const rows = page.getByTestId('content').locator('tbody tr.ant-table-row:visible');
  // Typing into a page still rendering can be lost on a loaded machine: search until it took.
  await expect(async () => {
    await page.getByPlaceholder('请输入用户账号').fill(username);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(rows).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await rows.first().getByText('删除', { exact: true }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rows).toHaveCount(0);

  // …and restore it from 回收站: it is back in the list.
  await page.getByTestId('user-recycle-bin').click();
  const bin = page.getByTestId('recycle-bin-modal');
  const binRow = bin.locator('tr', { hasText: username });
  await expect(binRow).toBeVisible();
  await binRow.getByTestId('recycle-bin-restore-row').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('还原成功').last()).toBeVisible();
  await expect(binRow).toHaveCount(0);
  // The list behind was refreshed by the restore.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(username);
  await page.locator('.ant-modal', { has: bin }).locator('.ant-modal-close').click();
  await expect(bin).toHaveCount(0);

  // 操作日志 recorded the restore.
  await openMenu(page, '系统管理', '日志管理', /\/isystem\/log$/);
  await page.getByRole('tab', { name: '操作日志' }).click();
  const operations = page.getByTestId('log-table-2');
  await operations.getByPlaceholder('日志内容或用户账号').fill('还原');
  await operations.getByRole('button', { name: /查\s*询/ }).click();
  await expect(operations.locator('tbody tr.ant-table-row').first()).toContainText(
    '/jeecg-boot/sys/user/putRecycleBin',
  );
});
