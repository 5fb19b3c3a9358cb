import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/** Sample requests (domain §7): every transition allowed and refused, SMP-1, SMP-2, SMP-4, X-3, X-5, X-12, X-13, X-15. */
type Row = Record<string, unknown> & { id: string; code: string; status: string };

let s: TestServer;
let storage: string;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let approvedId: string;
let freshId: string;
let materialId: string;

const future = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  storage = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-sample-'));
  s = await startTestServer({ STORAGE_DIR: storage });
  const db = s.ctx.db;
  ({ approvedId, freshId } = await twoDemoSuppliers(s));
  [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  materialId = (
    await db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(storage, { recursive: true, force: true });
});

const draftValues = (supplierId: string, extra: Record<string, unknown> = {}) => ({
  supplierId,
  materialId,
  purpose: 'ADMISSION',
  qty: '5',
  unit: 'PCS',
  requiredBy: future(7),
  receiverName: '王工',
  receiverPhone: '13800000000',
  receiveAddress: '上海市浦东新区张江路1号 质量部',
  ...extra,
});
const post = (action: string, body: unknown, token: string) =>
  s.request('POST', `/srm/sampleRequest/${action}`, { token, body });
const row = (id: string) =>
  s.ctx.db.selectFrom('srmSampleRequest').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function draft(supplierId = approvedId, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await s.request<{ id: string }>('POST', '/srm/sampleRequest/add', {
    token: buyer,
    body: draftValues(supplierId, extra),
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
}
/** A request moved on to `status` by the proper actors. */
async function at(
  status: 'SENT' | 'CONFIRMED' | 'SHIPPED' | 'RECEIVED' | 'TESTED',
  supplierId = approvedId,
  token = supplier1,
): Promise<string> {
  const id = await draft(supplierId);
  const steps: [string, unknown, string][] = [
    ['send', { id }, buyer],
    ['confirm', { id }, token],
    ['ship', { id, shipMethod: 'EXPRESS', carrier: '顺丰速运', trackingNo: 'SF1234567890' }, token],
    ['receive', { id, receivedQty: '5' }, buyer],
    ['test', { id, testResult: 'PASS', testReport: '尺寸、硬度均符合图纸要求' }, admin],
  ];
  const order = ['SENT', 'CONFIRMED', 'SHIPPED', 'RECEIVED', 'TESTED'];
  for (const [action, body, who] of steps.slice(0, order.indexOf(status) + 1))
    expect((await post(action, body, who)).body).toMatchObject({ success: true });
  return id;
}
/** Links a role to an existing permission code (as 角色授权 would). */
async function grant(roleCode: string, perms: string) {
  const db = s.ctx.db;
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).executeTakeFirstOrThrow();
  const perm = await db.selectFrom('sysPermission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow();
  await db
    .insertInto('sysRolePermission')
    .values({ id: newId(), roleId: role.id, permissionId: perm.id, dataRuleIds: null })
    .execute();
}
const noticesOf = async (username: string, busId: string) => {
  const user = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return s.ctx.db
    .selectFrom('sysAnnouncement as a')
    .innerJoin('sysAnnouncementSend as d', 'd.anntId', 'a.id')
    .select(['a.titile', 'a.openPage'])
    .where('d.userId', '=', user.id)
    .where('a.busType', '=', 'sample')
    .where('a.busId', '=', busId)
    .execute();
};

describe('drafts (X-3, X-13, X-14)', () => {
  it('a buyer creates a draft with a generated SMP code and the material snapshot; status cannot be set by the form', async () => {
    const forged = await s.request('POST', '/srm/sampleRequest/add', {
      token: buyer,
      body: draftValues(approvedId, { status: 'TESTED', testResult: 'PASS' }),
    });
    expect(forged.body.success).toBe(false);
    const id = await draft();
    const r = await row(id);
    expect(r.code).toMatch(/^SMP-\d{8}-\d{4}$/);
    expect(r.status).toBe('DRAFT');
    expect(r.testResult).toBeNull();
    const m = await s.ctx.db
      .selectFrom('srmMaterial')
      .select(['name', 'categoryId'])
      .where('id', '=', materialId)
      .executeTakeFirstOrThrow();
    expect(r.materialName.startsWith(m.name)).toBe(true);
    expect(r.categoryId).toBe(m.categoryId);
  });

  it('a free description needs a category; quantity and date are checked', async () => {
    const noCategory = await s.request('POST', '/srm/sampleRequest/add', {
      token: buyer,
      body: draftValues(approvedId, { materialId: null, description: '定制垫片' }),
    });
    expect(noCategory.body.message).toBe('未选择物料时请选择物料分类');
    const categoryId = (
      await s.ctx.db
        .selectFrom('srmMaterial')
        .select('categoryId')
        .where('id', '=', materialId)
        .executeTakeFirstOrThrow()
    ).categoryId;
    const described = await draft(approvedId, { materialId: null, description: '定制垫片 Φ20', categoryId });
    expect(await row(described)).toMatchObject({ materialId: null, materialName: '定制垫片 Φ20', categoryId });
    const zero = await s.request('POST', '/srm/sampleRequest/add', {
      token: buyer,
      body: draftValues(approvedId, { qty: '0' }),
    });
    expect(zero.body.message).toBe('样品数量必须大于0');
    const past = await s.request('POST', '/srm/sampleRequest/add', {
      token: buyer,
      body: draftValues(approvedId, { requiredBy: '2020-01-01' }),
    });
    expect(past.body.message).toBe('要求送样日期不能早于今天');
  });

  it('X-3, X-13: only drafts are edited or deleted; a sent request is cancelled instead', async () => {
    const id = await at('SENT');
    const edit = await s.request('PUT', '/srm/sampleRequest/edit', { token: buyer, body: { id, qty: '9' } });
    expect(edit.body.message).toBe('只有草稿状态的送样申请可以修改');
    const del = await s.request('DELETE', `/srm/sampleRequest/delete?id=${id}`, { token: buyer });
    expect(del.body.success).toBe(false);
    expect((await row(id)).qty).toBe('5');
    const mine = await draft();
    expect((await s.request('DELETE', `/srm/sampleRequest/delete?id=${mine}`, { token: buyer })).body.success).toBe(
      true,
    );
  });

  it('suppliers cannot create, edit or delete requests', async () => {
    expect(
      (await s.request('POST', '/srm/sampleRequest/add', { token: supplier1, body: draftValues(approvedId) })).status,
    ).toBe(403);
    expect(
      (await s.request('PUT', '/srm/sampleRequest/edit', { token: supplier1, body: { id: await draft(), qty: '1' } }))
        .status,
    ).toBe(403);
  });
});

describe('the path of §7: send → confirm → ship → receive → test → close', () => {
  it('moves through every state, logs each transition and notifies the supplier and the buyer (X-12)', async () => {
    const id = await draft();
    expect((await post('send', { id }, buyer)).body).toMatchObject({
      success: true,
      message: '送样申请已发送给供应商',
    });
    expect(await noticesOf('supplier1', id)).toEqual([expect.objectContaining({ openPage: '/srm/my-samples' })]);
    expect((await post('confirm', { id, remark: '三天内寄出' }, supplier1)).body.message).toBe('已确认送样');
    expect(
      (
        await post(
          'ship',
          { id, shipMethod: 'EXPRESS', carrier: '顺丰速运', trackingNo: 'SF1234567890', estimatedArrival: future(3) },
          supplier1,
        )
      ).body.message,
    ).toBe('样品已寄出');
    const buyerNotices = await noticesOf('buyer', id);
    expect(buyerNotices.map((n) => n.titile)).toContain('供应商已寄出样品');
    expect((await post('receive', { id, receivedQty: '5' }, buyer)).body.message).toBe('样品已签收');
    expect((await post('test', { id, testResult: 'PASS', testReport: '符合要求' }, admin)).body.message).toBe(
      '测试结果已保存',
    );
    expect((await post('close', { id }, buyer)).body.message).toBe('送样申请已关闭');
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'CLOSED',
      supplierRemark: '三天内寄出',
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
      receivedQty: '5',
      testResult: 'PASS',
      testedBy: 'admin',
    });
    const logs = await s.request<{ action: string; fromStatus: string; toStatus: string; actorKind: string }[]>(
      'GET',
      `/srm/sampleRequest/logs?id=${id}`,
      { token: buyer },
    );
    expect(logs.body.result.map((l) => `${l.action}:${l.fromStatus}>${l.toStatus}:${l.actorKind}`)).toEqual([
      'send:DRAFT>SENT:INTERNAL',
      'confirm:SENT>CONFIRMED:SUPPLIER',
      'ship:CONFIRMED>SHIPPED:SUPPLIER',
      'receive:SHIPPED>RECEIVED:INTERNAL',
      'test:RECEIVED>TESTED:INTERNAL',
      'close:TESTED>CLOSED:INTERNAL',
    ]);
  });

  it('the supplier refuses with a reason; the buyer is told', async () => {
    const id = await at('SENT');
    const empty = await post('refuse', { id, reason: '  ' }, supplier1);
    expect(empty.body.success).toBe(false);
    expect((await post('refuse', { id, reason: '该型号已停产' }, supplier1)).body.message).toBe('已拒绝送样');
    expect(await row(id)).toMatchObject({ status: 'REFUSED', supplierRemark: '该型号已停产' });
    expect((await noticesOf('buyer', id)).map((n) => n.titile)).toContain('供应商拒绝送样');
  });

  it('the buyer cancels a draft or a sent request, not a confirmed one', async () => {
    expect((await post('cancel', { id: await draft() }, buyer)).body.message).toBe('送样申请已取消');
    const sent = await at('SENT');
    expect((await post('cancel', { id: sent, reason: '需求取消' }, buyer)).body.success).toBe(true);
    expect((await noticesOf('supplier1', sent)).map((n) => n.titile)).toContain('送样申请已取消');
    const confirmed = await at('CONFIRMED');
    expect((await post('cancel', { id: confirmed }, buyer)).body.message).toBe(
      '只有草稿或待供应商确认的送样申请可以取消，当前状态：已确认',
    );
  });
});

