import { expect, test, type Page } from '@playwright/test';
import { apiLogin, signInAs } from './helpers.js';

const LIST_BY_USER = '/jeecg-boot/sys/annountCement/listByUser';

async function openBell(page: Page) {
  await page.getByTestId('notice-bell').click();
  const panel = page.getByTestId('notice-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('notices', () => {
  test('the bell keeps polling while the page sits idle', async ({ page }) => {
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(LIST_BY_USER)) polls.push(r.url());
    });
    // The page's timers run on a clock the test moves on, instead of the test sitting through the polls.
    await page.clock.install();
    await signInAs(page, 'admin');
    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);
    // Nothing else asks for the lists: each new request is the 6 s poll.
    for (const seen of [polls.length + 1, polls.length + 2]) {
      await page.clock.fastForward(6_000);
      await expect.poll(() => polls.length).toBeGreaterThanOrEqual(seen);
    }
  });

  test('opening a system message shows it, marks it read and the count drops; 去处理 opens its page', async ({
    page,
    request,
  }) => {
    // The bell lists the newest five unread messages; earlier scenarios (sourcing, approvals)
    // send the buyer many. Read the newer ones first, so the two seeded messages this test
    // looks at are among the five, whatever ran before.
    const api = await apiLogin(request, 'buyer');
    const kept = ['新供应商待审核：苏州新材科技有限公司', '系统升级维护通知'];
    for (let i = 0; i < 100; i++) {
      const lists = await api.call<{
        anntMsgList: { id: string; titile: string }[];
        sysMsgList: { id: string; titile: string }[];
      }>('GET', '/sys/annountCement/listByUser');
      const newer = [...lists.anntMsgList, ...lists.sysMsgList].filter((m) => !kept.includes(m.titile));
      const shown = [...lists.anntMsgList, ...lists.sysMsgList].filter((m) => kept.includes(m.titile));
      if (shown.length === kept.length) break;
      expect(newer.length, 'the seeded messages are still unread').toBeGreaterThan(0);
      for (const m of newer) await api.call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: m.id });
    }
    await signInAs(page, 'buyer');
    const panel = await openBell(page);
    // The buyer has the broadcast system message and one addressed to them, plus whatever the
    // workflows of earlier tests sent (approval results, evaluations…).
    await panel.getByText(/^系统消息\(\d+\)$/).click();
    const sysTab = panel.getByText(/^系统消息\(\d+\)$/);
    const unread = async () => Number(/\d+/.exec((await sysTab.textContent()) ?? '')?.[0] ?? 0);
    await expect.poll(unread).toBeGreaterThanOrEqual(2);
    const before = await unread();
    await expect(panel.getByText(/^通知\(\d+\)$/)).toBeVisible();
    const item = panel.getByTestId('notice-item').filter({ hasText: '新供应商待审核：苏州新材科技有限公司' });
    await expect(item.locator('.ant-tag')).toHaveText('重要');
    await expect(
      panel.getByTestId('notice-item').filter({ hasText: '系统升级维护通知' }).locator('.ant-tag'),
    ).toHaveText('紧急');

    const markRead = page.waitForRequest(
      (r) => r.url().includes('/sys/sysAnnouncementSend/editByAnntIdAndUserId') && r.method() === 'PUT',
    );
    await item.click();
    await markRead;
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('announcement-dialog') });
    await expect(dialog.locator('.ant-modal-title')).toHaveText('系统公告');
    await expect(dialog).toContainText('新供应商待审核：苏州新材科技有限公司');
    await expect(dialog).toContainText('发布人：system');
    await expect(dialog).toContainText('已完成注册');
    await expect(dialog.getByRole('button', { name: /关\s*闭/ }).last()).toBeVisible();

    await dialog.getByRole('button', { name: '去处理' }).click();
    await expect(page).toHaveURL(/\/srm\/supplier\/list$/);

    const again = await openBell(page);
    await expect(again.getByText(/^系统消息\(\d+\)$/)).toHaveText(`系统消息(${before - 1})`);
    // Read on the server too: a reload shows the same count.
    await page.reload();
    const reloaded = await openBell(page);
    await expect(reloaded.getByText(/^系统消息\(\d+\)$/)).toHaveText(`系统消息(${before - 1})`);
  });

  test('a notice opens as 通知公告; 查看更多 leads to my messages, where all can be marked read', async ({ page }) => {
    await signInAs(page, 'admin');
    const panel = await openBell(page);
    await panel.getByTestId('notice-item').filter({ hasText: '欢迎使用 Procura 招标采购平台' }).click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('announcement-dialog') });
    await expect(dialog.locator('.ant-modal-title')).toHaveText('通知公告');
    await expect(dialog.getByRole('button', { name: '去处理' })).toHaveCount(0);
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect(dialog).toBeHidden();

    const bell = await openBell(page);
    await expect(bell.getByText('通知(1)')).toBeVisible();
    await bell.getByRole('button', { name: /查看更多/ }).click();
    await expect(page).toHaveURL(/\/messageSeting\/annountCement$/);
    const table = page.locator('.ant-table:visible');
    await expect(table).toContainText('欢迎使用 Procura 招标采购平台');
    await expect(table.locator('tr', { hasText: '欢迎使用 Procura 招标采购平台' })).toContainText('已读');
    await expect(table.locator('tr', { hasText: '系统升级维护通知' })).toContainText('未读');

    await page.getByTestId('read-all').click();
    await expect(page.locator('.ant-message')).toContainText('全部已读');
    await expect(table.locator('tr', { hasText: '系统升级维护通知' })).toContainText('已读');
    const after = await openBell(page);
    await expect(after.getByText('通知(0)')).toBeVisible();
    await expect(after.getByText('系统消息(0)')).toBeVisible();
  });

  test('a supplier sees the notices but no 查看更多', async ({ page }) => {
    await signInAs(page, 'supplier1');
    const panel = await openBell(page);
    await expect(panel.getByText('通知(2)')).toBeVisible();
    await expect(panel.getByTestId('notice-item').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: /查看更多/ })).toHaveCount(0);
  });

  test('a message published meanwhile shows up without a reload', async ({ page, request }) => {
    // The bell lists the five newest unread. Notices that specs before this one left supplier1 (some
    // dated ahead by a server clock those scenarios moved) are read first, so the new one is among them.
    await (await apiLogin(request, 'supplier1')).call('PUT', '/sys/sysAnnouncementSend/readAll');
    await page.clock.install();
    await signInAs(page, 'supplier1');
    const panel = await openBell(page);
    const sysTab = panel.getByText(/^系统消息\(\d+\)$/);
    await expect(sysTab).toHaveText(/系统消息\(\d+\)/);
    const before = Number((await sysTab.textContent())?.match(/\d+/)?.[0]);
    await page.keyboard.press('Escape');

    // The administrator publishes a system message to supplier1 through the API.
    const supplierId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('Login_Userinfo') ?? '{}') as { value?: { id?: string } }).value?.id,
    );
    const signIn = await request.post('/jeecg-boot/sys/login', {
      data: { username: 'admin', password: 'Procura@2026' },
    });
    const headers = { 'X-Access-Token': ((await signIn.json()) as { result: { token: string } }).result.token };
    const added = await request.post('/jeecg-boot/sys/annountCement/add', {
      headers,
      data: {
        titile: '请确认年度框架协议',
        msgCategory: '2',
        priority: 'H',
        msgType: 'USER',
        userIds: `${supplierId},`,
        msgContent: '<p>请于本周内确认。</p>',
      },
    });
    const id = ((await added.json()) as { result: { id: string } }).result.id;
    const released = await request.get(`/jeecg-boot/sys/annountCement/doReleaseData?id=${id}`, { headers });
    expect(((await released.json()) as { success: boolean }).success).toBe(true);
    await request.post('/jeecg-boot/sys/logout', { headers });

    // The next poll (every 6 s) brings it in.
    await page.clock.fastForward(6_000);
    const after = await openBell(page);
    await expect(after.getByText(/^系统消息\(\d+\)$/)).toHaveText(`系统消息(${before + 1})`, { timeout: 10_000 });
    await after.getByText(/^系统消息\(\d+\)$/).click();
    await expect(
      after.getByTestId('notice-item').filter({ hasText: '请确认年度框架协议' }).locator('.ant-tag'),
    ).toHaveText('紧急');
  });
});
