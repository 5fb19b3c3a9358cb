import { type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseOption, enter, openMenu } from './helpers.js';

// The tests take one signed-in page in turn (fixtures.ts): the back office boots once for the file.
test.use({ user: 'admin', shareContext: true });

/** The smallest valid GIF (1x1): an image the server accepts by its content. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const text = (name: string, body = `${name} 内容`) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(body) });

async function openGallery(page: Page) {
  await enter(page);
  // The requests under way: the demos' own are sent as the gallery mounts.
  const pending = new Set<Request>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  await openMenu(page, '系统管理', '组件示例', /\/isystem\/widgets$/);
  // The gallery is its own chunk; the first load can take a while on a busy machine.
  await expect(page.getByTestId('widget-gallery')).toBeVisible({ timeout: 30_000 });
  // Opening it raises no error toast (the empty-code dictionary demo once asked the server and got a 400):
  // checked once every request the demos sent has been answered, not after a guessed second.
  await expect.poll(() => pending.size, { timeout: 30_000 }).toBe(0);
  await expect(page.locator('.ant-message-error, .ant-notification-notice')).toHaveCount(0);
  await expect(page.getByText('字典Code格式不正确')).toHaveCount(0);
}

const uploadOf = (page: Page, testId: string) => page.getByTestId(testId);
const valueOf = (page: Page, demo: string) => page.getByTestId(`demo-${demo}-value`);

test('upload: count limit keeps the last n, the server refuses a type by content, image fields take images only', async ({
  page,
}) => {
  await openGallery(page);

  // At most 2 files: a third keeps the last two and says so.
  const files = uploadOf(page, 'upload-file');
  for (const name of ['one.txt', 'two.txt', 'three.txt']) {
    const answered = page.waitForResponse(
      (r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST',
    );
    await files.locator('input[type=file]').setInputFiles(text(name));
    expect((await answered).status()).toBe(200);
    await expect(page.getByText(`${name} 文件上传成功`)).toBeVisible();
  }
  await expect(page.getByText('只能上传2个文件')).toBeVisible();
  await expect(files.locator('.ant-upload-list-item')).toHaveCount(2);
  await expect(files.locator('.ant-upload-list-item').first()).toContainText('two.txt');
  await expect(files.locator('.ant-upload-list-item').last()).toContainText('three.txt');
  const kept = (await valueOf(page, 'upload-file').textContent()) ?? '';
  expect(kept.split(',')).toHaveLength(2);
  expect(kept).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.txt,temp\/\d{8}\/[0-9a-f]{32}\.txt$/);

  // Removing a file drops it from the value.
  await files.locator('.ant-upload-list-item').first().hover();
  await files
    .locator('.ant-upload-list-item')
    .first()
    .getByRole('button', { name: /删除|delete/i })
    .click();
  await expect(files.locator('.ant-upload-list-item')).toHaveCount(1);
  await expect(valueOf(page, 'upload-file')).toHaveText(kept.split(',')[1]!);

  // The server decides by content: an executable named .pdf is refused and shown as an error item.
  const docs = uploadOf(page, 'upload-docs');
  const refused = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
  await docs.locator('input[type=file]').setInputFiles({
    name: 'evil.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\u0090\u0000 not a document'),
  });
  expect((await refused).status()).toBe(400);
  await expect(page.getByText(/^evil\.pdf .*不支持的文件类型/)).toBeVisible();
  await expect(docs.locator('.ant-upload-list-item-error')).toHaveCount(1);
  await expect(valueOf(page, 'upload-docs')).toHaveText('[]');
  // A documents-only field refuses an image before any request; a document is kept as a file object.
  let requested = false;
  const watch = (r: { url(): string }) => {
    if (r.url().includes('/sys/common/upload')) requested = true;
  };
  page.on('request', watch);
  await docs.locator('input[type=file]').setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByText('请上传文件')).toBeVisible();
  expect(requested).toBe(false);

  // The image field refuses a non-image before any request, then takes a real image.
  const images = uploadOf(page, 'upload-image');
  await images.locator('input[type=file]').setInputFiles(text('notes.txt'));
  await expect(page.getByText('请上传图片')).toBeVisible();
  expect(requested).toBe(false);
  page.off('request', watch);
  const stored = page.waitForResponse((r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST');
  await images.locator('input[type=file]').setInputFiles({ name: 'pixel.gif', mimeType: 'image/gif', buffer: GIF });
  expect((await stored).status()).toBe(200);
  await expect(valueOf(page, 'upload-image')).toHaveText(/^temp\/\d{8}\/[0-9a-f]{32}\.gif$/);
  await expect(
    images.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-error)'),
  ).toHaveCount(1);

  // The upload modal: 600 wide, at most 10 files, hands back the stored paths.
  await page.getByTestId('open-upload-modal').click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('upload-modal') });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('最多可上传10个文件')).toBeVisible();
  expect(Math.round((await modal.boundingBox())!.width)).toBe(600);
  await modal.locator('input[type=file]').setInputFiles([text('a.txt'), text('b.txt')]);
  await expect(modal.locator('.ant-upload-list-item')).toHaveCount(2);
  await expect(page.getByText('b.txt 文件上传成功')).toBeVisible();
  await expect(page.getByText('a.txt 文件上传成功')).toBeVisible();
  await page.getByTestId('upload-modal-ok').click();
  await expect(valueOf(page, 'upload-modal')).toHaveText(
    /^temp\/\d{8}\/[0-9a-f]{32}\.txt,temp\/\d{8}\/[0-9a-f]{32}\.txt$/,
  );
});

test('linked dropdowns: choosing a level loads the next and clears the levels after it', async ({ page }) => {
  await openGallery(page);
  const demo = page.getByTestId('demo-linked');
  const level = (n: number) => demo.getByTestId(`linked-select-${n}`);
  await expect(level(1)).toHaveClass(/ant-select-disabled/);

  await chooseOption(page, level(0), '生产物资', { exact: true });
  await chooseOption(page, level(1), '原材料');
  await chooseOption(page, level(2), '钢材');
  await expect(valueOf(page, 'linked')).toHaveText('["A01","A01A01","A01A01A01"]');

  // Another first level: the second and third are cleared, and the second offers the new children.
  await chooseOption(page, level(0), '非生产物资');
  await expect(valueOf(page, 'linked')).toHaveText('["A02"]');
  await expect(level(1)).not.toContainText('原材料');
  await expect(level(2)).toHaveClass(/ant-select-disabled/);
  await chooseOption(page, level(1), '办公用品');
  await expect(valueOf(page, 'linked')).toHaveText('["A02","A02A01"]');
});

test('dictionary widgets over the real server: table-dictionary search, error states, category tree', async ({
  page,
}) => {
  await openGallery(page);
  await expect(page.getByTestId('demo-dict-error').getByTestId('widget-error')).toHaveText('字典Code不能为空!');
  await expect(page.getByTestId('demo-search-error').getByTestId('widget-error')).toHaveText(
    '表字典搜索组件参数接收有误,请检查字典配置!',
  );
  await expect(page.getByTestId('demo-tree-error').getByTestId('widget-error')).toHaveText(
    '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  );
  // Stored values show their labels from loadDictItem.
  await expect(page.getByTestId('demo-search-multi')).toContainText('系统管理员');

  const search = page.getByTestId('demo-search');
  await search.locator('.ant-select').click();
  await search.locator('input').fill('采购');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '采购员王敏' })
    .click();
  await expect(valueOf(page, 'search')).toHaveText('buyer');

  await expect(page.getByTestId('demo-area-cascader')).toContainText('南山区');
});

test('category administration: codes per level, leaves only are deleted', async ({ page }) => {
  await enter(page);
  await openMenu(page, '系统管理', '分类字典', /\/isystem\/category$/);
  await expect(page.getByText('生产物资', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: /新增分类/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增分类' });
  await dialog.getByPlaceholder('请输入分类名称').fill('信息化服务');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const root = page.locator('tr', { hasText: '信息化服务' });
  await expect(root).toContainText('A04');

  await root.getByText('添加下级').click();
  const child = page.locator('.ant-modal').filter({ hasText: '添加下级分类（信息化服务）' });
  await child.getByPlaceholder('请输入分类名称').fill('软件开发');
  await child.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('tr', { hasText: '软件开发' })).toContainText('A04A01');

  // A category with children stays.
  await root.getByText('删除').click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden)')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('该分类下有下级分类，不能删除')).toBeVisible();
  await page.locator('tr', { hasText: '软件开发' }).getByText('删除').click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden)')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('tr', { hasText: '软件开发' })).toHaveCount(0);
});