describe('transitions out of turn are refused and change nothing', () => {
  const cases: [
    string,
    'draft' | 'SENT' | 'CONFIRMED' | 'SHIPPED' | 'RECEIVED' | 'TESTED',
    Record<string, unknown>,
    () => string,
    string,
  ][] = [
    ['send', 'SENT', {}, () => buyer, '只有草稿状态的送样申请可以发送，当前状态：已发送'],
    ['confirm', 'CONFIRMED', {}, () => supplier1, '只有待确认的送样申请可以确认，当前状态：已确认'],
    ['refuse', 'CONFIRMED', { reason: '不做了' }, () => supplier1, '只有待确认的送样申请可以拒绝，当前状态：已确认'],
    [
      'ship',
      'SENT',
      { shipMethod: 'EXPRESS', carrier: '顺丰', trackingNo: 'SF1' },
      () => supplier1,
      '只有已确认的送样申请可以寄出样品，当前状态：已发送',
    ],
    ['receive', 'CONFIRMED', { receivedQty: '1' }, () => buyer, '只有已寄出的样品可以签收，当前状态：已确认'],
    [
      'test',
      'SHIPPED',
      { testResult: 'PASS', testReport: 'ok' },
      () => admin,
      '只有已签收的样品可以录入测试结果，当前状态：已寄出',
    ],
    ['close', 'RECEIVED', {}, () => buyer, '只有已测试的送样申请可以关闭，当前状态：已签收'],
    [
      'test',
      'TESTED',
      { testResult: 'FAIL', testReport: 'again' },
      () => admin,
      '只有已签收的样品可以录入测试结果，当前状态：已测试',
    ],
  ];
  it.each(cases)('%s from %s', async (action, status, body, token, message) => {
    const id = status === 'draft' ? await draft() : await at(status);
    const before = await row(id);
    const res = await post(action, { id, ...body }, token());
    expect(res.body).toMatchObject({ success: false, message });
    expect(await row(id)).toEqual(before);
  });
});

