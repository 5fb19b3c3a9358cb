import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { apiLogin, enter, openMenu } from './helpers.js';
import { confirmedCommand, dayOf, openDocument } from './srm-helpers.js';

// Purchase orders (domain §16) on the generic document page: the buyer submits a draft, the
// manager approves it in 审批中心 (PO-4: the approval engine, by amount, never the submitter),
// the buyer sends it, the supplier confirms; then a change order (PO-6) raises the revision,
// keeps the previous one readable, is approved again for its higher amount (PO-4, CHANGE_PENDING) and
// goes back to the supplier, who confirms it again.
test.use({ user: 'buyer' });

/** Opens the order's detail on `page` (the buyer's 采购订单 or the supplier's 我的订单). */
const openOrder = (page: Page, url: string, code: string) => openDocument(page, url, 'srmPurchaseOrder', code);
test('PO-4/PO-6: submit → approve in 审批中心 → send → confirm; a change order → confirmed again', async ({
  page,
  signIn,
}) => {
  // Three sign-ins and two approvals in 审批中心 (the order's, then its change's) on a busy machine.
  test.setTimeout(240_000);
  // Set-up over the API: a one-line draft to 华东精密 (a fastener, a category it is qualified in).
  const buyer = await apiLogin(page.request, 'buyer');
  const suppliers = await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/supplier/list', {
    name: '华东精密机械有限公司',
  });
  const supplierId = suppliers.records.find((r) => r.name === '华东精密机械有限公司')!.id;
  const materials = await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/srm/material/list', {
    status: 'ACTIVE',
    pageSize: '50',
  });
  const material = materials.records.find((m) => m.name === '六角头螺栓')!;
  const { id } = await buyer.call<{ id: string }>('POST', '/srm/order/add', {
    orderType: 'STANDARD',
    supplierId,
    currency: 'CNY',
    orderDate: dayOf(0),
    shipTo: '上海市浦东新区张江路1号',
    lines: [{ materialId: material.id, qty: '100', unitPrice: '0.5', taxRate: '13', needByDate: dayOf(14) }],
  });
  const { code } = await buyer.call<{ code: string }>('GET', '/srm/order/queryById', { id });

  // The buyer submits from the detail: the order waits for its approval.
  let detail = await openOrder(page, '/srm/order', code);
  await confirmedCommand(page, 'detail-order-submit', '订单已提交审批');
  await expect(page.getByTestId('resource-detail')).toContainText('审批中');
  // Approval is 审批中心's, not a button of the order.
  await expect(detail.getByText('审批通过', { exact: true })).toHaveCount(0);

  // The manager reads the order in 审批中心 and approves it.
  const manager = await signIn('admin');
  await openMenu(manager, '审批中心', '我的待办', /\/approval\/todo$/);
  const task = manager.getByTestId('approval-todo-page').locator('tbody tr', { hasText: code });
  await expect(task).toContainText('采购员王敏');
  await task.getByTestId('approval-view').click();
  const doc = manager.getByTestId('approval-document');
  await expect(doc).toContainText('六角头螺栓');
  await expect(doc).toContainText('56.50');
  await manager.getByTestId('approval-detail-approve').click();
  await manager.getByTestId('approval-comment').fill('同意下单');
  await manager.getByTestId('approval-decision-ok').click();
  await expect(manager.getByText('已同意').last()).toBeVisible();

  // The buyer sends it; the supplier confirms it in 我的订单.
  detail = await openOrder(page, '/srm/order', code);
  await expect(page.getByTestId('resource-detail')).toContainText('已审批');
  await confirmedCommand(page, 'detail-order-send', '订单已发送给供应商');
  const supplier = await signIn('supplier1');
  let seen = await openOrder(supplier, '/srm/my-orders', code);
  await expect(seen.getByTestId('detail-order-change')).toHaveCount(0);
  await confirmedCommand(supplier, 'detail-order-confirm', '订单已确认');

  // A change order: more bolts at the same price, the reason required.
  detail = await openOrder(page, '/srm/order', code);
  await expect(page.getByTestId('resource-detail')).toContainText('已确认');
  await detail.getByTestId('detail-order-change').click();
  await page.getByTestId('order-change-qty-1').fill('150');
  await page.getByTestId('order-change-submit').click();
  await expect(page.getByTestId('order-change-form')).toContainText('请填写变更原因');
  await page.getByTestId('order-change-reason').fill('生产计划增加');
  await page.getByTestId('order-change-submit').click();
  await expect(page.getByText('订单已变更').last()).toBeVisible();
  // §16 CHANGE_PENDING: a higher amount is approved again (PO-4) before the supplier re-confirms.
  await expect(page.getByTestId('resource-detail')).toContainText('变更中');
  await enter(manager, '/approval/todo', manager.getByTestId('approval-todo-page'));
  const changeTask = manager.getByTestId('approval-todo-page').locator('tbody tr', { hasText: code });
  await changeTask.getByTestId('approval-view').click();
  await manager.getByTestId('approval-detail-approve').click();
  await manager.getByTestId('approval-comment').fill('同意变更');
  await manager.getByTestId('approval-decision-ok').click();
  await expect(manager.getByText('已同意').last()).toBeVisible();
  detail = await openOrder(page, '/srm/order', code);
  await expect(page.getByTestId('resource-detail')).toContainText('待供应商确认');
  // The previous revision stays readable below the detail.
  const revisions = detail.getByTestId('order-revisions');
  await expect(revisions).toContainText('当前版本：V1');
  await expect(revisions).toContainText('生产计划增加');
  await revisions.getByTestId('order-revision-view-0').click();
  await expect(revisions.getByTestId('order-revision-0')).toContainText('100');
  await expect(revisions.getByTestId('order-revision-0')).toContainText('56.50');

  // The supplier confirms the new revision.
  seen = await openOrder(supplier, '/srm/my-orders', code);
  await expect(supplier.getByTestId('resource-detail')).toContainText('待供应商确认');
  await confirmedCommand(supplier, 'detail-order-confirm', '订单已确认');
  await expect(seen.getByTestId('workflow-timeline')).toContainText('订单变更：生产计划增加');
});
