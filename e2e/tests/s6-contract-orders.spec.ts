import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { apiLogin, BOOT_MS, enter, setServerClock, type ApiSession } from './helpers.js';
import {
  approveIfPending,
  awardedInquiry,
  confirmedCommand,
  dayOf,
  openDocument,
  steelPlate,
  toast,
  useFlow,
} from './srm-helpers.js';

/**
 * Scenario S6 of the domain (§25): a contract from an award, then orders against it, with the
 * buyer (buyer1 = `buyer`), the manager (mgr1 = `admin`, who approves in 审批中心) and SupA
 * (`supplier1`) each in their own browser context. What S6 starts from is made over the API with
 * names unique to the run: the award of S3 (SupA, 500 吨 of M-001) and the quota of S2 (SupA 60 %,
 * SupB = `supplier3` 40 %) on a material of their own, and the approval flows of contracts and
 * orders (put back after the test). Step 10 (cancel while an ASN is in transit, PO-7) needs
 * deliveries (§17), which the product does not have yet: it is not run here.
 */
const CONTRACT_PRICE = '4800';
/** 500 × 4 800 = 2 400 000 + 13 % tax 312 000. */
const CONTRACT_AMOUNT = '2712000.00';

// A click that something covers fails within this, not at the end of the test's time.
test.use({ actionTimeout: 15_000 });

