import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openMenu, refreshTab, signInAs } from './helpers.js';

// S10 steps 9–10 (domain §5): the supplier asks for a bank-account change with a bank letter in
// its own browser; a second request is refused while the first waits (CHG-1); the manager
// (admin role) sees the old and new values and the letter in the 审批中心 detail and approves
// there; the supplier then sees the new account and the field-by-field
// history; the approver sees the request's diff at 供应商管理 › 供应商变更.
const LETTER = {
  name: 'bank-letter.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};
const NEW_ACCOUNT = `62148300${Date.now().toString().slice(-8)}`;

async function openMyChanges(page: Page): Promise<void> {
  await page.getByTestId('side-menu').getByText('变更申请', { exact: true }).click();
  await expect(page).toHaveURL(/\/srm\/my-changes$/);
}

test('S10: a bank-account change requested by the supplier, approved by the manager, applied with history (CHG-1, CHG-3, CHG-4, CHG-6)', async ({
  page,
  signIn,
}) => {
  test.setTimeout(240_000);
  // The supplier, in its own browser.
  await signInAs(page, 'supplier1');
  await openMyChanges(page);
  await expect(page.getByTestId('resource-table')).toContainText('暂无变更申请');
  await page.getByTestId('change-new').click();
  const current = page.getByTestId('change-current');
  await expect(current).toContainText('华东精密机械有限公司');
  const form = page.getByTestId('change-form');
  await form.getByLabel('新开户银行').fill('招商银行上海张江支行');
  await form.getByLabel('新银行账号').fill(NEW_ACCOUNT);
  await form.getByLabel('变更原因').fill('基本户迁至招商银行，附开户证明');
  // CHG-3: without the bank letter nothing is sent.
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form).toContainText('请上传证明材料');
  await form.locator('input[type=file]').setInputFiles(LETTER);
  await expect(page.getByTestId('change-files-upload')).toHaveAttribute('data-value', /\S/);
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('变更申请已提交，等待审批').last()).toBeVisible();
  const row = page.getByTestId('resource-table').locator('tbody tr', { hasText: 'CR-' }).first();
  await expect(row).toContainText('审批中');
  const code = (await row.locator('td').nth(1).innerText()).trim();
  expect(code).toMatch(/^CR-\d{8}-\d{4}$/);
  // CHG-1: one request in approval at a time.
  await page.getByTestId('change-new').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('已有审批中的变更申请');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();

  // The manager approves in 审批中心 (X-10: the supplier cannot approve its own request).
  const manager = await signIn('admin');
  await openMenu(manager, '审批中心', '我的待办', /\/approval\/todo$/);
  const task = manager.getByTestId('approval-todo-page').locator('tbody tr', { hasText: code });
  // Issue 19 item 1: the detail shows the request itself (old and new values, the bank letter) and decides.
  await task.getByTestId('approval-view').click();
  const approvalDoc = manager.getByTestId('approval-document');
  await expect(approvalDoc).toContainText('基本户迁至招商银行，附开户证明');
  const asked = approvalDoc.getByTestId('change-diff');
  await expect(asked.locator('tr', { hasText: '银行账号' })).toContainText(NEW_ACCOUNT);
  await expect(asked.locator('tr', { hasText: '开户银行' })).toContainText('中国工商银行上海张江支行');
  await expect(asked.locator('tr', { hasText: '开户银行' })).toContainText('招商银行上海张江支行');
  await expect(approvalDoc.getByTestId('approval-document-files')).toContainText('.pdf');
  await manager.getByTestId('approval-detail-approve').click();
  await manager.getByTestId('approval-comment').fill('开户证明无误，同意');
  await manager.getByTestId('approval-decision-ok').click();
  await expect(manager.getByText('已同意').last()).toBeVisible();
  // The decision is no longer offered; the detail shows it.
  await expect(manager.getByTestId('approval-detail-approve')).toHaveCount(0);
  await expect(manager.getByTestId('approval-detail')).toContainText('开户证明无误，同意');
  await manager.locator('.ant-drawer-close').click();

  // The internal side sees the approved request's diff.
  await openMenu(manager, '供应商管理', '供应商变更', /\/srm\/supplier\/change$/);
  const listed = manager.getByTestId('resource-table').locator('tbody tr', { hasText: code });
  await expect(listed).toContainText('已通过');
  await listed.getByText('详情', { exact: true }).click();
  const detail = manager.getByTestId('workflow-detail');
  const diff = detail.getByTestId('change-diff');
  await expect(diff).toContainText('银行账号');
  await expect(diff).toContainText(NEW_ACCOUNT);
  // The evidence and the timeline of the generic document detail.
  await expect(detail.getByTestId('workflow-attachments')).toContainText('.pdf');
  await expect(detail.getByTestId('workflow-timeline')).toContainText('审批通过，变更生效');

  // The supplier sees the approved request, the new account and the history.
  await refreshTab(page, '变更申请');
  await expect(row).toContainText('已通过', { timeout: 30_000 });
  await page.getByRole('tab', { name: '变更历史' }).click();
  const history = page.getByTestId('change-history-table');
  await expect(history).toContainText(NEW_ACCOUNT);
  await expect(history).toContainText(code);
  await expect(history).toContainText('招商银行上海张江支行');
  await page.getByTestId('side-menu').getByText('企业信息', { exact: true }).click();
  await expect(page).toHaveURL(/\/supplier\/profile$/);
  await expect(page.getByText(NEW_ACCOUNT).first()).toBeVisible();
  await page.getByRole('tab', { name: '变更历史' }).click();
  await expect(page.getByTestId('change-history-table')).toContainText(code);
});