describe('SMP-1: only the addressed supplier confirms, refuses or ships; shipping needs tracking or a delivery note', () => {
  it('another supplier does not even see the request; the buyer cannot act for the supplier', async () => {
    const id = await at('SENT');
    for (const action of ['confirm', 'refuse', 'ship']) {
      const res = await post(action, { id, reason: '不是我的', shipMethod: 'HAND', deliveryNote: 'x' }, supplier2);
      expect(res.body).toMatchObject({ success: false, message: '送样申请不存在' });
    }
    // Internal roles hold no supplier codes; and were one granted them, the request is still not theirs to answer.
    expect((await post('confirm', { id }, buyer)).status).toBe(403);
    expect((await post('ship', { id, shipMethod: 'HAND', deliveryNote: 'x' }, admin)).status).toBe(403);
    await grant('admin', 'sampleRequest:confirm');
    expect((await post('confirm', { id }, await s.login('admin'))).body).toMatchObject({
      message: '只有被要求送样的供应商可以确认、拒绝或寄出样品',
      rules: ['SMP-1'],
    });
    expect((await row(id)).status).toBe('SENT');
  });

  it('a carrier shipment needs its tracking number; a hand delivery its note', async () => {
    const id = await at('CONFIRMED');
    expect((await post('ship', { id, shipMethod: 'EXPRESS', carrier: '顺丰速运' }, supplier1)).body).toMatchObject({
      message: '寄出样品须填写运单号',
      rules: ['SMP-1'],
    });
    expect((await post('ship', { id, shipMethod: 'HAND' }, supplier1)).body).toMatchObject({
      message: '专人送达请填写送货说明',
      rules: ['SMP-1'],
    });
    expect((await row(id)).status).toBe('CONFIRMED');
    expect(
      (await post('ship', { id, shipMethod: 'HAND', deliveryNote: '业务员张三11月25日送达' }, supplier1)).body.success,
    ).toBe(true);
    expect(await row(id)).toMatchObject({
      status: 'SHIPPED',
      deliveryNote: '业务员张三11月25日送达',
      trackingNo: null,
    });
  });

  it('suppliers cannot receive, test or close', async () => {
    const id = await at('SHIPPED');
    expect((await post('receive', { id, receivedQty: '5' }, supplier1)).status).toBe(403);
    expect((await row(id)).status).toBe('SHIPPED');
  });
});

