import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/ids.js';
import { admissionCategoryCodes } from '../src/modules/material/material-rules.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Suppliers are admitted per supplier category (主营品类, §4.3); a material category names the
 * one that governs it (准入品类) or inherits its parent's. Sourcing eligibility (SRC-3, SST-3) and
 * quotas (QUO-2) ask whether a supplier is qualified for the material through it.
 */
let s: TestServer;
let buyer: string;
beforeAll(async () => {
  s = await startTestServer();
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const db = () => s.ctx.db;
const materialId = async (name: string) =>
  (await db().selectFrom('srmMaterial').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const supplier1 = async () =>
  (await db().selectFrom('sysUser').select('supplierId').where('username', '=', 'supplier1').executeTakeFirstOrThrow())
    .supplierId!;

async function inCategoryRfq(material: string): Promise<string> {
  const res = await s.request<{ id: string }>('POST', '/srm/sourcing/event/add', {
    token: buyer,
    body: {
      title: `${material}询价`,
      eligibility: 'QUALIFIED_IN_CATEGORY',
      lines: [{ materialId: await materialId(material), qty: '10' }],
    },
  });
  expect(res.body.success).toBe(true);
  return res.body.result.id;
}
const invite = async (id: string, supplierId: string) =>
  (await s.request('POST', '/srm/sourcing/event/invite', { token: buyer, body: { id, supplierIds: [supplierId] } }))
    .body;

describe('admission category of a material category', () => {
  it("is its own 准入品类, else the nearest ancestor's, else its own code", async () => {
    const now = new Date().toISOString();
    const category = (code: string, parentId: string | null, supplierCategory: string | null) => {
      const id = newId();
      return db()
        .insertInto('srmMaterialCategory')
        .values({
          id,
          tenantId: 0,
          code,
          name: code,
          parentId,
          level: parentId ? 2 : 1,
          isLeaf: 0,
          categoryType: 'GOODS',
          supplierCategory,
          requiredQualificationTypes: null,
          defaultBuyerId: null,
          status: 'ACTIVE',
          sortNo: 0,
          remark: null,
          createBy: 'test',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute()
        .then(() => id);
    };
    const root = await category('T-ROOT', null, null);
    const chemical = await category('T-CHEM', root, 'CHEMICAL');
    const leaf = await category('T-LEAF', chemical, null);
    expect(await admissionCategoryCodes(db(), [leaf])).toEqual(['CHEMICAL']);
    expect(await admissionCategoryCodes(db(), [chemical, leaf])).toEqual(['CHEMICAL']);
    expect(await admissionCategoryCodes(db(), [root])).toEqual(['T-ROOT']);
    // The demo: 钢材 inherits 原材料's RAW_MATERIAL, 紧固件 标准件's MACHINERY.
    const steel = (
      await db().selectFrom('srmMaterialCategory').select('id').where('code', '=', '0101').executeTakeFirstOrThrow()
    ).id;
    const fasteners = (
      await db().selectFrom('srmMaterialCategory').select('id').where('code', '=', '0301').executeTakeFirstOrThrow()
    ).id;
    expect(await admissionCategoryCodes(db(), [steel, fasteners])).toEqual(['RAW_MATERIAL', 'MACHINERY']);
  });

  it('SRC-3 / SST-3 an in-category event admits a supplier qualified in the governing category; a suspended one only there', async () => {
    const sup = await supplier1();
    const steel = await inCategoryRfq('冷轧钢板');
    expect(await invite(steel, sup)).toMatchObject({ success: true });
    await db()
      .updateTable('supplierCategory')
      .set({ status: 'SUSPENDED' })
      .where('supplierId', '=', sup)
      .where('categoryCode', '=', 'RAW_MATERIAL')
      .execute();
    try {
      expect(await invite(await inCategoryRfq('不锈钢圆棒'), sup)).toMatchObject({
        success: false,
        message: '供应商“华东精密机械有限公司”未取得本次寻源物料分类的准入资格',
        rules: ['SRC-3'],
      });
      expect(await invite(await inCategoryRfq('六角头螺栓'), sup)).toMatchObject({ success: true });
    } finally {
      await db()
        .updateTable('supplierCategory')
        .set({ status: 'QUALIFIED' })
        .where('supplierId', '=', sup)
        .where('categoryCode', '=', 'RAW_MATERIAL')
        .execute();
    }
  });

  it('the 准入品类 is kept through the category API, and must be a supplier category', async () => {
    const admin = await s.login('admin');
    const added = await s.request('POST', '/srm/materialCategory/add', {
      token: admin,
      body: { code: 'T-API', name: '测试分类', categoryType: 'GOODS', supplierCategory: 'OFFICE', status: 'ACTIVE' },
    });
    expect(added.body.success).toBe(true);
    expect(
      (
        await db()
          .selectFrom('srmMaterialCategory')
          .select('supplierCategory')
          .where('code', '=', 'T-API')
          .executeTakeFirstOrThrow()
      ).supplierCategory,
    ).toBe('OFFICE');
    const bad = await s.request('POST', '/srm/materialCategory/add', {
      token: admin,
      body: {
        code: 'T-BAD',
        name: '错误分类',
        categoryType: 'GOODS',
        supplierCategory: 'NOT_A_CATEGORY',
        status: 'ACTIVE',
      },
    });
    expect(bad.body.success).toBe(false);
    expect(
      await db().selectFrom('srmMaterialCategory').select('id').where('code', '=', 'T-BAD').executeTakeFirst(),
    ).toBeUndefined();
  });
});
