import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, apiLogin, signedInContext } from './helpers.js';

// The public portal (spec part 1 §1, §2.5, §9; domain §23), served as its own entry
// (portal.html) on the seeded demo announcements: 钢板 tender (sign-up deadline in 12 days),
// 办公电脑 inquiry (7 days), 纸箱 bidding (3 days).
const API = '/jeecg-boot';

async function adminHeaders(request: APIRequestContext) {
  const signIn = await request.post(`${API}/sys/login`, { data: { username: 'admin', password: DEMO_PASSWORD } });
  return { 'X-Access-Token': ((await signIn.json()) as { result: { token: string } }).result.token };
}

test('the portal loads no back-office code and links to login and register', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/proHome');
  await expect(page.getByTestId('portal-pro-home')).toBeVisible();
  expect(scripts.some((s) => /\/assets\/portal-/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/(main|http|basic-layout|Button|table)-/.test(s))).toEqual([]);
  await expect(page.getByTestId('portal-login-link')).toHaveAttribute('href', '/user/login');
  await expect(page.getByTestId('portal-register-link')).toHaveAttribute('href', '/register');
  await page.getByTestId('portal-login-link').click();
  await expect(page.getByTestId('login-portal-link')).toHaveText('门户首页');
  await page.getByTestId('login-portal-link').click();
  await expect(page).toHaveURL(/\/portal$/);
});

test('the enabled template is a site setting: the administrator enables it, every visitor gets it (issue 19 item 7)', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  try {
    await page.goto('/portal');
    await expect(page.getByTestId('portal-se-home')).toBeVisible();
    // A visitor who is not signed in cannot enable one.
    await page.goto('/portal/templates');
    await expect(page.getByTestId('portal-template-se')).toHaveAttribute('data-enabled', 'true');
    await expect(page.getByTestId('portal-template-enable-pro')).toBeDisabled();
    await expect(page.getByTestId('portal-templates-sign-in')).toContainText('登录');
    await expect(page.getByTestId('portal-template-edit-pro')).toHaveAttribute(
      'href',
      '/portal-admin/designer?template=pro',
    );
    // The administrator, in a browser of their own, enables the advanced template.
    const context = await signedInContext(browser, baseURL!, admin);
    const adminPage = await context.newPage();
    await adminPage.goto('/portal/templates');
    await adminPage.getByTestId('portal-template-enable-pro').click();
    await expect(adminPage.getByTestId('portal-template-pro')).toHaveAttribute('data-enabled', 'true');
    await context.close();
    // The visitor's browser (nothing in common but the server) now gets it, also after a reload.
    await page.goto('/portal');
    await expect(page.getByTestId('portal-pro-home')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('portal-pro-home')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('PORTAL_TEMPLATE'))).toBeNull();
  } finally {
    await admin.call('POST', '/portal/config/enableTemplate', { template: 'se' });
  }
  await page.goto('/portal');
  await expect(page.getByTestId('portal-se-home')).toBeVisible();
});

test('a block shows only while its visible flag is saved true', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const saved = (
    (await (await request.get(`${API}/portal/config/get?template=pro`, { headers })).json()) as {
      result: Record<string, { visible?: boolean }>;
    }
  ).result;
  const save = async (visible: boolean) => {
    const config = { ...saved, news: { ...saved.news, visible } };
    const res = await request.put(`${API}/portal/config/save`, { headers, data: { template: 'pro', config } });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  };
  try {
    await save(true);
    await page.goto('/proHome');
    await expect(page.getByTestId('portal-news-block')).toBeVisible();
    await expect(page.getByTestId('portal-news-card')).toHaveCount(4);
    await expect(page.getByTestId('portal-news-more')).toHaveAttribute('target', '_blank');
    await save(false);
    await page.reload();
    await expect(page.getByTestId('portal-hero')).toBeVisible();
    await expect(page.getByTestId('portal-purchase-block')).toBeVisible();
    await expect(page.getByTestId('portal-news-block')).toHaveCount(0);
  } finally {
    const res = await request.put(`${API}/portal/config/save`, { headers, data: { template: 'pro', config: saved } });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  }
});