describe('SMP-2: received quantity, report and tester', () => {
  it('received quantity must be above zero', async () => {
    const id = await at('SHIPPED');
    for (const qty of ['0', '-1', 'abc'])
      expect((await post('receive', { id, receivedQty: qty }, buyer)).body).toMatchObject({
        message: '签收数量必须大于0',
        rules: ['SMP-2'],
      });
    expect((await row(id)).status).toBe('SHIPPED');
  });

  it('a result needs a report, and the requesting buyer cannot test', async () => {
    const id = await at('RECEIVED');
    expect((await post('test', { id, testResult: 'PASS' }, admin)).body).toMatchObject({
      message: '测试结果须附测试报告（文字或附件）',
      rules: ['SMP-2'],
      result: { errors: { testReport: '请填写测试报告或上传附件' } },
    });
    expect((await post('test', { id, testResult: 'PASS', testReport: '自测合格' }, buyer)).body).toMatchObject({
      message: '测试人不能是提出送样申请的采购员',
      rules: ['SMP-2'],
    });
    expect((await row(id)).status).toBe('RECEIVED');
  });

  it('a FAIL result with a report file uploaded by the tester; a file of someone else is refused', async () => {
    const id = await at('RECEIVED');
    const upload = async (token: string) => {
      const form = new FormData();
      form.append('biz', 'supplier');
      form.append(
        'file',
        new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n'))], { type: 'application/pdf' }),
        '测试报告.pdf',
      );
      const res = await fetch(`${s.base}/sys/common/upload`, {
        method: 'POST',
        body: form,
        headers: { 'X-Access-Token': token },
      });
      return ((await res.json()) as { message: string }).message;
    };
    const buyersFile = await upload(buyer);
    expect((await post('test', { id, testResult: 'FAIL', testReportFiles: buyersFile }, admin)).body.message).toBe(
      '测试报告附件不存在，请重新上传',
    );
    const report = await upload(admin);
    expect((await post('test', { id, testResult: 'FAIL', testReportFiles: report }, admin)).body.success).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'TESTED', testResult: 'FAIL', testReportFiles: report });
    expect((await noticesOf('supplier1', id)).map((n) => n.titile)).toContain('样品测试结果已出');
  });
});

