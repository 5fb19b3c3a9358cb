import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

test('a supplier with isShow 2 is held at /completeSupInfo until the form is saved', async ({ page }) => {
  await signInAs(page, 'supplier2', { ready: page.getByTestId('supplier-info-form') });
  await expect(page).toHaveURL(/\/completeSupInfo$/);
  const form = page.getByTestId('supplier-info-form');

  // Every other path leads back to the form.
  for (const p of ['/dashboard/workbench', '/supplier/profile', '/isystem/user']) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/completeSupInfo$/);
  }

  // Registration data is prefilled; bad input is refused field by field and nothing is lost.
  await expect(form.locator('#name')).toHaveValue('苏州新材科技有限公司');
  await form.locator('#contactMobile').fill('123');
  await page.getByTestId('supplier-info-submit').click();
  await expect(form).toContainText('请输入正确的手机号码');
  await expect(form).toContainText('请输入法定代表人');
  await expect(page).toHaveURL(/\/completeSupInfo$/);

  await form.locator('#legalPerson').fill('周明');
  await form.locator('#contactName').fill('赵婷');
  await form.locator('#contactMobile').fill('13912345678');
  await form.locator('#email').fill('contact@xincai.example');
  await form.locator('#address').fill('江苏省苏州市工业园区星湖街328号');
  await form.locator('#bankName').fill('招商银行苏州分行');
  await form.locator('#bankAccountName').fill('苏州新材科技有限公司');
  await form.locator('#bankAccountNo').fill('512900001234567');
  await form.locator('#mainCategories').click();
  await page.locator('.ant-select-item-option', { hasText: '原材料' }).click();
  await page.keyboard.press('Escape');
  // SUP-4: the business licence scan is required.
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByText(/文件上传成功/).last()).toBeVisible();
  await page.getByTestId('supplier-info-submit').click();

  await expect(page).toHaveURL(/\/dashboard\/workbench$/);
  await expect(page.getByTestId('side-menu')).toContainText('企业信息');
  // The gate stays lifted after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/workbench$/);
  await page.goto('/supplier/profile');
  await expect(page.getByText('周明')).toBeVisible();
});