test('purchase announcements: countdown colours, search, tabs, detail in a new tab', async ({ page, context }) => {
  await page.goto('/purchaseAnnouncement');
  await expect(page.getByTestId('portal-ongoing')).toHaveText(/^\d+$/);
  const card = (title: string) => page.getByTestId('portal-purchase-item').filter({ hasText: title });
  await expect(card('钢板 Q235').getByTestId('portal-countdown')).toHaveAttribute('data-color', 'green');
  await expect(card('钢板 Q235').getByTestId('portal-countdown')).toHaveCSS('color', 'rgb(35, 120, 4)');
  await expect(card('办公电脑').getByTestId('portal-countdown')).toHaveAttribute('data-color', 'orange');
  await expect(card('办公电脑').getByTestId('portal-countdown')).toHaveCSS('color', 'rgb(173, 78, 0)');
  await expect(card('纸箱包装').getByTestId('portal-countdown')).toHaveAttribute('data-color', 'none');
  await expect(card('钢板 Q235')).toContainText('报名截止时间');

  await page.getByTestId('portal-purchase-tab-inquiry').click();
  await expect(page.getByTestId('portal-purchase-item').first()).toBeVisible();
  for (const type of await page
    .getByTestId('portal-purchase-item')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(type).toBe('inquiry');
  await expect(card('钢板 Q235')).toHaveCount(0);

  await page.getByTestId('portal-purchase-tab-all').click();
  await page.getByTestId('portal-search-input').fill('Q235');
  await page.getByTestId('portal-search-submit').click();
  await expect(page.getByTestId('portal-purchase-item')).toHaveCount(1);
  await expect(card('钢板 Q235')).toBeVisible();

  const [detail] = await Promise.all([
    context.waitForEvent('page'),
    card('钢板 Q235').getByTestId('portal-detail-link').click(),
  ]);
  await detail.waitForLoadState();
  expect(new URL(detail.url()).pathname).toBe('/detail');
  await expect(detail.getByTestId('portal-detail-title')).toContainText('钢板 Q235');
  await expect(detail.getByTestId('portal-detail-content')).toContainText('欢迎符合条件的供应商报名参加');
  await detail.close();
});

test('result announcements: tabs, 结果公告 modal with the winning-bid card and supplier list', async ({ page }) => {
  await page.goto('/resultAnnouncement');
  await expect(page.getByTestId('portal-result-banner')).toContainText('结果公示');
  await expect(page.getByTestId('portal-result-banner')).toHaveCSS('min-height', '240px');
  await page.getByTestId('portal-result-tab-inquiry').click();
  await page.getByTestId('portal-result-item').filter({ hasText: '办公耗材询价项目' }).click();
  const modal = page.getByTestId('portal-result-modal');
  await expect(modal).toHaveAttribute('aria-label', '结果公告');
  await expect(modal.getByTestId('portal-win-card')).toContainText('办公耗材询价项目');
  await expect(modal.getByTestId('portal-supplier-list')).toContainText('上海优品办公用品有限公司');
  await expect(modal.getByTestId('portal-supplier-list')).toContainText('苏州文汇商贸有限公司');
  await modal.getByLabel('关闭').click();
  await expect(modal).toHaveCount(0);
  await page.getByTestId('portal-result-tab-tender').click();
  await expect(page.getByTestId('portal-result-item').filter({ hasText: '中标候选人公示' })).toBeVisible();
});

test('sign-up: without login 请先登录或注册, as supplier1 报名成功', async ({ page, request }) => {
  await page.goto('/purchaseAnnouncement?likeName=钢板');
  const href = await page.getByTestId('portal-detail-link').first().getAttribute('href');
  await page.goto(href!);
  await page.getByTestId('portal-signup-open').click();
  await page.getByTestId('portal-invitation-signup').click();
  await expect(page.getByTestId('portal-invitation-message')).toHaveText('请先登录或注册');
  await page.getByTestId('portal-invitation-close').click();

  // Signed in as the main app stores it (Access-Token in local storage). Through the API:
  // leaving the back office by page.goto on localhost can look like a tab close to the
  // unload-logout beacon (JeecgBoot's 5 ms rule) and end the session.
  const signIn = await request.post(`${API}/sys/login`, { data: { username: 'supplier1', password: DEMO_PASSWORD } });
  const token = ((await signIn.json()) as { result: { token: string } }).result.token;
  await page.evaluate(
    (value) => window.localStorage.setItem('Access-Token', JSON.stringify({ value, expire: null })),
    token,
  );
  await page.reload();
  await page.getByTestId('portal-signup-open').click();
  await page.getByTestId('portal-invitation-signup').click();
  await expect(page.getByTestId('portal-invitation-message')).toHaveText('报名成功');
  await page.getByTestId('portal-invitation-signup').click();
  await expect(page.getByTestId('portal-invitation-message')).toHaveText('您已报名');
  await expect(page.getByTestId('portal-toast').filter({ hasText: '您已报名' })).toHaveAttribute(
    'data-type',
    'warning',
  );
});

test('the header is immersive until 64 px of scroll and hides when scrolling down past 100 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/proHome');
  const header = page.getByTestId('portal-header');
  await expect(header).toHaveAttribute('data-immersive', 'true');
  await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).toHaveAttribute('data-immersive', 'true');
  await page.evaluate(() => window.scrollTo(0, 80));
  await expect(header).toHaveAttribute('data-immersive', 'false');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-immersive', 'true');
});
