import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

// Issue 19 item 8: the home page shows the signed-in user's own to-dos, and a card opens its page.
test('a buyer sees their own to-dos on the home page and a card opens its page', async ({ page }) => {
  await signInAs(page, 'buyer');
  const approvals = page.getByTestId('todo-approvalTodo');
  await expect(approvals).toContainText('我的待办审批');
  await expect(page.getByTestId('todo-sourcingDrafts')).toContainText('询价草稿');
  // Supplier to-dos never reach a buyer.
  await expect(page.getByTestId('todo-sourcingInvitations')).toHaveCount(0);
  await approvals.getByRole('button', { name: '去处理' }).click();
  await expect(page).toHaveURL(/\/approval\/todo$/);
});

test('a supplier sees only its own invitations and a card opens 我的询价', async ({ page }) => {
  await signInAs(page, 'supplier1');
  const invitations = page.getByTestId('todo-sourcingInvitations');
  await expect(invitations).toContainText('待答复的询价邀请');
  await expect(page.getByTestId('todo-approvalTodo')).toHaveCount(0);
  await invitations.getByRole('button', { name: '去处理' }).click();
  await expect(page).toHaveURL(/\/srm\/my-sourcing$/);
});
