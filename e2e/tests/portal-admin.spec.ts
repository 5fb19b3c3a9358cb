import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, openMenu, signInAs } from './helpers.js';

// 门户管理 end to end: the administrator publishes a purchase announcement drafted on the server,
// it appears on the public portal API (PORTAL-1), a supplier signs up (SRC-4) and shows on
// 报名记录, and 撤回 with a reason takes the announcement off the portal again.
const API = '/jeecg-boot';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A wire datetime (GMT+8) `days` from now. */
const wire = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post(`${API}/sys/login`, { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function portalTotal(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`${API}/portal/view/purchaseAnnouncements`, { params: { likeName: title } });
  return ((await res.json()) as { result: { total: number } }).result.total;
}

test('an administrator publishes a purchase announcement, a supplier signs up, and 撤回 takes it off the portal', async ({
  page,
  request,
}) => {
  const title = `端到端采购公告${unique()}`;
  const admin = await tokenOf(request, 'admin');
  const added = await request.post(`${API}/portal/purchaseAnnouncement/add`, {
    headers: { 'X-Access-Token': admin },
    data: {
      title,
      type: 'inquiry',
      code: 'XJ-E2E',
      purchaseMethod: 'RFQ',
      purchaseType: 'GOODS',
      signupStart: wire(-1),
      signupDeadline: wire(8),
      responseDeadline: wire(12),
      content: '<p>端到端测试公告</p>',
    },
  });
  const id = ((await added.json()) as { result: { id: string } }).result.id;
  expect(await portalTotal(request, title)).toBe(0);

  await signInAs(page, 'admin');
  await openMenu(page, '门户管理', '采购公告', /\/portal-admin\/purchaseAnnouncement$/);
  const list = page.getByTestId('resource-page-portalPurchaseAnnouncement');
  await list.getByTestId('resource-search').getByPlaceholder('请输入公告标题').fill(title);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  const row = list.locator('tbody tr', { hasText: title });
  await expect(row).toContainText('草稿');
  await expect(row.getByText('撤回', { exact: true })).toHaveCount(0);
  await row.getByText('发布', { exact: true }).click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden)')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('发布成功').last()).toBeVisible();
  await expect(row).toContainText('已发布');
  expect(await portalTotal(request, title)).toBe(1);

  const supplier = await tokenOf(request, 'supplier1');
  const signUp = await request.post(`${API}/portal/view/signUp`, {
    headers: { 'X-Access-Token': supplier },
    data: { id },
  });
  expect(await signUp.json()).toMatchObject({ success: true, message: '报名成功' });

  await openMenu(page, '门户管理', '报名记录', /\/portal-admin\/signup$/);
  const signups = page.getByTestId('portal-signup-list');
  await expect(signups.locator('tbody tr', { hasText: title })).toContainText('华东精密机械有限公司');

  await openMenu(page, '门户管理', '采购公告', /\/portal-admin\/purchaseAnnouncement$/);
  await row.getByText('撤回', { exact: true }).click();
  await page.getByTestId('portal-withdraw-submit').click();
  await expect(page.getByText('请输入撤回原因')).toBeVisible();
  await page.getByTestId('portal-withdraw-reason').fill('采购需求取消');
  await page.getByTestId('portal-withdraw-submit').click();
  await expect(page.getByText('撤回成功').last()).toBeVisible();
  await expect(row).toContainText('已撤回');
  expect(await portalTotal(request, title)).toBe(0);
});
