import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { enter, openMenu } from './helpers.js';

// Dictionaries are cached in the browser for 7 days at login (spec part 2 §7): an item added
// by an administrator shows in dropdowns after 清理缓存, not before.
test.use({ user: 'admin' });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The options of the 职级 dropdown on a new position's form; the form is closed again. */
async function positionRankOptions(page: Page): Promise<string[]> {
  const list = page.getByTestId('resource-page-sysPosition');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  await page.locator('#sysPosition-form_postRank').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allTextContents();
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
  return texts;
}

test('a dictionary item added by the administrator shows in dropdowns after 清理缓存', async ({ page }) => {
  const tag = unique();
  const text = `端到端职级${tag}`;
  await enter(page);

  await openMenu(page, '系统管理', '职务管理', /\/isystem\/position$/);
  const before = await positionRankOptions(page);
  expect(before).toContain('中级');

  // The item, through 数据字典 > 职级 > 字典配置.
  await openMenu(page, '系统管理', '数据字典', /\/isystem\/dict$/);
  const dicts = page.getByTestId('resource-page-sysDict');
  await dicts.getByTestId('resource-search').getByPlaceholder('请输入字典编码').fill('position_rank');
  await dicts.getByRole('button', { name: /查\s*询/ }).click();
  await dicts.locator('tbody tr', { hasText: 'position_rank' }).getByText('字典配置').click();
  const items = page.getByTestId('resource-page-sysDictItem');
  await expect(items.locator('tbody')).toContainText('中级');
  await items.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('resource-form');
  await form.getByPlaceholder('请输入名称').fill(text);
  await form.getByPlaceholder('请输入数据值').fill(`e2e${tag}`);
  await page.getByTestId('resource-form-submit').click();
  await expect(items.locator('tbody tr', { hasText: text })).toHaveCount(1);
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(items).toHaveCount(0);

  // Still the cached dictionary: the new item is not offered yet.
  await openMenu(page, '系统管理', '职务管理', /\/isystem\/position$/);
  expect(await positionRankOptions(page)).not.toContain(text);

  // 清理缓存 reloads every dictionary; the dropdown now offers it.
  await page.getByTestId('user-menu').click();
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '清理缓存' })
    .click();
  await expect(page.locator('.ant-message')).toContainText('刷新缓存完成！');
  expect(await positionRankOptions(page)).toContain(text);
});
