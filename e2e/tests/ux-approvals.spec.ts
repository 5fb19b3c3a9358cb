import { expect, test } from '@playwright/test';
import { onDatabase } from './captcha.js';
import { apiLogin, openMenu, signInAs, type ApiSession } from './helpers.js';

// Issue 19: approvers decide on the document itself (item 1), an empty sign-in names the
// missing fields (item 10), and the supplier's home starts with its own to-dos (item 8).
const SCREENS = '/work/screens';
const shot = (name: string) => `${SCREENS}/${name}.png`;

type Step = { name: string; minAmount: string | null; approverType: 'USER' | 'ROLE'; approverId: string };
type Definition = { name: string; enabled: number; steps: Step[]; ccUserIds: string[]; version: number };
const DOC_TYPE = 'SUPPLIER_ADMISSION_REVIEW';

async function flowOf(admin: ApiSession): Promise<Definition | null> {
  const all = await admin.call<{ docType: string; definition: Definition | null }[]>(
    'GET',
    '/approval/definition/list',
  );
  return all.find((d) => d.docType === DOC_TYPE)?.definition ?? null;
}

test('§4.3 X-10: the approver of an admission review sees its steps and certificates, and decides in the detail', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  const before = await flowOf(admin);
  await admin.call('POST', '/approval/definition/save', {
    docType: DOC_TYPE,
    name: '准入评审审批',
    enabled: 1,
    steps: [{ name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }],
    ccUserIds: [],
    ...(before ? { version: before.version } : {}),
  });
  try {
    // supplier1's company: a qualified supplier of the demo.
    const sup = await apiLogin(request, 'supplier1');
    const supplier = await sup.call<{ id: string; name: string }>('GET', '/supplierBaseAPI/getSupplier');
    // The supplier applies for one more category (the demo's are all qualified already).
    const category = 'OFFICE';
    await onDatabase('DELETE FROM supplier_category WHERE supplier_id = ? AND category_code = ?', [
      supplier.id,
      category,
    ]);
    await onDatabase(
      'INSERT INTO supplier_category (id, supplier_id, category_code, status, create_time) VALUES (?, ?, ?, ?, ?)',
      [`e2e${Date.now().toString(36)}`.padEnd(32, '0'), supplier.id, category, 'APPLYING', new Date().toISOString()],
    );
    const review = await buyer.call<{ id: string }>('POST', '/supplier/admissionReview/open', {
      supplierId: supplier.id,
      categoryCode: category,
    });
    for (const [step, comment] of [
      ['DOCUMENTS', '营业执照与ISO证书齐全有效'],
      ['QUESTIONNAIRE', '问卷得分 92 分'],
    ])
      await buyer.call('POST', '/supplier/admissionReview/step', { id: review.id, step, result: 'PASSED', comment });
    await buyer.call('POST', '/supplier/admissionReview/submit', { id: review.id, decision: 'APPROVE' });

    await signInAs(page, 'admin');
    await openMenu(page, '审批中心', '我的待办', /\/approval\/todo$/);
    const row = page.getByTestId('approval-todo-page').locator('tbody tr', { hasText: `准入评审：${supplier.name}` });
    await row.first().getByTestId('approval-view').click();
    const detail = page.getByTestId('approval-detail');
    await expect(detail).toContainText('评审步骤');
    await expect(detail).toContainText('营业执照与ISO证书齐全有效');
    await expect(detail).toContainText('问卷得分 92 分');
    await expect(detail).toContainText('建议结论');
    await expect(detail).toContainText('资质证书');
    await expect(page.getByTestId('approval-detail-approve')).toBeVisible();
    await expect(page.getByTestId('approval-detail-reject')).toBeVisible();
    await page.screenshot({ path: shot('admission-review-approval-detail'), fullPage: true });
    // Leave the demo as it was: the review goes back to the buyer (rejected over the API).
    const todo = await admin.call<{ records: { taskId: string; title: string }[] }>('GET', '/approval/todo/list', {
      pageSize: '100',
    });
    const task = todo.records.find((r) => r.title.includes(`准入评审：${supplier.name}`))!;
    await admin.call('POST', '/approval/task/reject', { taskId: task.taskId, comment: '测试结束' });
  } finally {
    const now = await flowOf(admin);
    await admin.call('POST', '/approval/definition/save', {
      docType: DOC_TYPE,
      ...(before
        ? { name: before.name, enabled: before.enabled, steps: before.steps, ccUserIds: before.ccUserIds }
        : { name: '准入评审审批', enabled: 0, steps: [], ccUserIds: [] }),
      version: now!.version,
    });
  }
});

test('an empty sign-in names the missing fields beside them, and typing clears each', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.locator('#username')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: shot('empty-sign-in'), fullPage: true });
  await page.locator('#username').fill('buyer');
  await expect(page.getByText('请输入用户名')).toHaveCount(0);
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('the supplier home starts with its open invitations and their deadlines', async ({ page }) => {
  await signInAs(page, 'supplier1');
  const todos = page.getByTestId('home-todos');
  await expect(todos).toBeVisible();
  await expect(page.getByTestId('todo-sourcingInvitations')).toContainText('待答复的询价邀请');
  await expect(page.getByTestId('home-deadlines')).toBeVisible();
  await page.screenshot({ path: shot('supplier-home'), fullPage: true });
});
