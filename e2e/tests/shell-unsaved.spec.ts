import { expect, test } from './fixtures.js';
import { signInAs } from './helpers.js';

const LEAVE = '当前页面有未保存的数据，确定离开吗？';

test.describe('leaving a page with unsaved edits', () => {
  test('an in-app navigation away from a dirty form asks first', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByTestId('side-menu').getByText('系统管理').click();
    await page.getByTestId('side-menu').getByText('用户管理').click();
    await expect(page).toHaveURL(/\/isystem\/user$/);
    await expect(page.getByTestId('tab-bar').locator('.ant-tabs-tab', { hasText: '用户管理' })).toBeVisible();

    // The password form, half filled in, then the browser's back button (an in-app navigation).
    await page.getByTestId('user-menu').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '修改密码' })
      .click();
    await page.locator('#passwordForm_oldpassword').fill('Procura@2026');
    await expect(page.locator('#passwordForm_oldpassword')).toHaveValue('Procura@2026');
    await page.goBack();
    const confirm = page.locator('.ant-modal-confirm', { hasText: LEAVE });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(page).toHaveURL(/\/isystem\/user$/);
    await expect(page.locator('#passwordForm_oldpassword')).toHaveValue('Procura@2026');
    // The first question is answered and gone before the second back: a back while it was
    // still closing could be swallowed, leaving nothing to confirm (a retried flake).
    await expect(confirm).toBeHidden();

    // Asked again. A back pressed right after the cancelled one is at times swallowed (seen in
    // CI: no question and the page unchanged, as with a quick double press of a real back
    // button, likely while the router still undoes the blocked back). Pressed again until asked.
    const again = page.locator('.ant-modal-confirm', { hasText: LEAVE });
    await expect(async () => {
      if ((await again.count()) === 0) await page.goBack();
      await expect(again).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await again.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
  });

  test('a cancelled form leaves nothing unsaved: closing the tab does not ask', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByTestId('side-menu').getByText('系统管理').click();
    await page.getByTestId('side-menu').getByText('用户管理').click();
    await page.getByTestId('user-menu').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '修改密码' })
      .click();
    await page.locator('#passwordForm_oldpassword').fill('x');
    await page.locator('.ant-modal', { hasText: '修改密码' }).locator('.ant-modal-close').click();
    // Cancelling the modal drops what was typed: nothing is left unsaved.
    await page
      .getByTestId('tab-bar')
      .locator('.ant-tabs-tab', { hasText: '用户管理' })
      .locator('.ant-tabs-tab-remove')
      .click();
    await expect(page).toHaveURL(/\/dashboard\/workbench$/);
    await expect(page.locator('.ant-modal-confirm', { hasText: LEAVE })).toHaveCount(0);
  });

  test('reloading with a dirty supplier form raises the browser prompt; a clean form does not', async ({ page }) => {
    await signInAs(page, 'supplier2', { ready: page.getByTestId('supplier-info-form') });
    await expect(page).toHaveURL(/\/completeSupInfo$/);
    const form = page.getByTestId('supplier-info-form');
    await expect(form.locator('#name')).toHaveValue('苏州新材科技有限公司');

    // Clean: the reload just happens.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.reload();
    await expect(form.locator('#name')).toHaveValue('苏州新材科技有限公司');
    expect(dialogs).toEqual([]);

    await form.locator('#legalPerson').fill('周明');
    const prompt = page.waitForEvent('dialog');
    // Dismissing the prompt cancels the reload, so this navigation never completes.
    void page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect((await prompt).type()).toBe('beforeunload');
    await expect(form.locator('#legalPerson')).toHaveValue('周明');
  });
});
