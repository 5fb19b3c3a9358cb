import zlib from 'node:zlib';
import { expect, test } from './fixtures.js';
import { enter, openMenu } from './helpers.js';

// The tests take one signed-in page in turn (fixtures.ts): the back office boots once for the file.
test.use({ user: 'admin', shareContext: true });

// 门户设计 (issue 5; spec part 1 §3, part 2 §7): the administrator edits the advanced
// template's hero title and logo on the back office designer, saves, and the portal shows them.
const API = '/jeecg-boot';

/** A small valid PNG (solid colour) made here, so no binary fixture is checked in. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('admin edits the hero title and uploads a logo on 门户设计; the saved page shows on /proHome', async ({
  page,
  context,
  request,
}) => {
  const title = `E2E门户标题${Date.now().toString(36)}`;
  await enter(page);
  await openMenu(page, '门户管理', '门户设计', /\/portal-admin\/designer/);
  const designer = page.getByTestId('page-designer');
  await page.getByTestId('designer-template').getByText('高级版').click();
  await expect(page).toHaveURL(/template=pro/);
  await expect(designer).toHaveAttribute('data-template', 'pro');
  await expect(page.getByTestId('preview-hero-title')).not.toBeEmpty();
  // Issue 19 item 7: the preview's figures are the portal's live ones (a keyed stat), its
  // announcements the published ones, and the white title sits on the shaded hero colour.
  await expect(page.getByTestId('preview-stat').first()).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('preview-announcements').locator('li').first()).toBeVisible();
  expect(await page.getByTestId('preview-hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
    'linear-gradient',
  );
  // Preview only until 编辑模式 is switched on.
  await expect(page.getByTestId('designer-form')).toHaveCount(0);
  await expect(page.getByTestId('designer-save')).toBeDisabled();
  await page.getByTestId('designer-edit-mode').click();

  await page.locator('#designer_hero_title_text').fill(title);
  await expect(page.getByTestId('preview-hero-title')).toHaveText(title);
  await expect(designer).toHaveAttribute('data-dirty', 'true');

  // The logo goes through the upload service into the public portal folder.
  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST',
  );
  await page
    .getByTestId('designer-logo-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(8, 8, [11, 114, 133]) });
  const answer = (await (await uploaded).json()) as { success: boolean; message: string };
  expect(answer.success).toBe(true);
  expect(answer.message).toMatch(/^portal\/\d{8}\/[0-9a-f]{32}\.png$/);
  await expect(page.getByText('logo.png 文件上传成功')).toBeVisible();
  await expect(page.getByTestId('designer-logo-upload')).toHaveAttribute('data-value', answer.message);
  await expect(page.getByTestId('preview-logo').locator('img')).toHaveAttribute(
    'src',
    `${API}/sys/common/static/${answer.message}`,
  );

  await page.getByTestId('designer-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(designer).toHaveAttribute('data-dirty', 'false');

  // What the portal reads (public, no token).
  const view = await request.get(`${API}/portal/view/config?template=pro`);
  const saved = (await view.json()) as { result: { hero: { title: { text: string } }; logo: { image?: string } } };
  expect(saved.result.hero.title.text).toBe(title);
  expect(saved.result.logo.image).toBe(answer.message);
  // The logo is public: anyone can load it, served as an image with nosniff.
  const logo = await request.get(`${API}/sys/common/static/${answer.message}`);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect(logo.headers()['x-content-type-options']).toBe('nosniff');

  // 打开门户 opens the advanced home in a new tab, which shows the saved title and logo.
  const [portal] = await Promise.all([context.waitForEvent('page'), page.getByTestId('designer-open-portal').click()]);
  await portal.waitForLoadState();
  expect(new URL(portal.url()).pathname).toBe('/proHome');
  await expect(portal.getByTestId('portal-hero').locator('h1')).toHaveText(title);
  await expect(portal.getByTestId('portal-logo').locator('img')).toHaveAttribute(
    'src',
    `${API}/sys/common/static/${answer.message}`,
  );
  await portal.close();
});

test('the logo upload refuses an SVG disguised as a PNG, and a non-image before uploading', async ({ page }) => {
  await enter(page, '/portal-admin/designer?template=se');
  await expect(page.getByTestId('page-designer')).toHaveAttribute('data-template', 'se');
  await page.getByTestId('designer-edit-mode').click();
  const logo = page.getByTestId('designer-logo-upload');
  const before = await logo.getAttribute('data-value');

  // The server checks the content (UP-1): the name and the declared type do not matter.
  const refused = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
  await logo.locator('input[type=file]').setInputFiles({
    name: 'evil.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  });
  expect((await refused).status()).toBe(400);
  await expect(page.getByText('evil.png 上传失败！不支持的文件类型.')).toBeVisible();
  await expect(logo.locator('.ant-upload-list-item-error')).toHaveCount(1);
  await expect(logo).toHaveAttribute('data-value', before ?? '');

  // An image field refuses a non-image before any request.
  let requested = false;
  page.on('request', (r) => {
    if (r.url().includes('/sys/common/upload')) requested = true;
  });
  await logo
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await expect(page.getByText('请上传图片')).toBeVisible();
  expect(requested).toBe(false);
  await expect(page.getByTestId('page-designer')).toHaveAttribute('data-dirty', 'false');
});
