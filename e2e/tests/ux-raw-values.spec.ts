import { expect, test } from './fixtures.js';
import { signInAs } from './helpers.js';

/**
 * Issue 19 #4, #5 and #11 as a buyer and an administrator see them: 采购设置 without JSON text,
 * 阶梯价 as rows, past price-validity days greyed out, and the tender and auction draft forms
 * asking before a reload drops what was typed.
 */
const SCREENS = process.env.UX_SCREENS_DIR;

test.describe('settings and forms without raw values', () => {
  test('采购设置 shows structured values in words and edits them with switches and numbers, refused in Chinese', async ({
    page,
  }) => {
    await signInAs(page, 'admin', { url: '/base/purchaseSetting' });
    const table = page.getByTestId('purchase-settings-table');
    await expect(table).toContainText('询价：是；招标：否；竞价：是', { timeout: 30_000 });
    await expect(table).toContainText('2家：70/30；3家：50/30/20');
    await expect(table).toContainText('A 90–100分');
    await expect(table).not.toContainText('{"');
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/purchase-settings.png`, fullPage: true });

    await page.getByTestId('setting-edit-tender.minBidPeriodDays').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('setting-parts')).toBeVisible();
    await expect(dialog.locator('textarea')).toHaveCount(0);
    await dialog.getByLabel('依法必须招标的项目').fill('15');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toContainText('依法必须招标的项目不少于20天');
    await dialog.getByLabel('依法必须招标的项目').fill('21');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(table).toContainText('依法必须招标的项目：21天；其他项目：5天');
    // Back to the statutory default, so other scenarios see the demo's settings.
    await page.getByTestId('setting-edit-tender.minBidPeriodDays').click();
    await page.getByRole('dialog').getByLabel('依法必须招标的项目').fill('20');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(table).toContainText('依法必须招标的项目：20天；其他项目：5天');

    await page.getByTestId('setting-edit-quota.presets').click();
    await expect(page.getByRole('dialog').getByTestId('setting-quota-presets')).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('方案2第3家比例')).toHaveValue('20');
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/purchase-settings-quota-editor.png` });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  test('阶梯价 is a row editor: rows added and removed, quantities must ascend (MAT-5)', async ({ page }) => {
    await signInAs(page, 'admin', { url: '/base/priceRecord' });
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const form = page.getByTestId('resource-form');
    const editor = form.getByTestId('price-ladder-editor');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await expect(form.locator('textarea[id$="ladder"]')).toHaveCount(0);
    await editor.getByTestId('price-ladder-add').click();
    await expect(editor.getByLabel('第1档起订量')).toHaveValue('0');
    await editor.getByLabel('第1档单价').fill('10.50');
    await editor.getByTestId('price-ladder-add').click();
    await editor.getByLabel('第2档起订量').fill('100');
    await editor.getByLabel('第2档单价').fill('9.80');
    await editor.getByTestId('price-ladder-add').click();
    await editor.getByLabel('第3档起订量').fill('50');
    await editor.getByLabel('第3档单价').fill('9.50');
    await page.getByTestId('resource-form-submit').click();
    await expect(form).toContainText('第3档：阶梯价的起订量必须严格递增');
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/price-ladder-editor.png` });
    await editor.getByLabel('删除第3档').click();
    await expect(form).not.toContainText('阶梯价的起订量必须严格递增');
  });

  test('the tender and auction draft forms ask before a reload drops typed data', async ({ page }) => {
    await signInAs(page, 'buyer', { url: '/srm/tender' });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.getByTestId('tender-new').click();
    await page.locator('#tenderForm_title').fill('未保存的招标项目');
    const prompt = page.waitForEvent('dialog');
    void page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect((await prompt).type()).toBe('beforeunload');
    await expect(page.locator('#tenderForm_title')).toHaveValue('未保存的招标项目');

    // Closing the form asks too; agreed, it goes without a browser prompt.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await page
      .locator('.ant-modal-confirm', { hasText: '当前页面有未保存的数据，确定离开吗？' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.goto('/srm/auction');
    await page.getByTestId('auction-new').click({ timeout: 30_000 });
    await page.locator('#auctionForm_title').fill('未保存的竞价单');
    const again = page.waitForEvent('dialog');
    void page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect((await again).type()).toBe('beforeunload');
    await expect(page.locator('#auctionForm_title')).toHaveValue('未保存的竞价单');
  });
});
