import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/**
 * attachments inherit the access rule of their document, for documents other than the
 * sample request (whose test report is covered in sample.test.ts).
 */
let s: TestServer;
let storage: string;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let sup1: string;

beforeAll(async () => {
  storage = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-docfiles-'));
  s = await startTestServer({ STORAGE_DIR: storage });
  sup1 = (
    await s.ctx.db
      .selectFrom('sysUser')
      .select('supplierId')
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow()
  ).supplierId!;
  await twoDemoSuppliers(s);
  [admin, buyer, supplier1, supplier2] = await demoTokens(s);
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(storage, { recursive: true, force: true });
});

async function uploadAs(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('biz', 'supplier');
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.from(`%PDF-1.4\n${name}\n`))], { type: 'application/pdf' }),
    name,
  );
  const res = await fetch(`${s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Access-Token': token },
  });
  return ((await res.json()) as { message: string }).message;
}
const read = (stored: string, token?: string) =>
  fetch(`${s.base}/sys/common/static/${stored}`, { headers: token ? { 'X-Access-Token': token } : {} });

describe('X-11: change request evidence', () => {
  it('X-11: the supplier reads the evidence a buyer filed on its behalf; another supplier gets 404', async () => {
    const evidence = await uploadAs(buyer, '新营业执照.pdf');
    expect((await read(evidence, supplier1)).status).toBe(404);
    const now = (
      await s.request<Record<string, unknown>>('GET', `/supplierChange/currentOf?supplierId=${sup1}`, { token: buyer })
    ).body.result;
    const res = await s.request('POST', `/supplierChange/submitFor?supplierId=${sup1}`, {
      token: buyer,
      body: { ...now, legalPerson: '周九', reason: '法人变更', files: evidence },
    });
    expect(res.body).toMatchObject({ success: true });

    const mine = await read(evidence, supplier1);
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain('新营业执照.pdf');
    expect((await read(evidence, supplier2)).status).toBe(404);
    expect((await read(evidence)).status).toBe(401);
  });
});

describe('X-11: company documents', () => {
  it('X-11: another account of the same supplier reads the licence and certificate files; another supplier gets 404', async () => {
    const added = await s.request('POST', '/sys/user/addSupplierUser', {
      token: admin,
      body: {
        username: 'sup1_colleague',
        realname: '同事小李',
        password: 'Colleague#2026',
        confirmpassword: 'Colleague#2026',
        phone: '13811113333',
        supplierId: sup1,
      },
    });
    expect(added.body).toMatchObject({ success: true });
    const colleague = await s.login('sup1_colleague', 'Colleague#2026');

    const licence = await uploadAs(supplier1, '营业执照.pdf');
    const certificate = await uploadAs(supplier1, '质量体系证书.pdf');
    expect((await read(licence, colleague)).status).toBe(404); // not on the profile yet
    await s.ctx.db.updateTable('supplier').set({ businessLicenseFile: licence }).where('id', '=', sup1).execute();
    const typeCode = (
      await s.ctx.db
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as d', 'd.id', 'i.dictId')
        .select('i.itemValue')
        .where('d.dictCode', '=', 'srm_qualification_type')
        .executeTakeFirstOrThrow()
    ).itemValue;
    const add = await s.request('POST', '/supplierBaseAPI/qualification/add', {
      token: supplier1,
      body: { typeCode, certNo: `${typeCode}-X11`, files: certificate },
    });
    expect(add.body).toMatchObject({ success: true });

    for (const stored of [licence, certificate]) {
      expect((await read(stored, colleague)).status).toBe(200);
      expect((await read(stored, supplier2)).status).toBe(404);
    }
  });
});
