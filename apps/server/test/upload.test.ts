import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/ids.js';
import { startTestServer, type TestServer } from './harness.js';

/** The upload service and static file serving (spec part 2 §7; jeecg-api §7.1–7.2; security UP-1..UP-7). */
let s: TestServer;
let storage: string;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;

/** A tiny valid PNG (1×1, transparent). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082',
  'hex',
);

/** Grants `portal:config` to the admin role when base data does not have it yet (the portal module adds it). */
async function ensurePortalConfigPermission(): Promise<void> {
  const db = s.ctx.db;
  let perm = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('perms', '=', 'portal:config')
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!perm) {
    perm = { id: newId() };
    await db
      .insertInto('sysPermission')
      .values({
        id: perm.id,
        parentId: null,
        name: '门户配置',
        url: null,
        component: null,
        componentName: null,
        redirect: null,
        menuType: 2,
        perms: 'portal:config',
        permsType: '1',
        sortNo: 99,
        alwaysShow: 0,
        icon: null,
        isRoute: 0,
        isLeaf: 1,
        keepAlive: 0,
        hidden: 0,
        internalOrExternal: 0,
        status: '1',
        delFlag: 0,
        description: null,
        createBy: null,
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
  const linked = await db
    .selectFrom('sysRolePermission')
    .select('id')
    .where('roleId', '=', role.id)
    .where('permissionId', '=', perm.id)
    .executeTakeFirst();
  if (!linked)
    await db
      .insertInto('sysRolePermission')
      .values({ id: newId(), roleId: role.id, permissionId: perm.id, dataRuleIds: null })
      .execute();
}

beforeAll(async () => {
  // The storage root sits in a private parent, so the traversal test's look at the root's
  // siblings sees only what the server could have written, not other processes' temp files.
  storage = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'procura-files-')), 'root');
  fs.mkdirSync(storage);
  s = await startTestServer({ STORAGE_DIR: storage });
  [admin, buyer, supplier1, supplier2] = (await Promise.all(
    ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
  )) as [string, string, string, string];
  await ensurePortalConfigPermission();
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(path.dirname(storage), { recursive: true, force: true });
});

type UploadAnswer = { status: number; body: { success: boolean; message: string; result: unknown } };

