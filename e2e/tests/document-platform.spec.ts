import { expect, test } from './fixtures.js';
import { apiLogin, signInAs } from './helpers.js';

// The workflow-document platform (issue 17) over the sample request (§7), on the generic page:
// the list with its status tabs → the detail → a transition with a reason from the detail's
// buttons → the status timeline shows it → the print view shows the company header, the
// document's fields and its quantity.
const day = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('a sample request: list → detail → refuse with a reason → timeline → print view', async ({ page }) => {
  // Set-up over the API: the buyer asks 华东精密 for a sample and sends the request.
  const buyer = await apiLogin(page.request, 'buyer');
  const suppliers = await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/supplier/list', {
    name: '华东精密机械有限公司',
  });
  const supplierId = suppliers.records.find((r) => r.name === '华东精密机械有限公司')!.id;
  const materials = await buyer.call<{ records: { id: string }[] }>('GET', '/srm/material/list', {
    status: 'ACTIVE',
    pageSize: '1',
  });
  const { id } = await buyer.call<{ id: string }>('POST', '/srm/sampleRequest/add', {
    supplierId,
    materialId: materials.records[0]!.id,
    purpose: 'ADMISSION',
    qty: '7',
    unit: 'PCS',
    requiredBy: day(7),
    receiverName: '王工',
    receiverPhone: '13800000000',
    receiveAddress: '上海市浦东新区张江路1号 质量部',
  });
  await buyer.call('POST', '/srm/sampleRequest/send', { id });
  const { code } = await buyer.call<{ code: string }>('GET', '/srm/sampleRequest/queryById', { id });

  // The supplier's list: the status tabs count its requests; 已发送 narrows the list to sent ones.
  await signInAs(page, 'supplier1');
  await page.getByTestId('side-menu').getByText('送样申请', { exact: true }).click();
  await expect(page).toHaveURL(/\/srm\/my-samples$/);
  const list = page.getByTestId('resource-page-srmSampleRequest');
  const tabs = list.getByTestId('status-tabs');
  await expect(tabs).toContainText(/全部 \(\d+\)/, { timeout: 30_000 });
  // a supplier never sees drafts, so it gets no 草稿 tab at all.
  await expect(tabs.getByRole('tab', { name: /^已发送 \(\d+\)$/ })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /草稿/ })).toHaveCount(0);
  await tabs.getByRole('tab', { name: /^已发送 \(\d+\)$/ }).click();
  const row = list.locator('tbody tr', { hasText: code });
  await expect(row).toContainText('已发送');

  // The detail: the transitions the supplier may take now, as buttons.
  await row.getByText('详情', { exact: true }).click();
  const detail = page.getByTestId('workflow-detail');
  await expect(detail.getByTestId('detail-sample-confirm')).toBeVisible();
  await detail.getByTestId('detail-sample-refuse').click();
  // The reason is required.
  await page.getByTestId('sample-refuse-submit').click();
  await expect(page.getByTestId('sample-refuse-form')).toContainText('请填写拒绝原因');
  await page.getByTestId('sample-refuse-reason').fill('该型号已停产，建议改用替代型号');
  await page.getByTestId('sample-refuse-submit').click();
  await expect(page.getByText('已拒绝送样').last()).toBeVisible();

  // The timeline shows the buyer's send and the supplier's refusal with its reason.
  const timeline = detail.getByTestId('workflow-timeline');
  await expect(timeline).toContainText('发送');
  await expect(timeline).toContainText('拒绝送样：该型号已停产，建议改用替代型号');
  await expect(timeline).toContainText('已发送 → 已拒绝');
  // Refused is terminal: no transition is offered any more.
  await expect(detail.getByTestId('detail-sample-confirm')).toHaveCount(0);
  await expect(page.getByTestId('resource-detail')).toContainText('已拒绝');

  // The print view: company header, the document's number, fields and quantity.
  await detail.getByTestId('detail-print').click();
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.getByTestId('print-header')).toContainText('送样申请');
  await expect(sheet.getByTestId('print-header')).toContainText(`单号：${code}`);
  await expect(sheet.getByTestId('print-header')).toContainText('状态：已拒绝');
  await expect(sheet.getByTestId('print-header').locator('.print-company')).not.toBeEmpty();
  const fields = sheet.getByTestId('print-fields');
  await expect(fields.locator('tr', { hasText: '样品数量' })).toContainText('7');
  await expect(fields.locator('tr', { hasText: '供应商回复' })).toContainText('该型号已停产');
  await expect(fields.locator('tr', { hasText: '收样地址' })).toContainText('上海市浦东新区张江路1号');
});
