import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, confirmPopover, enter, openMenu, refreshTab } from './helpers.js';

// The approval engine end to end (decision 6, X-10) with material activation as the document:
// the buyer creates a material and submits it; the administrator, in another browser context,
// approves it in 我的待办; the buyer sees the result in 我的申请 and the material is active.
// The administrator's own submission is refused: nobody else could approve it.
test.use({ user: 'buyer' });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function createMaterial(page: Page, name: string): Promise<Locator> {
  await openMenu(page, '基础数据', '物料管理', /\/base\/material$/);
  const list = page.getByTestId('resource-page-srmMaterial');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await form.getByPlaceholder('请输入物料名称').fill(name);
  await form.getByPlaceholder('请输入规格型号').fill('M10×40');
  // Only leaf categories can be chosen (MAT-2).
  const tree = form.locator('.ant-select', { has: page.locator('#srmMaterial-form_categoryId') });
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()) === 0) await tree.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', {
        hasText: '0301 紧固件',
      })
      .click({ timeout: 3_000 });
    await expect(tree).toContainText('紧固件', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await chooseOption(page, form.locator('.ant-select', { has: page.locator('#srmMaterial-form_unit') }), '个');
  await page.getByTestId('resource-form-submit').click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  const row = list.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('草稿');
  return row;
}

test('X-10: a buyer submits a material, the administrator approves it, the buyer sees it active; self-approval is refused', async ({
  page,
  signIn,
}) => {
  const name = `端到端螺栓${unique()}`;
  await enter(page);
  const row = await createMaterial(page, name);
  await row.getByText('提交启用', { exact: true }).click();
  await confirmPopover(page);
  await expect(page.getByText('已提交审批').last()).toBeVisible();
  await expect(row).toContainText('审批中');

  // The buyer holds no approver role: nothing to decide in 我的待办.
  await openMenu(page, '审批中心', '我的待办', /\/approval\/todo$/);
  await expect(page.getByTestId('approval-todo-page').locator('tbody tr', { hasText: name })).toHaveCount(0);

  const admin = await signIn('admin');
  await openMenu(admin, '审批中心', '我的待办', /\/approval\/todo$/);
  const task = admin.getByTestId('approval-todo-page').locator('tbody tr', { hasText: name });
  await expect(task).toContainText('采购员王敏');
  await task.getByTestId('approval-approve').click();
  await admin.getByTestId('approval-comment').fill('规格齐全，同意启用');
  await admin.getByTestId('approval-decision-ok').click();
  await expect(admin.getByText('已同意').last()).toBeVisible();
  await expect(task).toHaveCount(0);
  await openMenu(admin, '审批中心', '已办', /\/approval\/done$/);
  await expect(admin.getByTestId('approval-done-page').locator('tbody tr', { hasText: name })).toContainText(
    '规格齐全，同意启用',
  );

  // the administrator is the only holder of the approving role, so their own submission is refused.
  const own = await createMaterial(admin, `管理员物料${unique()}`);
  await own.getByText('提交启用', { exact: true }).click();
  await confirmPopover(admin);
  await expect(admin.getByText(/没有可审批的人员（提交人不能审批本人的单据）/).last()).toBeVisible();
  await expect(own).toContainText('草稿');

  await openMenu(page, '审批中心', '我的申请', /\/approval\/mine$/);
  const mine = page.getByTestId('approval-mine-page').locator('tbody tr', { hasText: name });
  await expect(mine).toContainText('已通过');
  await mine.getByTestId('approval-view').click();
  await expect(page.getByTestId('approval-detail')).toContainText('规格齐全，同意启用');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await openMenu(page, '基础数据', '物料管理', /\/base\/material$/);
  // The kept-alive list still shows what it loaded before the decision: read it afresh.
  await refreshTab(page, '物料管理');
  const materials = page.getByTestId('resource-page-srmMaterial');
  await expect(materials.locator('tbody tr', { hasText: name })).toContainText('启用');
});