async function upload(
  token: string | null,
  name: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
  type = 'image/png',
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  const res = await fetch(`${s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { 'X-Access-Token': token } : {},
  });
  return { status: res.status, body: (await res.json()) as UploadAnswer['body'] };
}

const get = (url: string, token?: string) =>
  fetch(`${s.base}/sys/common/static/${url}`, { headers: token ? { 'X-Access-Token': token } : {} });

/** Every file under the storage root, relative. */
function storedFiles(): string[] {
  return (fs.readdirSync(storage, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(storage, f)).isFile(),
  );
}

describe('POST /sys/common/upload', () => {
  it('stores a PNG under <biz>/<yyyyMMdd>/<uuid>.png and answers the stored path in message', async () => {
    const res = await upload(supplier1, '营业执照.png', PNG);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(storage, res.body.message))).toEqual(PNG);
    const row = await s.ctx.db
      .selectFrom('sysFile')
      .selectAll()
      .where('path', '=', res.body.message)
      .executeTakeFirstOrThrow();
    const owner = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      originalName: '营业执照.png',
      fileSize: PNG.length,
      contentType: 'image/png',
      ownerId: owner.id,
      isPublic: 0,
    });
  });

  it('takes an allow-listed biz folder and office, pdf and text files by content', async () => {
    const pdf = await upload(buyer, 'spec.pdf', Buffer.from('%PDF-1.4\n%…\n'), { biz: 'contract' }, 'application/pdf');
    expect(pdf.body.message).toMatch(/^contract\/\d{8}\/[0-9a-f]{32}\.pdf$/);
    const xlsx = await upload(
      buyer,
      'list.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]),
      { biz: 'order/items' },
    );
    expect(xlsx.body.message).toMatch(/^order\/items\/\d{8}\/[0-9a-f]{32}\.xlsx$/);
    const csv = await upload(buyer, 'a.csv', '编码,名称\nA1,螺栓\n', {}, 'text/csv');
    expect(csv.body.message).toMatch(/\.csv$/);
  });

  it('refuses content that is not what it claims, and dangerous kinds whatever their name (UP-1)', async () => {
    const before = storedFiles().length;
    const cases: [string, Buffer | string][] = [
      ['x.png', '<html><script>alert(1)</script></html>'],
      ['x.png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['x.html', '<html></html>'],
      ['x.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)])],
      ['x.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)])],
      ['x.jsp', PNG],
      ['x.png%00.jsp', PNG],
      ['x.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)])],
      ['x.txt', Buffer.from([0x41, 0x00, 0x42])],
    ];
    for (const [name, content] of cases) {
      const res = await upload(admin, name, content);
      expect(res.status, name).toBe(400);
      expect(res.body.success, name).toBe(false);
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an oversize file (limit + 1 byte) with 413 and keeps nothing (UP-7)', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(admin, 'big.png', big);
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('5MB');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses traversal and unknown folders in biz and creates nothing outside the root (UP-3)', async () => {
    for (const biz of [
      '..',
      '../',
      '..%2f',
      '%2e%2e',
      '/etc',
      'C:\\',
      '~',
      'a/../../b',
      'temp/../../x',
      'temp/..',
      'temp/a/b',
      'unknown',
      'temp/.hidden',
    ]) {
      const res = await upload(admin, 'a.png', PNG, { biz });
      expect(res.status, biz).toBe(400);
      expect(res.body.message, biz).toContain('业务目录');
    }
    expect(fs.readdirSync(path.dirname(storage)).filter((f) => f === 'x' || f === 'b')).toEqual([]);
  });

  it('keeps a traversal file name only as metadata, stored under a generated name (UP-2)', async () => {
    const res = await upload(admin, '../../evil.png', PNG);
    expect(res.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    const row = await s.ctx.db
      .selectFrom('sysFile')
      .select('originalName')
      .where('path', '=', res.body.message)
      .executeTakeFirstOrThrow();
    expect(row.originalName).toBe('evil.png');
    expect(fs.existsSync(path.resolve(storage, '../../evil.png'))).toBe(false);
  });

  it('takes one file per request: a second file is refused and nothing is stored for it', async () => {
    const before = storedFiles().length;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    const res = await fetch(`${s.base}/sys/common/upload`, {
      method: 'POST',
      body: form,
      headers: { 'X-Access-Token': admin },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('一次只能上传一个文件');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an anonymous upload, and a portal (public) upload without portal:config', async () => {
    expect((await upload(null, 'a.png', PNG)).status).toBe(401);
    expect((await upload(buyer, 'a.png', PNG, { biz: 'portal' })).status).toBe(403);
    const pdf = await upload(admin, 'a.pdf', Buffer.from('%PDF-1.4\n'), { biz: 'portal' });
    expect(pdf.status).toBe(400);
  });
});

describe('GET /sys/common/static/*', () => {
  let privatePng: string;
  let privatePdf: string;
  let publicPng: string;
  beforeAll(async () => {
    privatePng = (await upload(supplier1, 'logo a;b.png', PNG)).body.message;
    privatePdf = (await upload(supplier1, '报价单.pdf', Buffer.from('%PDF-1.4\n<html>'), {}, 'application/pdf')).body
      .message;
    publicPng = (await upload(admin, 'banner.png', PNG, { biz: 'portal' })).body.message;
  });

  it('serves a public portal image to anyone, inline, with safe headers', async () => {
    expect(publicPng).toMatch(/^portal\/\d{8}\/[0-9a-f]{32}\.png$/);
    const res = await get(publicPng);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="banner.png"/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    // JeecgBoot clients may leave the trailing comma of a joined value.
    expect((await get(`${publicPng},`)).status).toBe(200);
  });

  it('serves a private file only to its owner and internal users (UP-5)', async () => {
    expect((await get(privatePng)).status).toBe(401);
    expect((await get(privatePng, supplier1)).status).toBe(200);
    expect((await get(privatePng, buyer)).status).toBe(200);
    expect((await get(privatePng, admin)).status).toBe(200);
    const other = await get(privatePng, supplier2);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('PNG');
  });

  it('keeps the private files of a tenant to its members (UP-5)', async () => {
    const tenant = async (name: string) => {
      const res = await s.request<{ id: number }>('POST', '/sys/tenant/add', {
        token: admin,
        body: { name, status: 1 },
      });
      expect(res.body.success, res.body.message).toBe(true);
      return res.body.result.id;
    };
    const [t1, t2] = [await tenant('文件租户一'), await tenant('文件租户二')];
    const role = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const member = async (username: string, relTenantIds: string) => {
      const res = await s.request('POST', '/sys/user/add', {
        token: admin,
        body: { username, realname: username, password: 'Files#2026', selectedroles: role.id },
      });
      expect(res.body.success, res.body.message).toBe(true);
      await s.ctx.db.updateTable('sysUser').set({ relTenantIds }).where('username', '=', username).execute();
      return s.login(username, 'Files#2026');
    };
    const [a1, b1, c2] = [
      await member('file_a1', `${t1}`),
      await member('file_b1', `${t1},${t2}`),
      await member('file_c2', `${t2}`),
    ];
    const stored = (await upload(a1, 'plan.pdf', Buffer.from('%PDF-1.4\n'), {}, 'application/pdf')).body.message;
    expect(
      (await s.ctx.db.selectFrom('sysFile').select('tenantId').where('path', '=', stored).executeTakeFirstOrThrow())
        .tenantId,
    ).toBe(t1);
    expect((await get(stored, a1)).status).toBe(200);
    expect((await get(stored, b1)).status).toBe(200);
    expect((await get(stored, c2)).status).toBe(404);
    expect((await get(stored, admin)).status).toBe(404);
  });

  it('keeps the platform tenant’s files from another tenant’s buyer, and theirs from the platform (issue 16 #6)', async () => {
    // The demo's second tenant (1000): hdbuyer works in it only; buyer has no tenant (the platform, 0).
    const hdbuyer = await s.login('hdbuyer');
    const pdf = Buffer.from('%PDF-1.4\n');
    const platformFile = (await upload(buyer, 'platform.pdf', pdf, { biz: 'sourcing' }, 'application/pdf')).body
      .message;
    const tenantFile = (await upload(hdbuyer, 'tenant.pdf', pdf, { biz: 'sourcing' }, 'application/pdf')).body.message;
    const tenantOf = async (stored: string) =>
      (await s.ctx.db.selectFrom('sysFile').select('tenantId').where('path', '=', stored).executeTakeFirstOrThrow())
        .tenantId;
    expect([await tenantOf(platformFile), await tenantOf(tenantFile)]).toEqual([0, 1000]);

    const refused = await get(platformFile, hdbuyer);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('PDF');
    expect((await get(tenantFile, buyer)).status).toBe(404);
    expect((await get(tenantFile, admin)).status).toBe(404);
    // Each reads its own tenant's file.
    expect((await get(platformFile, admin)).status).toBe(200);
    expect((await get(tenantFile, hdbuyer)).status).toBe(200);
  });

  it('serves non-images as attachments with a sanitised name (UP-6)', async () => {
    const res = await get(privatePdf, supplier1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('报价单.pdf')}`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const quoted = await get(privatePng, supplier1);
    expect(quoted.headers.get('content-disposition')).toMatch(
      /^inline; filename="logo_a_b.png"; filename\*=UTF-8''logo%20a%3Bb.png$/,
    );
  });

  it('names stored files by their original names, only those the user may read; the download is named so too', async () => {
    const names = async (paths: string[], token?: string) => {
      const res = await fetch(`${s.base}/sys/common/fileNames?paths=${encodeURIComponent(paths.join(','))}`, {
        headers: token ? { 'X-Access-Token': token } : {},
      });
      return { status: res.status, body: (await res.json()) as { result: Record<string, string> } };
    };
    const both = [privatePng, privatePdf, 'temp/../../etc/passwd'];
    expect((await names(both, supplier1)).body.result).toEqual({
      [privatePng]: 'logo a;b.png',
      [privatePdf]: '报价单.pdf',
    });
    expect((await names(both, buyer)).body.result[privatePdf]).toBe('报价单.pdf');
    const other = await names(both, supplier2);
    expect(other.body.result, JSON.stringify(other.body)).toEqual({});
    expect((await names(both)).status).toBe(401);
    const quoted = (await upload(supplier1, "it's (v2).pdf", Buffer.from('%PDF-1.4\n'), {}, 'application/pdf')).body
      .message;
    expect((await get(quoted, supplier1)).headers.get('content-disposition')).toBe(
      `attachment; filename="it_s__v2_.pdf"; filename*=UTF-8''it%27s%20%28v2%29.pdf`,
    );
  });

  it('answers 404 for traversal, absolute paths, unknown files and files without a record (UP-4)', async () => {
    fs.mkdirSync(path.join(storage, 'temp', '20260101'), { recursive: true });
    const planted = `temp/20260101/${'a'.repeat(32)}.png`;
    fs.writeFileSync(path.join(storage, planted), PNG);
    fs.mkdirSync(path.join(storage, 'import-logs', 'u'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'import-logs', 'u', 'x.txt'), 'secret');
    const attempts = [
      '../../../../etc/passwd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%5c..%5cwindows',
      '%252e%252e%252fetc%252fpasswd',
      '%2Fetc%2Fpasswd',
      '/etc/passwd',
      publicPng.replace(/^portal\//, 'portal/..%2Fportal/'),
      publicPng.replace(/^portal\//, 'temp/..%2F..%2Fportal/'),
      'import-logs/u/x.txt',
      planted,
      `temp/20260101/${'b'.repeat(32)}.png`,
    ];
    for (const attempt of attempts) {
      const res = await fetch(`${s.base}/sys/common/static/${attempt}`, { headers: { 'X-Access-Token': admin } });
      expect([400, 404], attempt).toContain(res.status);
      const text = await res.text();
      expect(text, attempt).not.toContain('root:');
      expect(text, attempt).not.toContain('secret');
    }
  });

  it('does not follow a symlink planted over a stored file out of the root (UP-4)', async () => {
    const victim = (await upload(admin, 'v.png', PNG)).body.message;
    const outside = path.join(os.tmpdir(), `procura-outside-${process.pid}.txt`);
    fs.writeFileSync(outside, 'outside');
    fs.rmSync(path.join(storage, victim));
    fs.symlinkSync(outside, path.join(storage, victim));
    const res = await get(victim, admin);
    expect(res.status).toBe(404);
    fs.rmSync(outside, { force: true });
  });
});
