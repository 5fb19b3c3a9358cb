import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DEMO_PASSWORD, enter } from './helpers.js';

// 通知公告 end to end through the screens: the administrator writes a notice for one user,
// publishes it, and that user (and only that user) finds it under the bell.
test.use({ user: 'admin' });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const API = '/jeecg-boot';

/** A fresh user with the buyer role, made through the API (the user screens have their own test). */
async function makeUser(
  request: APIRequestContext,
  username: string,
  realname: string,
  password: string,
): Promise<void> {
  const signIn = await request.post(`${API}/sys/login`, { data: { username: 'admin', password: DEMO_PASSWORD } });
  const headers = { 'X-Access-Token': ((await signIn.json()) as { result: { token: string } }).result.token };
  const roles = (await (await request.get(`${API}/sys/role/queryall`, { headers })).json()) as {
    result: { id: string; roleCode: string }[];
  };
  const buyer = roles.result.find((r) => r.roleCode === 'buyer')!;
  const added = await request.post(`${API}/sys/user/add`, {
    headers,
    data: { username, realname, password, confirmpassword: password, selectedroles: buyer.id },
  });
  expect(((await added.json()) as { success: boolean }).success).toBe(true);
  await request.post(`${API}/sys/logout`, { headers });
}

async function choose(page: Page, control: string, option: string): Promise<void> {
  await page.locator(control).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option })
    .click();
}

async function openBell(page: Page) {
  await page.getByTestId('notice-bell').click();
  const panel = page.getByTestId('notice-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('an administrator writes a notice for one user on 通知公告, publishes it, and only that user gets it', async ({
  page,
  request,
  signIn,
}) => {
  const tag = unique();
  const title = `端到端通知${tag}`;
  const username = `e2e_n_${tag}`;
  const realname = `通知收件人${tag}`;
  const password = 'Notice#2026x';
  await makeUser(request, username, realname, password);

  await enter(page);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('系统管理').click();
  await menu.getByText('通知公告').click();
  await expect(page).toHaveURL(/\/isystem\/annountCement$/);
  const list = page.getByTestId('resource-page-sysAnnouncement');

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await form.getByPlaceholder('请输入标题').fill(title);
  await choose(page, '#sysAnnouncement-form_msgCategory', '通知公告');
  await choose(page, '#sysAnnouncement-form_priority', '紧急');
  await choose(page, '#sysAnnouncement-form_msgType', '指定用户');
  // 指定用户: found by name, shown by name, stored as the user's id.
  const picker = form.getByTestId('user-select');
  await picker.click();
  await picker.locator('input').fill(realname);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: realname })
    .click();
  await page.keyboard.press('Escape');
  await expect(picker).toContainText(`${realname}（${username}）`);
  await form.getByPlaceholder('请输入内容').fill('请于本周五前完成年度盘点。');
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  await expect(form).toHaveCount(0);

  await list.getByTestId('resource-search').getByPlaceholder('请输入标题').fill(tag);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  const row = list.locator('tbody tr', { hasText: title });
  await expect(row).toContainText('未发布');
  await row.getByText('发布', { exact: true }).click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden)')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('该系统通知发布成功').last()).toBeVisible();
  await expect(row).toContainText('已发布');
  await expect(row.getByText('撤销', { exact: true })).toBeVisible();

  // Another user, in their own browser, does not get it…
  const buyer = await signIn('buyer');
  const others = await openBell(buyer);
  await expect(others.getByText(/^通知\(\d+\)$/)).toBeVisible();
  await expect(others.getByTestId('notice-item').filter({ hasText: title })).toHaveCount(0);

  // …the chosen one does (beside the notices for everyone) and can open it.
  const recipient = await signIn(username, { password });
  const panel = await openBell(recipient);
  const item = panel.getByTestId('notice-item').filter({ hasText: title });
  await expect(item.locator('.ant-tag')).toHaveText('紧急');
  await item.click();
  const dialog = recipient.locator('.ant-modal', { has: recipient.getByTestId('announcement-dialog') });
  await expect(dialog).toContainText('请于本周五前完成年度盘点。');
  await expect(dialog).toContainText('发布人：admin');
});
