import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer } from './harness.js';

/** `POST /sys/user/importExcel` as the stock JeecgBoot user list sends it (jeecg-api.md §4.6). */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

type ImportAnswer = {
  success: boolean;
  code: number;
  message: string;
  result: { successCount: number; errorCount: number; msg?: string; fileUrl?: string; fileName?: string };
};

const HEADER = ['登录账号', '真实姓名', '密码', '性别', '手机号码', '电子邮件', '工号'];

/** A workbook laid out as JeecgBoot's export: two title rows, then the header. */
async function workbook(rows: unknown[][], titleRows = 2): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户信息');
  if (titleRows >= 1) sheet.addRow(['用户列表数据']);
  if (titleRows >= 2) sheet.addRow(['导出人:管理员']);
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return new Blob([await book.xlsx.writeBuffer()]);
}

async function upload(token: string, file: Blob): Promise<{ status: number; body: ImportAnswer }> {
  const form = new FormData();
  form.append('file', file, 'users.xlsx');
  const res = await fetch(`${s.base}/sys/user/importExcel`, {
    method: 'POST',
    headers: { 'X-Access-Token': token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ImportAnswer };
}

const userRow = (username: string) =>
  s.ctx.db
    .selectFrom('sysUser')
    .select(['username', 'realname', 'sex', 'phone', 'email', 'workNo', 'relTenantIds', 'passwordHash'])
    .where('username', '=', username)
    .executeTakeFirst();

describe('POST /sys/user/importExcel', () => {
  it('imports every row of a good file; the imported users sign in with their passwords', async () => {
    const { body } = await upload(
      admin,
      await workbook([
        ['import_a', '导入用户甲', 'Import@2026a', '男', '13900001111', 'a@example.com', 'W001'],
        ['import_b', '导入用户乙', 'Import@2026b', '女', '', '', ''],
      ]),
    );
    expect(body).toMatchObject({ success: true, message: '共2行数据全部导入成功！', result: { successCount: 2 } });
    expect(await userRow('import_a')).toMatchObject({
      realname: '导入用户甲',
      sex: 1,
      phone: '13900001111',
      email: 'a@example.com',
      workNo: 'W001',
      relTenantIds: '',
    });
    expect((await userRow('import_b'))?.sex).toBe(2);
    expect(await s.login('import_b', 'Import@2026b')).toBeTruthy();
  });

  it('reports the bad rows (code 201 with a log) and imports only the good ones, as the resource import does', async () => {
    const { body } = await upload(
      admin,
      await workbook([
        ['import_c', '导入用户丙', 'Import@2026c', '', '', '', ''],
        ['import_d', '导入用户丁', '123456', '', '', '', ''],
        ['admin', '重名', 'Import@2026x', '', '', '', ''],
        ['import_c', '重复行', 'Import@2026c', '', '', '', ''],
        ['import_e', '', 'Import@2026e', '', '12', '', ''],
      ]),
    );
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { successCount: 1, errorCount: 4, msg: '总上传行数：5，已导入行数：1，错误行数：4' },
    });
    expect(body.result.fileName).toMatch(/^userImportExcelErrorLog\d+\.txt$/);
    const log = await (await fetch(`${s.base}${body.result.fileUrl}`, { headers: { 'X-Access-Token': admin } })).text();
    expect(log).toContain('第5行');
    expect(log).toContain('用户账号已存在');
    expect(log).toContain('与第4行重复');
    expect(log).toContain('请输入用户姓名');
    expect(await userRow('import_c')).toBeTruthy();
    for (const name of ['import_d', 'import_e']) expect(await userRow(name)).toBeUndefined();
    expect((await userRow('admin'))?.realname).not.toBe('重名');
  });

  it('reads a sheet whose header is the first row, and refuses one without the user columns', async () => {
    const plain = await upload(admin, await workbook([['import_f', '导入用户戊', 'Import@2026f']], 0));
    expect(plain.body.success).toBe(true);
    expect(await userRow('import_f')).toBeTruthy();
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['名称', '备注']);
    const wrong = await upload(admin, new Blob([await book.xlsx.writeBuffer()]));
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.message).toContain('表头与导入模板不一致');
  });

  it('a tenant administrator imports into its own tenant; a user without the permission is refused', async () => {
    const hdadmin = await s.login('hdadmin');
    const { body } = await upload(hdadmin, await workbook([['import_hd', '华东导入用户', 'Import@2026h']]));
    expect(body.success, body.message).toBe(true);
    expect((await userRow('import_hd'))?.relTenantIds).toBe('1000');
    const buyer = await s.login('buyer');
    const refused = await upload(buyer, await workbook([['import_buyer', '不应导入', 'Import@2026z']]));
    expect(refused.status).toBe(403);
    expect(await userRow('import_buyer')).toBeUndefined();
  });
});
