import { expect, test } from './fixtures.js';
import { API, apiLogin, openMenu, signInAs } from './helpers.js';

// The contract after signing (§15): on an ACTIVE contract's detail the buyer amends it (CON-6),
// the 版本记录 panel shows both versions and opens the earlier one; the print view shows the
// company header, the contract text from its template and the amount in Chinese capitals.
const day = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('an ACTIVE contract: 变更合同 → 版本记录 shows V1 and V2 → print view with the contract text', async ({
  page,
}) => {
  // Set-up over the API: a contract with 华东精密 made ACTIVE (submit, send, confirm, sign).
  const buyer = await apiLogin(page.request, 'buyer');
  const suppliers = await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/supplier/list', {
    name: '华东精密机械有限公司',
  });
  const supplierId = suppliers.records.find((r) => r.name === '华东精密机械有限公司')!.id;
  const title = `e2e轴承合同${Date.now().toString(36)}`;
  const { id } = await buyer.call<{ id: string }>('POST', '/srm/contract/add', {
    title,
    contractType: 'STANDARD',
    supplierId,
    currency: 'CNY',
    validFrom: day(0),
    validTo: day(365),
    // 10 × 12.345 = 123.45 + 16.05 tax, 3 × 100 = 300.00 + 39.00: 478.50.
    lines: [
      { materialName: '深沟球轴承', spec: '6204', unit: 'PCS', qty: '10', unitPrice: '12.345', taxRate: '13' },
      { materialName: '安装服务', unit: 'PCS', qty: '3', unitPrice: '100', taxRate: '13' },
    ],
    payPlan: [
      { stageType: 'ADVANCE', pct: '30', amount: '143.55' },
      { stageType: 'ON_ACCEPTANCE', pct: '70', amount: '334.95' },
    ],
  });
  await buyer.call('POST', '/srm/contract/submit', { id });
  // The demo configures no contract approval flow: the engine approves at once.
  const { code, status } = await buyer.call<{ code: string; status: string }>('GET', '/srm/contract/queryById', { id });
  expect(status).toBe('APPROVED');
  await buyer.call('POST', '/srm/contract/send', { id });
  const supplier = await apiLogin(page.request, 'supplier1');
  await supplier.call('POST', '/srm/contract/confirm', { id });
  const uploaded = await page.request.post(`${API}/sys/common/upload`, {
    headers: { 'X-Access-Token': buyer.token },
    multipart: {
      biz: 'contract',
      file: { name: '合同签署件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n%%EOF\n') },
    },
  });
  const signedFiles = ((await uploaded.json()) as { message: string }).message;
  await buyer.call('POST', '/srm/contract/sign', { id, signedFiles });

  // The buyer's list → the detail of the ACTIVE contract: 版本记录 shows V1 as the current one.
  await signInAs(page, 'buyer');
  await openMenu(page, '供应商管理', '合同管理', /\/srm\/contract$/);
  const list = page.getByTestId('resource-page-srmContract');
  const row = list.locator('tbody tr', { hasText: code });
  await expect(row).toContainText('生效');
  await row.getByText('详情', { exact: true }).click();
  const versions = page.getByTestId('contract-versions');
  await expect(versions.getByTestId('contract-versions-table')).toContainText('V1');

  // 变更合同: the reason is required; then the draft of version 2 is listed beside V1.
  await versions.getByTestId('contract-amend').click();
  await page.getByTestId('contract-amend-submit').click();
  await expect(page.getByText('请填写变更原因')).toBeVisible();
  await page.getByTestId('contract-amend-reason').fill('交货期调整');
  await page.getByTestId('contract-amend-submit').click();
  await expect(page.getByText(`已生成变更版本 ${code}-V2，修改后提交`)).toBeVisible();
  const table = versions.getByTestId('contract-versions-table');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr', { hasText: `${code}-V2` })).toContainText('草稿');
  await expect(table.locator('tbody tr', { hasText: `${code}-V2` })).toContainText('交货期调整');
  // The other version opens read-only with its lines.
  await versions.getByTestId('contract-version-2').click();
  const view = page.getByTestId('contract-version-view');
  await expect(view).toContainText('V2');
  await expect(view.getByTestId('lines-lines')).toContainText('深沟球轴承');
  await page.locator('.ant-modal-close').last().click();
  await expect(view).toBeHidden();

  // The print view: company header, the contract text from the STANDARD template, the capitals.
  await page.getByTestId('workflow-detail').getByTestId('detail-print').click();
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.getByTestId('print-header')).toContainText(`单号：${code}`);
  await expect(sheet.getByTestId('print-header').locator('.print-company')).not.toBeEmpty();
  const text = sheet.getByTestId('contract-print-text');
  await expect(text).toContainText(title);
  await expect(text).toContainText('乙方（供应商）：华东精密机械有限公司');
  await expect(text).toContainText('大写：肆佰柒拾捌元伍角');
  await expect(text.locator('table').first()).toContainText('深沟球轴承');
  await expect(sheet.getByTestId('print-amount-capital')).toContainText('肆佰柒拾捌元伍角');
});
