import { expect, test } from '@playwright/test';
import { apiLogin, setServerClock, signInAs } from './helpers.js';
import { approveIfPending, awardedInquiry, dayOf, toast } from './srm-helpers.js';

/**
 * Issue 18 (§13 → §15 → §16, scenario S6): under a FINAL award the buyer clicks 生成合同 — a DRAFT
 * contract whose supplier, lines, prices and quantities come from the award and are locked in
 * its form (CON-1), and offered no more once made — and 生成订单 — a DRAFT order at the awarded
 * price; once sent, the order waits on the supplier's home page and opens from there.
 * The inquiry and its quotes are set up over the API (what S2 tests on screen).
 */
test('an award becomes a locked contract draft and an order draft; the sent order waits on the supplier home', async ({
  page,
  request,
}, testInfo) => {
  // Three sign-ins and four list pages on a loaded machine.
  test.setTimeout(240_000);
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  const sups = await Promise.all(['supplier1', 'supplier3', 'supplier4'].map((u) => apiLogin(request, u)));
  const supplierIds = sups.map((s) => String(s.userInfo.supplierId));
  await setServerClock(admin, 0);
  try {
    // An inquiry for ABS pellets, three quotes, opened after its deadline, awarded to supplier1 (lowest).
    const material = (
      await buyer.call<{ records: { id: string }[] }>('GET', '/srm/material/list', { name: 'ABS*', status: 'ACTIVE' })
    ).records[0]!;
    const title = `ABS 塑料粒子定标转订单 ${Date.now().toString(36)}`;
    const { eventId, awardId } = await awardedInquiry(
      admin,
      buyer,
      sups.map((session, i) => ({ session, price: ['11.2', '11.8', '12.5'][i]! })),
      {
        title,
        materialId: material.id,
        qty: '1000',
        // MAT-4: a retry's award price record starts after the first try's.
        priceValidFrom: dayOf(1 + testInfo.retry),
        priceValidTo: dayOf(365),
        winner: supplierIds[0],
      },
    );

    // 1. The buyer opens the award: 生成合同 opens the new draft, its lines the award's.
    await signInAs(page, 'buyer', { url: `/srm/sourcing?open=${eventId}` });
    const detail = page.getByTestId('sourcing-detail');
    await detail.getByRole('tab', { name: '定标' }).click();
    const followUp = page.getByTestId(`award-follow-up-${supplierIds[0]}`);
    await expect(followUp).toContainText('11.2');
    await followUp.getByTestId('award-make-contract').click();
    await expect(toast(page, '添加成功')).toBeVisible();
    await expect(page).toHaveURL(/\/srm\/contract\?open=/);
    const contract = await buyer.call<{ records: { id: string; code: string; title: string }[] }>(
      'GET',
      '/srm/contract/list',
      { sourceAwardId: awardId },
    );
    const made = contract.records.find((c) => c.title.startsWith(title))!;
    const docDrawer = (code: string) =>
      page.locator('.ant-drawer-open', { has: page.getByTestId('resource-detail') }).filter({ hasText: code });
    const contractDrawer = docDrawer(made.code);
    // The contract page loads its code first: generous on a loaded machine.
    await expect(contractDrawer).toContainText('草稿', { timeout: 30_000 });
    await expect(contractDrawer).toContainText('11.2');
    await expect(contractDrawer).toContainText('1000');
    // The edit form keeps supplier, quantity and price as awarded (CON-1).
    await contractDrawer.locator('.ant-drawer-close').click();
    await expect(contractDrawer).toHaveCount(0);
    const row = page.locator('.ant-table-row', { hasText: made.code });
    await row.getByText('编辑', { exact: true }).click();
    const form = page.getByTestId('resource-form');
    const lines = form.getByTestId('lines-editor-lines');
    await expect(lines.locator('input').first()).toBeVisible();
    for (const field of ['qty', 'unitPrice'])
      await expect(lines.locator(`input[id$="_${field}"]`).first()).toBeDisabled();
    await expect(lines.getByTestId('lines-lines-add')).toHaveCount(0);
    await form
      .locator('xpath=ancestor::div[contains(@class,"ant-drawer-content")]')
      .locator('.ant-drawer-close')
      .click();

    // 2. Back on the award: the contract is linked and 生成合同 is offered no more; 生成订单 opens the order draft.
    await page.goto(`/srm/sourcing?open=${eventId}`);
    await detail.getByRole('tab', { name: '定标' }).click();
    await expect(followUp).toContainText(`合同 ${made.code}`);
    await expect(followUp.getByTestId('award-make-contract')).toHaveCount(0);
    await followUp.getByTestId('award-make-order').click();
    await expect(toast(page, '已生成采购订单草稿')).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/order\/list\?open=/);
    const orderId = new URL(page.url()).searchParams.get('open')!;
    const order = await buyer.call<{ code: string; status: string }>('GET', '/srm/order/queryById', { id: orderId });
    expect(order.status).toBe('DRAFT');
    await expect(docDrawer(order.code)).toContainText('草稿', { timeout: 30_000 });
    // A link to a document of a list already open shows it in that list's one tab (no second tab).
    const tabKeys = page.getByTestId('tab-bar').locator('[data-tab-key]');
    await expect(tabKeys.and(page.locator('[data-tab-key^="/purchase/order/list"]'))).toHaveCount(1);
    await docDrawer(order.code).locator('.ant-drawer-close').click();
    await expect(page).toHaveURL(/\/purchase\/order\/list$/);
    await tabKeys.and(page.locator('[data-tab-key="/srm/sourcing"]')).click();
    await detail.getByRole('tab', { name: '定标' }).click();
    await followUp.getByText(`合同 ${made.code}`).click();
    await expect(page).toHaveURL(new RegExp(`/srm/contract\\?open=${made.id}`));
    await expect(docDrawer(made.code)).toContainText('草稿', { timeout: 30_000 });
    await expect(tabKeys.and(page.locator('[data-tab-key^="/srm/contract"]'))).toHaveCount(1);

    // 3. Sent to supplier1, the order waits on its home page and opens from there.
    await buyer.call('POST', '/srm/order/submit', { id: orderId });
    await approveIfPending(buyer, admin, '/srm/order/queryById', '/srm/order/approve', orderId);
    await buyer.call('POST', '/srm/order/send', { id: orderId });
    await signInAs(page, 'supplier1');
    await expect(page.getByTestId('todo-ordersToConfirm')).toContainText('待确认的采购订单');
    const waiting = page.getByTestId(`waiting-${orderId}`);
    await expect(waiting).toContainText(order.code);
    await waiting.getByRole('button', { name: '去确认' }).click();
    await expect(page).toHaveURL(new RegExp(`/srm/my-orders\\?open=${orderId}`));
    await expect(docDrawer(order.code)).toContainText('待供应商确认');
  } finally {
    await setServerClock(admin, 0);
  }
});