/** Undone after the test, passed or not: the server clock and the approval flows it changed. */
const cleanup: (() => Promise<void>)[] = [];
test.afterEach(async ({ request }) => {
  const admin = await apiLogin(request, 'admin');
  await setServerClock(admin, 0);
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** The open drawer of the document `code` (its detail, refreshed in place after a command). */
const drawerOf = (page: Page, code: string) =>
  page.locator('.ant-drawer-open', { has: page.getByTestId('resource-detail') }).filter({ hasText: code });
/** The value of the detail's 状态 (not 收货状态 and the like). */
const statusOf = (page: Page) =>
  page
    .getByTestId('resource-detail')
    .locator('.ant-descriptions-item-label', { hasText: /^状态$/ })
    .locator('xpath=following-sibling::*[1]');

/** The manager reads the document in 审批中心 › 我的待办 and approves it. */
async function approveInTodo(manager: Page, code: string, reads: string[]): Promise<void> {
  await enter(manager, '/approval/todo', manager.getByTestId('approval-todo-page'));
  const task = manager.getByTestId('approval-todo-page').locator('tbody tr', { hasText: code });
  await task.getByTestId('approval-view').click();
  const doc = manager.getByTestId('approval-document');
  for (const text of reads) await expect(doc).toContainText(text);
  await manager.getByTestId('approval-detail-approve').click();
  await manager.getByTestId('approval-comment').fill('同意');
  await manager.getByTestId('approval-decision-ok').click();
  await expect(task).toHaveCount(0);
}

/** A line cell of the document form's `set` table (`lines_0_qty`). */
const cell = (page: Page, set: string, row: number, field: string) =>
  page.getByTestId('resource-form').locator(`input[id$="${set}_${row}_${field}"]`);

test('S6: contract from an award (CON-1, CON-2), supplier rejection and signing, orders against it (CON-5, PO-2, PO-5, PO-6), split by quota (QUO-4, QUO-6)', async ({
  request,
  signIn,
}) => {
  test.setTimeout(900_000);
  const tag = String(Date.now()).slice(-8);
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  const supA = await apiLogin(request, 'supplier1');
  const supB = await apiLogin(request, 'supplier3');
  const supC = await apiLogin(request, 'supplier4');
  const supplierIdOf = (s: ApiSession) => String(s.userInfo.supplierId);
  const companyOf = async (s: ApiSession) =>
    (await s.call<{ name: string }>('GET', '/supplierBaseAPI/getSupplier')).name;
  const [nameA, nameB] = [await companyOf(supA), await companyOf(supB)];
  await setServerClock(admin, 0);

  // Set-up over the API. The flows: the manager approves contracts from 1 000 000 (the other
  // specs' small contracts stay without approval even while this one runs) and every order.
  const manager = [{ name: '采购经理审批', minAmount: '1000000', approverType: 'ROLE' as const, approverId: 'admin' }];
  cleanup.push(
    await useFlow(admin, 'CONTRACT', '合同审批', manager),
    await useFlow(admin, 'PURCHASE_ORDER', '采购订单审批', [{ ...manager[0]!, minAmount: null }]),
  );
  const plate = await steelPlate(admin, buyer, `钢板 Q235 S6-${tag}`);
  const quotaPlate = await steelPlate(admin, buyer, `钢板 Q235 S6配额-${tag}`);
  const bidders = (prices: string[]) => [supA, supB, supC].map((session, i) => ({ session, price: prices[i]! }));
  // S3's end state: 500 吨 awarded to SupA at 4 800.
  const tender = await awardedInquiry(admin, buyer, bidders([CONTRACT_PRICE, '4900', '5000']), {
    title: `S6钢板定标${tag}`,
    materialId: plate.id,
    qty: '500',
    priceValidFrom: dayOf(0),
    priceValidTo: dayOf(365),
    winner: supplierIdOf(supA),
  });
  // S2's end state: the quota SupA 60 % / SupB 40 % (QUO-9) submitted and approved: ACTIVE.
  const split = await awardedInquiry(admin, buyer, bidders(['4700', '4750', '4900']), {
    title: `S6钢板配额${tag}`,
    materialId: quotaPlate.id,
    qty: '100',
    priceValidFrom: dayOf(0),
    priceValidTo: dayOf(365),
    shares: [
      { supplierId: supplierIdOf(supA), sharePct: 60 },
      { supplierId: supplierIdOf(supB), sharePct: 40 },
    ],
  });
  const quota = (
    await buyer.call<{ records: { id: string; code: string; sourceAwardId: string }[] }>('GET', '/srm/quota/list', {
      materialName: `*${quotaPlate.name}*`,
    })
  ).records.find((q) => q.sourceAwardId === split.awardId)!;
  await buyer.call('POST', '/srm/quota/submit', { id: quota.id });
  await approveIfPending(buyer, admin, '/srm/quota/queryById', '/srm/quota/approve', quota.id);
  expect((await buyer.call<{ status: string }>('GET', '/srm/quota/queryById', { id: quota.id })).status).toBe('ACTIVE');

  // 1. buyer1: 生成合同 under the award: a STANDARD draft with the award's supplier, quantity and
  //    price, which its form keeps locked (CON-1).
  const buyerPage = await signIn('buyer', {
    url: `/srm/sourcing?open=${tender.eventId}`,
    ready: (p) => p.getByTestId('sourcing-detail'),
  });
  await buyerPage.getByTestId('sourcing-detail').getByRole('tab', { name: '定标' }).click();
  const followUp = buyerPage.getByTestId(`award-follow-up-${supplierIdOf(supA)}`);
  await expect(followUp).toContainText(CONTRACT_PRICE);
  await followUp.getByTestId('award-make-contract').click();
  await expect(buyerPage).toHaveURL(/\/srm\/contract\?open=/);
  const contractId = new URL(buyerPage.url()).searchParams.get('open')!;
  const { code } = await buyer.call<{ code: string }>('GET', '/srm/contract/queryById', { id: contractId });
  const contract = drawerOf(buyerPage, code);
  // The contract page's first load (its code and the list under the drawer) may take a while.
  await expect(contract).toContainText('草稿', { timeout: BOOT_MS });
  await expect(contract).toContainText('标准采购合同');
  await expect(contract).toContainText(nameA);
  await expect(contract).toContainText(CONTRACT_AMOUNT);
  await contract.locator('.ant-drawer-close').click();
  await expect(contract).toHaveCount(0);
  await buyerPage.locator('.ant-table-row', { hasText: code }).getByText('编辑', { exact: true }).click();
  const form = buyerPage.getByTestId('resource-form');
  await expect(cell(buyerPage, 'lines', 0, 'qty')).toHaveValue('500');
  for (const field of ['qty', 'unitPrice', 'taxRate']) await expect(cell(buyerPage, 'lines', 0, field)).toBeDisabled();
  await expect(form.locator('.ant-form-item', { hasText: '供应商' }).first().locator('.ant-select')).toHaveClass(
    /ant-select-disabled/,
  );
  await expect(form.getByTestId('lines-lines-add')).toHaveCount(0);

  // 2. The pay plan 30 % advance + 60 % on acceptance + 5 % retention: refused, 95 % (CON-2); 30/65/5 is saved.
  const plan = form.getByTestId('lines-editor-payPlan');
  const stages: [string, string, string][] = [
    ['预付款', '30', '813600.00'],
    ['验收款', '60', '1627200.00'],
    ['质保金', '5', '135600.00'],
  ];
  for (const [i, [stage, pct, amount]] of stages.entries()) {
    await plan.getByTestId('lines-payPlan-add').click();
    const row = plan.locator('.ant-table-row').nth(i);
    await expect(async () => {
      if ((await buyerPage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()) === 0)
        await row.locator('.ant-select').first().click();
      await buyerPage
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: stage })
        .click({ timeout: 3_000 });
      await expect(row.locator('.ant-select').first()).toContainText(stage, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await cell(buyerPage, 'payPlan', i, 'pct').fill(pct);
    await cell(buyerPage, 'payPlan', i, 'amount').fill(amount);
  }
  await form
    .locator('xpath=ancestor::div[contains(@class,"ant-drawer-content")]')
    .getByTestId('resource-form-submit')
    .click();
  await expect(plan.getByTestId('lines-payPlan-error')).toHaveText('付款计划各阶段比例合计须为100%，当前为95%');
  const planOf = async () =>
    (await buyer.call<{ payPlan: { pct: string }[] }>('GET', '/srm/contract/queryById', { id: contractId })).payPlan;
  expect(await planOf()).toEqual([]);
  await cell(buyerPage, 'payPlan', 1, 'pct').fill('65');
  await cell(buyerPage, 'payPlan', 1, 'amount').fill('1762800.00');
  await form
    .locator('xpath=ancestor::div[contains(@class,"ant-drawer-content")]')
    .getByTestId('resource-form-submit')
    .click();
  await expect(form).toHaveCount(0);
  expect((await planOf()).map((s) => Number(s.pct))).toEqual([30, 65, 5]);

  // 3. Submitted, approved by the manager in 审批中心, sent; SupA rejects with a reason: SUPPLIER_REJECTED; revise: DRAFT.
  const managerPage = await signIn('admin');
  const supplierPage = await signIn('supplier1');
  const openContract = (page: Page, url: string) => openDocument(page, url, 'srmContract', code);
  const contractRound = async () => {
    await openContract(buyerPage, '/srm/contract');
    await confirmedCommand(buyerPage, 'detail-contract-submit');
    await expect(statusOf(buyerPage)).toContainText('审批中');
    await approveInTodo(managerPage, code, [nameA, CONTRACT_AMOUNT.replace(/\.00$/, '')]);
    await openContract(buyerPage, '/srm/contract');
    await expect(statusOf(buyerPage)).toContainText('已审批');
    await confirmedCommand(buyerPage, 'detail-contract-send');
    await expect(statusOf(buyerPage)).toContainText('待供应商确认');
    return openContract(supplierPage, '/srm/my-contracts');
  };
  let seen = await contractRound();
  await expect(statusOf(supplierPage)).toContainText('待供应商确认');
  await seen.getByTestId('detail-contract-reject').click();
  await supplierPage.getByTestId('contract-reject-reason').fill('质保金比例需商议');
  await supplierPage.getByTestId('contract-reject-submit').click();
  await expect(statusOf(supplierPage)).toContainText('供应商已拒绝');
  await openContract(buyerPage, '/srm/contract');
  await expect(statusOf(buyerPage)).toContainText('供应商已拒绝');
  await expect(buyerPage.getByTestId('resource-detail')).toContainText('质保金比例需商议');
  await confirmedCommand(buyerPage, 'detail-contract-revise');
  await expect(statusOf(buyerPage)).toContainText('草稿');

  // 4. Again: approved, sent, confirmed by SupA; buyer1 uploads the signed scan: ACTIVE (within 30 days of the award, CON-3).
  seen = await contractRound();
  await confirmedCommand(supplierPage, 'detail-contract-confirm');
  await expect(statusOf(supplierPage)).toContainText('供应商已确认');
  await openContract(buyerPage, '/srm/contract');
  await expect(statusOf(buyerPage)).toContainText('供应商已确认');
  await buyerPage.getByTestId('workflow-detail').getByTestId('detail-contract-sign').click();
  const signForm = buyerPage.getByTestId('contract-sign-form');
  await signForm.locator('input[type=file]').setInputFiles({
    name: '合同签署件.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%S6 signed contract\n%%EOF\n'),
  });
  await expect(toast(buyerPage, '合同签署件.pdf 文件上传成功')).toBeVisible();
  await buyerPage.getByTestId('contract-sign-submit').click();
  await expect(signForm).toHaveCount(0);
  await expect(statusOf(buyerPage)).toContainText('生效');
  const signed = await buyer.call<{ status: string; validFrom: string; lines: { id: string }[] }>(
    'GET',
    '/srm/contract/queryById',
    { id: contractId },
  );
  expect(signed.status).toBe('ACTIVE');
  const contractLineId = signed.lines[0]!.id;

  // 5. An order for 520 吨 against the contract (over-delivery allowance 0): refused, nothing stored (CON-5).
  //    The release order is drafted over the API; its form (step 6) shows the contract and its line by their pickers.
  const orderDraft = (qty: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({
    orderType: 'CONTRACT_RELEASE',
    supplierId: supplierIdOf(supA),
    contractId,
    currency: 'CNY',
    // CON-4: within the contract's validity (it starts the day after the award's prices).
    orderDate: signed.validFrom,
    shipTo: '上海市浦东新区华东生产基地',
    lines: [{ materialId: plate.id, qty, unitPrice, taxRate: '13', needByDate: dayOf(20), contractLineId, ...extra }],
  });
  const ordersOf = async (s: ApiSession) =>
    (await buyer.call<{ total: number }>('GET', '/srm/order/list', { supplierId: supplierIdOf(s), pageSize: '1' }))
      .total;
  const ordersBefore = await ordersOf(supA);
  const over = await buyer.raw('POST', '/srm/order/add', orderDraft('520', CONTRACT_PRICE));
  expect(over).toMatchObject({ success: false, message: `合同行 1（${plate.name}）累计订货 520 超过合同数量 500` });
  expect(await ordersOf(supA)).toBe(ordersBefore);

  // 6. 200 吨 at the contract price drafted; on its form 520 吨 is refused (CON-5), a price off the contract's
  //    is refused without a reason and saved with one (PO-2), the order then needing the manager's approval.
  const { id: orderId } = await buyer.call<{ id: string }>('POST', '/srm/order/add', orderDraft('200', CONTRACT_PRICE));
  const order = await buyer.call<{ code: string }>('GET', '/srm/order/queryById', { id: orderId });
  const openOrder = (page: Page, url: string) => openDocument(page, url, 'srmPurchaseOrder', order.code);
  await enter(buyerPage, '/srm/order', buyerPage.getByTestId('resource-page-srmPurchaseOrder'));
  await buyerPage.locator('.ant-table-row', { hasText: order.code }).getByText('编辑', { exact: true }).click();
  const orderForm = buyerPage.getByTestId('resource-form');
  // The form's 合同 and 合同行 are pickers showing codes and names, not ids (CON-4, CON-5).
  await expect(orderForm.getByTestId('contract-select')).toContainText(code);
  await expect(orderForm.getByTestId('contract-line-select-0')).toContainText(`第1行 ${plate.name}`);
  const saveOrder = () =>
    orderForm
      .locator('xpath=ancestor::div[contains(@class,"ant-drawer-content")]')
      .getByTestId('resource-form-submit')
      .click();
  await cell(buyerPage, 'lines', 0, 'qty').fill('520');
  await saveOrder();
  await expect(toast(buyerPage, `合同行 1（${plate.name}）累计订货 520 超过合同数量 500`)).toBeVisible();
  await cell(buyerPage, 'lines', 0, 'qty').fill('200');
  await cell(buyerPage, 'lines', 0, 'unitPrice').fill('4900');
  await saveOrder();
  await expect(
    toast(buyerPage, `单价 4900 与合同价格 ${CONTRACT_PRICE} 不一致，请改为合同价格，或填写价格偏离原因`),
  ).toBeVisible();
  await cell(buyerPage, 'lines', 0, 'priceDeviationReason').fill('含加急运输费用');
  await saveOrder();
  await expect(orderForm).toHaveCount(0);
  const linesOf = (id: string) =>
    buyer.call<{ qty: string; unitPrice: string; priceDeviationReason: string | null; promisedDate: string | null }[]>(
      'GET',
      '/srm/order/lines',
      { id },
    );
  expect((await linesOf(orderId))[0]).toMatchObject({ qty: '200', priceDeviationReason: '含加急运输费用' });
  expect(Number((await linesOf(orderId))[0]!.unitPrice)).toBe(4900);

  // 7. Submitted; the manager approves it in 审批中心 (the price deviation held for a person, PO-2); sent; SupA sees it (PO-5).
  let detail = await openOrder(buyerPage, '/srm/order');
  await confirmedCommand(buyerPage, 'detail-order-submit');
  await expect(statusOf(buyerPage)).toContainText('审批中');
  expect(
    (await buyer.call<{ needsManagerApproval: number }>('GET', '/srm/order/queryById', { id: orderId }))
      .needsManagerApproval,
  ).toBe(1);
  await approveInTodo(managerPage, order.code, [plate.name, '4900']);
  detail = await openOrder(buyerPage, '/srm/order');
  await expect(statusOf(buyerPage)).toContainText('已审批');
  await confirmedCommand(buyerPage, 'detail-order-send');
  await expect(statusOf(buyerPage)).toContainText('待供应商确认');
  seen = await openOrder(supplierPage, '/srm/my-orders');
  await expect(statusOf(supplierPage)).toContainText('待供应商确认');
  await expect(seen).toContainText(plate.name);

  // 8. SupA rejects (date too early); buyer1 moves the needed date (a change order); SupA confirms: CONFIRMED,
  //    the first revision kept (PO-6), the promised date set (PO-5).
  await seen.getByTestId('detail-order-refuse').click();
  await supplierPage.getByTestId('order-refuse-reason').fill('需求日期太早，无法按期交货');
  await supplierPage.getByTestId('order-refuse-submit').click();
  await expect(statusOf(supplierPage)).toContainText('供应商已拒绝');
  detail = await openOrder(buyerPage, '/srm/order');
  await expect(statusOf(buyerPage)).toContainText('供应商已拒绝');
  await expect(buyerPage.getByTestId('resource-detail')).toContainText('需求日期太早，无法按期交货');
  await detail.getByTestId('detail-order-change').click();
  await buyerPage.getByTestId('order-change-line-1').getByPlaceholder('YYYY-MM-DD').fill(dayOf(45));
  await buyerPage.getByTestId('order-change-reason').fill('按供应商交期调整需求日期');
  await buyerPage.getByTestId('order-change-submit').click();
  await expect(buyerPage.getByTestId('order-change-form')).toHaveCount(0);
  await expect(statusOf(buyerPage)).toContainText('待供应商确认');
  const revisions = detail.getByTestId('order-revisions');
  await expect(revisions).toContainText('当前版本：V1');
  await expect(revisions).toContainText('按供应商交期调整需求日期');
  await revisions.getByTestId('order-revision-view-0').click();
  await expect(revisions.getByTestId('order-revision-0')).toContainText(dayOf(20));
  seen = await openOrder(supplierPage, '/srm/my-orders');
  // PO-5: the promised date starts at the needed date; a later one is refused beside it until a reason is given.
  await seen.getByTestId('detail-order-confirm').click();
  const promise = supplierPage.getByTestId('order-confirm-line-1');
  await expect(promise.getByLabel('第1行承诺交期')).toHaveValue(dayOf(45));
  await promise.getByLabel('第1行承诺交期').click();
  await promise.getByLabel('第1行承诺交期').fill(dayOf(50));
  await promise.getByLabel('第1行承诺交期').press('Enter');
  await supplierPage.getByTestId('order-confirm-submit').click();
  await expect(promise).toContainText(`承诺交期晚于需求日期 ${dayOf(45)}，请填写原因`);
  await promise.getByTestId('order-confirm-reason-1').fill('轧机检修，顺延五天');
  await supplierPage.getByTestId('order-confirm-submit').click();
  await expect(supplierPage.getByTestId('order-confirm-form')).toHaveCount(0);
  await expect(statusOf(supplierPage)).toContainText('已确认');
  const confirmed = await buyer.call<{ status: string; revisionNo: number }>('GET', '/srm/order/queryById', {
    id: orderId,
  });
  expect(confirmed).toMatchObject({ status: 'CONFIRMED', revisionNo: 1 });
  expect((await linesOf(orderId))[0]).toMatchObject({ promisedDate: dayOf(50), promiseReason: '轧机检修，顺延五天' });
  // The buyer reads the promised date and its reason on the order's detail, and the receipt status by its text.
  await openOrder(buyerPage, '/srm/order');
  await expect(statusOf(buyerPage)).toContainText('已确认');
  await expect(buyerPage.getByTestId('lines-lines')).toContainText(dayOf(50));
  await expect(buyerPage.getByTestId('lines-lines')).toContainText('轧机检修，顺延五天');
  await expect(buyerPage.getByTestId('resource-detail')).toContainText('未收货');

  // 9. A new approved requisition for 50 吨 of the quota material, 按配额拆分: SupA 30, SupB 20 (QUO-4);
  //    the allocations are recorded when the orders are approved (QUO-6).
  const { id: requisitionId } = await buyer.call<{ id: string }>('POST', '/srm/requisition/add', {
    title: `S6配额需求${tag}`,
    purchaseType: 'GOODS',
    reason: '生产备料',
    deliveryPlace: '上海市浦东新区华东生产基地',
    lines: [{ materialId: quotaPlate.id, qty: '50', needByDate: dayOf(30), estimatedUnitPrice: '4800' }],
  });
  await buyer.call('POST', '/srm/requisition/submit', { id: requisitionId });
  await approveIfPending(buyer, admin, '/srm/requisition/queryById', '/srm/requisition/approve', requisitionId);
  // The requisition's detail, by its address (`open` on its own page, `detail` on a document page).
  await enter(buyerPage, `/srm/requisition?open=${requisitionId}&detail=${requisitionId}`);
  await buyerPage.getByRole('button', { name: '按配额拆分' }).click();
  const modal = buyerPage.getByTestId('quota-split-modal');
  await expect(modal).toContainText(quota.code);
  const parts = modal.getByTestId('quota-split-parts');
  await expect(parts.locator('tr', { hasText: nameA })).toContainText('30');
  await expect(parts.locator('tr', { hasText: nameB })).toContainText('20');
  const made = buyerPage.waitForResponse((r) => r.url().includes('/srm/order/fromRequisitionByQuota'));
  await buyerPage.getByRole('button', { name: '生成订单草稿' }).click();
  const { result } = (await (await made).json()) as { result: { ids: string[] } };
  await expect(toast(buyerPage, `已按配额 ${quota.code} 生成 2 张采购订单草稿`)).toBeVisible();
  expect(result.ids).toHaveLength(2);
  const quotaLines = async () =>
    (
      await buyer.call<{ lines: { supplierId: string; allocatedQty: string }[] }>('GET', '/srm/quota/queryById', {
        id: quota.id,
      })
    ).lines.map((l) => [l.supplierId, Number(l.allocatedQty)]);
  expect(await quotaLines()).toEqual(
    expect.arrayContaining([
      [supplierIdOf(supA), 0],
      [supplierIdOf(supB), 0],
    ]),
  );
  const splitOrders = await Promise.all(
    result.ids.map(async (id) => ({
      supplierId: (await buyer.call<{ supplierId: string }>('GET', '/srm/order/queryById', { id })).supplierId,
      qty: (await linesOf(id))[0]!.qty,
    })),
  );
  expect(splitOrders.map((o) => [o.supplierId, Number(o.qty)])).toEqual(
    expect.arrayContaining([
      [supplierIdOf(supA), 30],
      [supplierIdOf(supB), 20],
    ]),
  );
  for (const id of result.ids) {
    await buyer.call('POST', '/srm/order/submit', { id });
    await approveIfPending(buyer, admin, '/srm/order/queryById', '/srm/order/approve', id);
  }
  // On 配额管理 the approved orders show as allocated.
  await openDocument(buyerPage, '/srm/quota', 'srmQuotaArrangement', quota.code);
  const shares = drawerOf(buyerPage, quota.code);
  // 供应商, 配额比例, 基数, 已分配数量, 有效.
  await expect(shares.locator('tr', { hasText: nameA }).locator('td')).toHaveText([nameA, '60%', '0', '30', '有效']);
  await expect(shares.locator('tr', { hasText: nameB }).locator('td')).toHaveText([nameB, '40%', '0', '20', '有效']);
  expect(await quotaLines()).toEqual(
    expect.arrayContaining([
      [supplierIdOf(supA), 30],
      [supplierIdOf(supB), 20],
    ]),
  );
});
