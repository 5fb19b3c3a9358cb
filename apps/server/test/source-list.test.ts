import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type PageResult } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/** The source list (货源清单, domain §3 SupplierMaterial): MAT-3, X-3, X-5, X-15 and tenants. */
type Row = Record<string, unknown> & { id: string; supplierId: string; materialId: string; status: string };

let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let approvedId: string;
let freshId: string;
let leafId: string;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.ctx.db;
  ({ approvedId, freshId } = await twoDemoSuppliers(s));
  [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  leafId = (
    await db.selectFrom('srmMaterialCategory').select('id').where('code', '=', '0301').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

/** A fresh material of the demo tenant in the given status. */
async function material(status = 'ACTIVE', tenantId = 0): Promise<string> {
  const id = newId();
  await s.ctx.db
    .insertInto('srmMaterial')
    .values({
      id,
      tenantId,
      code: `SL-${id}`,
      name: '测试物料',
      spec: null,
      categoryId: leafId,
      unit: 'PCS',
      defaultTaxRate: '13',
      billControl: 'RECEIVED',
      inspectionRequired: 0,
      overDeliveryPct: null,
      minShelfLifeDays: null,
      leadTimeDays: null,
      status,
      drawings: null,
      remark: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}
const add = (body: Record<string, unknown>, token = buyer, headers: Record<string, string> = {}) =>
  s.request<{ id: string }>('POST', '/srm/supplierMaterial/add', { token, body, headers });
const post = (action: 'block' | 'unblock', body: unknown, token = buyer) =>
  s.request('POST', `/srm/supplierMaterial/${action}`, { token, body });
const row = (id: string) =>
  s.ctx.db.selectFrom('supplierMaterial').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function source(supplierId = approvedId, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await add({
    supplierId,
    materialId: await material(),
    supplierPartNo: 'P-001',
    minOrderQty: '100',
    leadTimeDays: 7,
    ...extra,
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
}
const withSupplierStatus = async (supplierId: string, status: string, run: () => Promise<void>) => {
  const before = (
    await s.ctx.db.selectFrom('supplier').select('status').where('id', '=', supplierId).executeTakeFirstOrThrow()
  ).status;
  await s.ctx.db.updateTable('supplier').set({ status }).where('id', '=', supplierId).execute();
  try {
    await run();
  } finally {
    await s.ctx.db.updateTable('supplier').set({ status: before }).where('id', '=', supplierId).execute();
  }
};

describe('adding a source (MAT-3, X-15)', () => {
  it('a buyer adds an active material of an eligible supplier; the row is ACTIVE and lists names', async () => {
    const id = await source();
    expect(await row(id)).toMatchObject({
      status: 'ACTIVE',
      supplierPartNo: 'P-001',
      minOrderQty: '100',
      leadTimeDays: 7,
      tenantId: 0,
    });
    const page = (
      await s.request<PageResult<Row>>('GET', `/srm/supplierMaterial/list?supplierId=${approvedId}&pageSize=200`, {
        token: buyer,
      })
    ).body.result;
    expect(page.records.find((r) => r.id === id)).toMatchObject({
      supplierName: '华东精密机械有限公司',
      materialName: '测试物料',
      status_dictText: '有效',
    });
  });

  it('MAT-3: a material that is draft or inactive is refused, and nothing is written', async () => {
    for (const status of ['DRAFT', 'INACTIVE']) {
      const materialId = await material(status);
      const res = await add({ supplierId: approvedId, materialId });
      expect(res.body).toMatchObject({
        message: expect.stringMatching(/未启用或已停用，不能列入货源清单$/),
        rules: ['MAT-3'],
      });
      expect(
        await s.ctx.db.selectFrom('supplierMaterial').select('id').where('materialId', '=', materialId).execute(),
      ).toHaveLength(0);
    }
  });

  it('X-15: a blacklisted or eliminated supplier is refused', async () => {
    for (const [status, word] of [
      ['BLACKLISTED', '列入黑名单'],
      ['ELIMINATED', '淘汰'],
    ] as const) {
      await withSupplierStatus(freshId, status, async () => {
        const materialId = await material();
        const res = await add({ supplierId: freshId, materialId });
        expect(res.body).toMatchObject({
          message: `供应商“苏州新材科技有限公司”已${word}，不能列入货源清单`,
          rules: ['X-15'],
        });
        expect(
          await s.ctx.db.selectFrom('supplierMaterial').select('id').where('materialId', '=', materialId).execute(),
        ).toHaveLength(0);
      });
    }
  });

  it('one row per supplier and material; bad quantities and a forged status are refused', async () => {
    const materialId = await material();
    expect((await add({ supplierId: approvedId, materialId })).body.success).toBe(true);
    expect((await add({ supplierId: approvedId, materialId })).body.message).toBe('该供应商的此物料已在货源清单中');
    expect((await add({ supplierId: freshId, materialId: await material(), minOrderQty: '0' })).body.message).toBe(
      '最小起订量必须是大于0的数字',
    );
    expect((await add({ supplierId: freshId, materialId: await material(), minOrderQty: 'abc' })).status).toBe(400);
    expect((await add({ supplierId: freshId, materialId: await material(), status: 'BLOCKED' })).status).toBe(400);
    expect((await add({ supplierId: '0'.repeat(32), materialId: await material() })).body.message).toBe('供应商不存在');
  });

  it('X-3: an edit changes the terms, never the status, supplier or material', async () => {
    const id = await source();
    const before = await row(id);
    const res = await s.request('PUT', '/srm/supplierMaterial/edit', {
      token: buyer,
      body: { id, supplierPartNo: 'P-002', leadTimeDays: 12, status: 'BLOCKED', supplierId: freshId },
    });
    expect(res.body.success).toBe(true);
    expect(await row(id)).toMatchObject({
      supplierPartNo: 'P-002',
      leadTimeDays: 12,
      status: 'ACTIVE',
      supplierId: before.supplierId,
      materialId: before.materialId,
    });
  });
});

describe('block and unblock (X-3, X-15, X-12)', () => {
  it('blocking needs a reason, notifies the supplier; unblocking restores the source', async () => {
    const id = await source();
    expect((await post('block', { id, reason: '' })).body.message).toBe('请填写冻结原因');
    expect((await post('block', { id, reason: '质量问题整改' })).body).toMatchObject({
      success: true,
      message: '货源已冻结',
    });
    expect(await row(id)).toMatchObject({ status: 'BLOCKED', blockReason: '质量问题整改', blockedBy: 'buyer' });
    expect((await post('block', { id, reason: '再次' })).body.message).toBe('只有有效状态的货源可以冻结');
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    const notices = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as d', 'd.anntId', 'a.id')
      .select(['a.titile', 'a.msgContent'])
      .where('d.userId', '=', user.id)
      .where('a.busType', '=', 'supplierMaterial')
      .where('a.busId', '=', id)
      .execute();
    expect(notices[0]).toMatchObject({
      titile: expect.stringMatching(/^货源已冻结：/),
      msgContent: expect.stringContaining('质量问题整改'),
    });

    expect((await post('unblock', { id })).body).toMatchObject({ success: true, message: '货源已解冻' });
    expect(await row(id)).toMatchObject({ status: 'ACTIVE', blockReason: null, blockedBy: null });
    expect((await post('unblock', { id })).body.message).toBe('只有已冻结的货源可以解冻');
  });

  it('X-15: a blacklisted supplier is not unblocked; the row stays blocked', async () => {
    const id = await source(freshId);
    expect((await post('block', { id, reason: '暂停' })).body.success).toBe(true);
    await withSupplierStatus(freshId, 'BLACKLISTED', async () => {
      expect((await post('unblock', { id })).body).toMatchObject({
        message: expect.stringMatching(/不能列入货源清单$/),
        rules: ['X-15'],
      });
      expect((await row(id)).status).toBe('BLOCKED');
    });
  });

  it('suppliers cannot block, unblock, add, edit or delete (403)', async () => {
    const id = await source();
    expect((await post('block', { id, reason: 'x' }, supplier1)).status).toBe(403);
    expect((await post('unblock', { id }, supplier1)).status).toBe(403);
    expect((await add({ supplierId: approvedId, materialId: await material() }, supplier1)).status).toBe(403);
    expect(
      (await s.request('PUT', '/srm/supplierMaterial/edit', { token: supplier1, body: { id, supplierPartNo: 'X' } }))
        .status,
    ).toBe(403);
    expect((await s.request('DELETE', `/srm/supplierMaterial/delete?id=${id}`, { token: supplier1 })).status).toBe(403);
    expect((await row(id)).status).toBe('ACTIVE');
  });
});

describe('X-5: each supplier sees its own rows only, read-only, exports included', () => {
  it('lists, details, filters and exports', async () => {
    const mine = await source(approvedId, { supplierPartNo: 'MINE-1' });
    const theirs = await source(freshId, { supplierPartNo: 'THEIRS-1' });
    const list = async (token: string, query = '') =>
      (await s.request<PageResult<Row>>('GET', `/srm/supplierMaterial/list?pageSize=500${query}`, { token })).body
        .result.records;
    const seen1 = await list(supplier1);
    expect(seen1.map((r) => r.id)).toContain(mine);
    expect(seen1.every((r) => r.supplierId === approvedId)).toBe(true);
    const seen2 = await list(supplier2);
    expect(seen2.map((r) => r.id)).toContain(theirs);
    expect(seen2.every((r) => r.supplierId === freshId)).toBe(true);
    expect((await list(buyer)).map((r) => r.id)).toEqual(expect.arrayContaining([mine, theirs]));
    // A filter naming the other supplier finds nothing; the other's detail is not there.
    expect(await list(supplier1, `&supplierId=${freshId}`)).toEqual([]);
    expect((await s.request('GET', `/srm/supplierMaterial/queryById?id=${theirs}`, { token: supplier1 })).status).toBe(
      404,
    );
    expect(
      (await s.request('GET', `/srm/supplierMaterial/queryById?id=${mine}`, { token: supplier1 })).body.success,
    ).toBe(true);

    const exported = async (token: string, query = '') => {
      const res = await fetch(`${s.base}/srm/supplierMaterial/exportXls${query}`, {
        headers: { 'X-Access-Token': token },
      });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      return JSON.stringify(book.worksheets[0]!.getSheetValues());
    };
    const text2 = await exported(supplier2);
    expect(text2).toContain('THEIRS-1');
    expect(text2).not.toContain('MINE-1');
    expect(await exported(supplier2, `?selections=${mine}`)).not.toContain('MINE-1');
  });

  it('the supplier menu entry is read-only: list and export only', async () => {
    const perms = (
      await s.request<{ auth: { action: string }[] }>('GET', '/sys/permission/getUserPermissionByToken', {
        token: supplier1,
      })
    ).body.result.auth.map((a) => a.action);
    expect(perms.filter((p) => p.startsWith('supplierMaterial:')).sort()).toEqual([
      'supplierMaterial:export',
      'supplierMaterial:list',
    ]);
    const buyerPerms = (
      await s.request<{ auth: { action: string }[] }>('GET', '/sys/permission/getUserPermissionByToken', {
        token: buyer,
      })
    ).body.result.auth.map((a) => a.action);
    expect(buyerPerms).toEqual(
      expect.arrayContaining([
        'supplierMaterial:add',
        'supplierMaterial:edit',
        'supplierMaterial:delete',
        'supplierMaterial:status',
        'supplierMaterial:export',
      ]),
    );
  });
});

describe('tenants', () => {
  it("a buyer of another tenant neither sees nor blocks this tenant's rows, and sources only its own tenant's materials and suppliers", async () => {
    const mine = await source();
    const tenant = (
      await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: '货源租户' } })
    ).body.result.id;
    const buyerRole = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const created = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: 'source_other',
        password: DEMO_PASSWORD,
        confirmpassword: DEMO_PASSWORD,
        realname: '他租户采购',
        selectedroles: buyerRole.id,
        relTenantIds: String(tenant),
      },
    });
    expect(created.body.success).toBe(true);
    const other = await s.login('source_other');
    const records = (
      await s.request<PageResult<Row>>('GET', '/srm/supplierMaterial/list?pageSize=500', { token: other })
    ).body.result.records;
    expect(records.map((r) => r.id)).not.toContain(mine);
    expect((await s.request('GET', `/srm/supplierMaterial/queryById?id=${mine}`, { token: other })).status).toBe(404);
    expect((await post('block', { id: mine, reason: '越权' }, other)).status).toBe(404);
    expect((await s.request('DELETE', `/srm/supplierMaterial/delete?id=${mine}`, { token: other })).body.message).toBe(
      '未找到对应实体',
    );
    expect((await row(mine)).status).toBe('ACTIVE');
    // Tenant 0's material and supplier are not there for the other tenant.
    expect((await add({ supplierId: approvedId, materialId: await material() }, other)).body.message).toBe(
      '物料不存在',
    );
    expect(
      (await add({ supplierId: approvedId, materialId: await material('ACTIVE', tenant) }, other)).body.message,
    ).toBe('供应商不存在');
  });
});

describe('demo data', () => {
  it('the approved supplier has source rows, one of them blocked', async () => {
    const rows = await s.ctx.db
      .selectFrom('supplierMaterial')
      .select(['status', 'createBy'])
      .where('supplierId', '=', approvedId)
      .where('createBy', '=', 'system')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.status === 'BLOCKED')).toHaveLength(1);
  });
});