describe('X-11: the test report inherits the access rule of its sample request', () => {
  const uploadAs = async (token: string, name: string) => {
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
  };
  const read = (path: string, token?: string) =>
    fetch(`${s.base}/sys/common/static/${path}`, { headers: token ? { 'X-Access-Token': token } : {} });

  it('X-11: the sample’s supplier downloads the report the tester attached; another supplier and anonymous callers do not', async () => {
    const id = await at('RECEIVED');
    const report = await uploadAs(admin, '测试报告.pdf');
    expect((await read(report, supplier1)).status).toBe(404); // not attached yet: the uploader's file
    expect((await post('test', { id, testResult: 'PASS', testReportFiles: report }, admin)).body.success).toBe(true);

    const res = await read(report, supplier1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('测试报告.pdf');
    // The other supplier is told nothing exists; without a session it stays 401 as before.
    expect((await read(report, supplier2)).status).toBe(404);
    expect((await read(report)).status).toBe(401);
  });

  it('X-11: a file not attached to any document keeps the owner/tenant rule', async () => {
    const loose = await uploadAs(admin, '内部资料.pdf');
    expect((await read(loose, supplier1)).status).toBe(404);
    expect((await read(loose, supplier2)).status).toBe(404);
    expect((await read(loose, buyer)).status).toBe(200);
    expect((await read(loose, admin)).status).toBe(200);
    // A supplier's own upload stays its own.
    const own = await uploadAs(supplier2, '自有文件.pdf');
    expect((await read(own, supplier2)).status).toBe(200);
    expect((await read(own, supplier1)).status).toBe(404);
  });
});

describe('X-5: each supplier sees and acts on its own requests only, exports included', () => {
  it('lists, details, logs and exports', async () => {
    const mine = await at('SENT');
    const theirs = await at('SENT', freshId, supplier2);
    const hidden = await draft(approvedId);
    const list = async (token: string) =>
      (
        await s.request<PageResult<Row>>('GET', '/srm/sampleRequest/list?pageSize=200', { token })
      ).body.result.records.map((r) => r.id);
    const seen1 = await list(supplier1);
    expect(seen1).toContain(mine);
    expect(seen1).not.toContain(theirs);
    expect(seen1).not.toContain(hidden); // drafts stay with the buyer
    const seen2 = await list(supplier2);
    expect(seen2).toEqual([theirs]);
    expect(await list(buyer)).toEqual(expect.arrayContaining([mine, theirs, hidden]));

    expect(
      (await s.request('GET', `/srm/sampleRequest/queryById?id=${theirs}`, { token: supplier1 })).body.success,
    ).toBe(false);
    expect((await s.request('GET', `/srm/sampleRequest/logs?id=${theirs}`, { token: supplier1 })).body.success).toBe(
      false,
    );
    // Even a filter naming the other supplier finds nothing.
    const filtered = await s.request<PageResult<Row>>('GET', `/srm/sampleRequest/list?supplierId=${freshId}`, {
      token: supplier1,
    });
    expect(filtered.body.result.records).toEqual([]);

    const res = await fetch(`${s.base}/srm/sampleRequest/exportXls`, { headers: { 'X-Access-Token': supplier2 } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(text).toContain((await row(theirs)).code);
    expect(text).not.toContain((await row(mine)).code);
  });
});

describe('X-15 and SMP-4', () => {
  it('X-15: a frozen supplier is not sent a request', async () => {
    const id = await draft(freshId);
    await s.ctx.db.updateTable('supplier').set({ status: 'FROZEN' }).where('id', '=', freshId).execute();
    try {
      expect((await post('send', { id }, buyer)).body).toMatchObject({
        message: expect.stringMatching(/不能送样$/),
        rules: ['X-15'],
      });
      expect((await row(id)).status).toBe('DRAFT');
    } finally {
      await s.ctx.db.updateTable('supplier').set({ status: 'REGISTERED' }).where('id', '=', freshId).execute();
    }
  });

  it('SMP-4: a sent request past its required date and not shipped is flagged overdue', async () => {
    const late = await at('SENT');
    const shipped = await at('SHIPPED');
    await s.ctx.db
      .updateTable('srmSampleRequest')
      .set({ requiredBy: '2020-01-01' })
      .where('id', 'in', [late, shipped])
      .execute();
    const rows = (
      await s.request<PageResult<Row & { overdue: number }>>('GET', '/srm/sampleRequest/list?pageSize=200', {
        token: buyer,
      })
    ).body.result.records;
    expect(Number(rows.find((r) => r.id === late)!.overdue)).toBe(1);
    expect(Number(rows.find((r) => r.id === shipped)!.overdue)).toBe(0);
  });
});
