import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { assertMaterialsUsable } from '../src/modules/material/material-rules.js';
import { recordPrice } from '../src/modules/material/price-library.js';
import { purchaseSetting } from '../src/modules/material/purchase-settings.js';
import { startTestServer, type TestServer } from './harness.js';

/** Materials, categories, tax rates, the price library (domain §3) and purchase settings (§21). */
let s: TestServer;
let admin: string;
let buyer: string;
let supplierId: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  supplierId = (
    await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

const add = (path: string, body: unknown, token = admin) =>
  s.request<{ id: string }>('POST', `/srm/${path}/add`, { token, body });
const category = async (code: string, parentId?: string) => {
  const res = await add('materialCategory', { code, name: `分类${code}`, parentId, categoryType: 'GOODS' });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
};
const material = async (categoryId: string, name = '六角螺栓') => {
  const res = await add(
    'material',
    { name, spec: 'M8×30', categoryId, unit: 'PCS', defaultTaxRate: '13', inspectionRequired: 1 },
    buyer,
  );
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
};
const materialRow = (id: string) =>
  s.ctx.db.selectFrom('srmMaterial').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('material categories (MAT-1, MAT-2)', () => {
  it('MAT-1: codes are unique; a category with children or materials cannot be deleted', async () => {
    const root = await category('T01');
    const dup = await add('materialCategory', { code: 'T01', name: '重复' });
    expect(dup.body.success).toBe(false);
    const leaf = await category('T0101', root);
    expect(
      await s.ctx.db
        .selectFrom('srmMaterialCategory')
        .select(['isLeaf', 'level'])
        .where('id', '=', root)
        .executeTakeFirstOrThrow(),
    ).toEqual({ isLeaf: 0, level: 1 });
    const del = await s.request('DELETE', `/srm/materialCategory/delete?id=${root}`, { token: admin });
    expect(del.body).toMatchObject({ message: '分类下有下级分类或物料，不能删除，只能停用', rules: ['MAT-1'] });
    await material(leaf);
    const delLeaf = await s.request('DELETE', `/srm/materialCategory/delete?id=${leaf}`, { token: admin });
    expect(delLeaf.body.success).toBe(false);
    expect(
      await s.ctx.db.selectFrom('srmMaterialCategory').select('id').where('id', 'in', [root, leaf]).execute(),
    ).toHaveLength(2);
  });

  it('MAT-1: an empty leaf is deleted and its parent becomes a leaf again', async () => {
    const root = await category('T02');
    const leaf = await category('T0201', root);
    expect((await s.request('DELETE', `/srm/materialCategory/delete?id=${leaf}`, { token: admin })).body.success).toBe(
      true,
    );
    expect(
      (
        await s.ctx.db
          .selectFrom('srmMaterialCategory')
          .select('isLeaf')
          .where('id', '=', root)
          .executeTakeFirstOrThrow()
      ).isLeaf,
    ).toBe(1);
  });

  it('MAT-2: materials attach to leaf categories only, and a category holding materials gets no children', async () => {
    const root = await category('T03');
    const leaf = await category('T0301', root);
    const onRoot = await add('material', { name: '垫片', categoryId: root, unit: 'PCS' }, buyer);
    expect(onRoot.body).toMatchObject({ message: '物料只能挂在末级分类下', rules: ['MAT-2'] });
    await material(leaf, '平垫圈');
    const child = await add('materialCategory', { code: 'T030101', name: '子类', parentId: leaf });
    expect(child.body).toMatchObject({ message: '该分类下已有物料，不能再添加下级分类', rules: ['MAT-2'] });
  });

  it('buyers read categories but cannot change them', async () => {
    expect((await s.request('GET', '/srm/materialCategory/tree', { token: buyer })).body.success).toBe(true);
    expect((await add('materialCategory', { code: 'B01', name: '采购员分类' }, buyer)).status).toBe(403);
  });
});

/** The demo's material activation flow (one step, role admin), on or off. */
async function setFlow(enabled: boolean) {
  const types = (
    await s.request<{ docType: string; definition: { version: number; steps: unknown[] } | null }[]>(
      'GET',
      '/approval/definition/list',
      { token: admin },
    )
  ).body.result;
  const current = types.find((t) => t.docType === 'MATERIAL_ACTIVATION')!.definition;
  const saved = await s.request('POST', '/approval/definition/save', {
    token: admin,
    body: {
      docType: 'MATERIAL_ACTIVATION',
      name: '物料启用审批',
      enabled: enabled ? 1 : 0,
      steps: [{ name: '管理员审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }],
      version: current?.version,
    },
  });
  expect(saved.body.success).toBe(true);
}

describe('materials (MAT-3, X-9, X-13)', () => {
  let leaf: string;
  beforeAll(async () => {
    leaf = await category('T0401', await category('T04'));
  });

  it('X-9: a new material is a draft with a generated code; the body cannot set code or status', async () => {
    const forged = await add(
      'material',
      { name: '深沟球轴承', categoryId: leaf, unit: 'PCS', code: 'HACK', status: 'ACTIVE' },
      buyer,
    );
    expect(forged.body.success).toBe(false);
    expect(await s.ctx.db.selectFrom('srmMaterial').select('id').where('code', '=', 'HACK').execute()).toHaveLength(0);
    const row = await materialRow(await material(leaf, '深沟球轴承'));
    expect(row.status).toBe('DRAFT');
    expect(row.code).toMatch(/^MAT-\d{8}-\d{4}$/);
  });

  it('refuses a tax rate outside 0–100', async () => {
    const res = await add('material', { name: '轴承', categoryId: leaf, unit: 'PCS', defaultTaxRate: '130' }, buyer);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('默认税率(%)在 0 到 100 之间');
  });

  it('X-10/MAT-3: activation is approved by someone else; the material is then usable, deactivated it is not', async () => {
    const id = await material(leaf, '圆柱销');
    // Flow switched off: submitting activates at once.
    await setFlow(false);
    const submitted = await s.request<{ status: string }>('POST', '/srm/material/submit', {
      token: buyer,
      body: { id },
    });
    expect(submitted.body).toMatchObject({ success: true, message: '物料已启用' });
    await expect(s.ctx.db.transaction().execute((trx) => assertMaterialsUsable(trx, 0, [id]))).resolves.toBeUndefined();
    expect((await s.request('POST', '/srm/material/deactivate', { token: buyer, body: { id } })).status).toBe(403);
    expect((await s.request('POST', '/srm/material/deactivate', { token: admin, body: { id } })).body.message).toBe(
      '物料已停用',
    );
    await expect(s.ctx.db.transaction().execute((trx) => assertMaterialsUsable(trx, 0, [id]))).rejects.toThrow('MAT-3');
    expect((await s.request('POST', '/srm/material/deactivate', { token: admin, body: { id } })).body.message).toBe(
      '只有启用状态的物料可以停用',
    );
    expect((await s.request('POST', '/srm/material/reactivate', { token: admin, body: { id } })).body.message).toBe(
      '物料已恢复启用',
    );
  });

  it('X-10: with a flow, activation waits for the approver; the buyer cannot approve it', async () => {
    await setFlow(true);
    const id = await material(leaf, '弹簧垫圈');
    const submitted = await s.request<{ instanceId: string; status: string }>('POST', '/srm/material/submit', {
      token: buyer,
      body: { id },
    });
    expect(submitted.body.result.status).toBe('RUNNING');
    expect((await materialRow(id)).status).toBe('PENDING_APPROVAL');
    expect(
      (await s.request('PUT', '/srm/material/edit', { token: buyer, body: { id, name: '改名' } })).body.message,
    ).toBe('物料审批中，不能修改');
    const todo = (
      await s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect(
      (await s.request('POST', '/approval/task/approve', { token: admin, body: { taskId: todo.taskId } })).body.success,
    ).toBe(true);
    expect((await materialRow(id)).status).toBe('ACTIVE');
  });

  it('X-13: only drafts are deleted', async () => {
    const draft = await material(leaf, '开口销');
    const active = (
      await s.ctx.db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
    ).id;
    const refused = await s.request('DELETE', `/srm/material/delete?id=${active}`, { token: buyer });
    expect(refused.body.message).toMatch(/^只有草稿状态的物料可以删除/);
    expect((await s.request('DELETE', `/srm/material/delete?id=${draft}`, { token: buyer })).body.success).toBe(true);
  });

  it('lists materials with their category name', async () => {
    const page = (
      await s.request<PageResult<{ categoryName: string; status_dictText: string }>>(
        'GET',
        '/srm/material/list?name=*销*',
        { token: buyer },
      )
    ).body.result;
    expect(page.records[0]).toMatchObject({ categoryName: '分类T0401', status_dictText: '启用' });
  });
});

describe('price library (MAT-3, MAT-4, MAT-5)', () => {
  let materialId: string;
  let draftId: string;
  beforeAll(async () => {
    const leaf = await category('T0501', await category('T05'));
    materialId = await material(leaf, '不锈钢板');
    await s.ctx.db.updateTable('srmMaterial').set({ status: 'ACTIVE' }).where('id', '=', materialId).execute();
    draftId = await material(leaf, '铝板');
  });
  const price = (body: Record<string, unknown>, token = buyer) =>
    add(
      'priceRecord',
      {
        materialId,
        supplierId,
        unitPrice: '100.50',
        taxRate: '13',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        ...body,
      },
      token,
    );

  it('MAT-3: a material that is not active gets no price', async () => {
    expect((await price({ materialId: draftId })).body).toMatchObject({
      message: '物料未启用或已停用，不能登记价格',
      rules: ['MAT-3'],
    });
  });

  it('MAT-5: ladder breaks start at 0 and strictly increase', async () => {
    expect((await price({ ladder: '[{"fromQty":10,"unitPrice":"9"}]' })).body.message).toBe(
      '第一档阶梯价的起订量必须为 0',
    );
    expect(
      (await price({ ladder: '[{"fromQty":0,"unitPrice":"9"},{"fromQty":0,"unitPrice":"8"}]' })).body.message,
    ).toBe('阶梯价的起订量必须严格递增');
    expect(
      await s.ctx.db.selectFrom('srmPriceRecord').select('id').where('materialId', '=', materialId).execute(),
    ).toHaveLength(0);
  });

  it('a malformed 阶梯价 is refused in Chinese naming 阶梯价, never a field path or JSON text (issue 19 item 5)', async () => {
    for (const [ladder, text] of [
      ['x', '阶梯价格式不正确，请逐档填写起订量和单价'],
      ['[]', '阶梯价至少填写一档起订量和单价'],
      [[{ fromQty: 0, unitPrice: '1' }], '阶梯价应为文本'],
      [123, '阶梯价应为文本'],
    ] as const) {
      const body = (await price({ ladder })).body as unknown as {
        message: string;
        result: { errors: Record<string, string> };
      };
      expect(body.message).toBe(text);
      expect(body.result.errors.ladder).toBe(text);
      expect(body.message).not.toMatch(/ladder|fromQty|[[{]/);
    }
  });

  it('every field error comes at once, each under its field (issue 19 item 10), and nothing is written', async () => {
    const res = await price({
      validFrom: '2026-12-31',
      validTo: '2026-01-01',
      unitPrice: '-1',
      taxRate: '120',
      ladder: '[{"fromQty":10,"unitPrice":"9"}]',
    });
    expect(res.body.success).toBe(false);
    expect((res.body.result as unknown as { errors: Record<string, string> }).errors).toEqual({
      validTo: '失效日期不能早于生效日期',
      unitPrice: '不含税单价必须是不小于0的数字',
      taxRate: '税率在 0 到 100 之间',
      ladder: '第一档阶梯价的起订量必须为 0',
    });
    expect(
      await s.ctx.db.selectFrom('srmPriceRecord').select('id').where('materialId', '=', materialId).execute(),
    ).toHaveLength(0);
  });

  it('MAT-4: a later record supersedes the current one; an overlapping earlier one is refused', async () => {
    const first = await price({ ladder: '[{"fromQty":0,"unitPrice":"100.50"},{"fromQty":100,"unitPrice":"98"}]' });
    expect(first.body).toMatchObject({ success: true });
    const overlapping = await price({ validFrom: '2026-01-01', unitPrice: '99' });
    expect(overlapping.body.message).toMatch(/与已有价格记录的有效期重叠/);
    // From an award later (the service sourcing calls).
    await s.ctx.db.transaction().execute((trx) =>
      recordPrice(trx, {
        tenantId: 0,
        supplierId,
        materialId,
        unitPrice: '95.00',
        taxRate: '13',
        validFrom: '2026-07-01',
        validTo: '2027-06-30',
        sourceType: 'AWARD',
        sourceId: 'AWD-1',
        createBy: 'test',
      }),
    );
    const rows = await s.ctx.db
      .selectFrom('srmPriceRecord')
      .select(['unitPrice', 'validFrom', 'validTo', 'status', 'sourceType'])
      .where('materialId', '=', materialId)
      .orderBy('validFrom')
      .execute();
    expect(rows).toEqual([
      {
        unitPrice: '100.50',
        validFrom: '2026-01-01',
        validTo: '2026-06-30',
        status: 'SUPERSEDED',
        sourceType: 'MANUAL',
      },
      { unitPrice: '95.00', validFrom: '2026-07-01', validTo: '2027-06-30', status: 'ACTIVE', sourceType: 'AWARD' },
    ]);
  });

  it('§3 SYS: a price past its validity is listed as expired', async () => {
    await s.ctx.db.transaction().execute((trx) =>
      recordPrice(trx, {
        tenantId: 0,
        supplierId,
        materialId: materialId,
        orgCode: 'OLD',
        unitPrice: '1.00',
        taxRate: '13',
        validFrom: '2020-01-01',
        validTo: '2020-12-31',
        sourceType: 'CONTRACT',
        createBy: 'test',
      }),
    );
    const page = (
      await s.request<PageResult<{ orgCode: string; status: string; status_dictText: string }>>(
        'GET',
        `/srm/priceRecord/list?materialId=${materialId}&pageSize=50`,
        { token: buyer },
      )
    ).body.result;
    expect(page.records.find((r) => r.orgCode === 'OLD')).toMatchObject({
      status: 'EXPIRED',
      status_dictText: '已过期',
    });
    expect(page.records.filter((r) => r.status === 'ACTIVE')).toHaveLength(1);
  });

  it('prices cannot be edited or deleted; the list names material and supplier', async () => {
    const page = (
      await s.request<PageResult<{ id: string; materialName: string; supplierName: string }>>(
        'GET',
        `/srm/priceRecord/list?materialId=${materialId}`,
        { token: buyer },
      )
    ).body.result;
    expect(page.records[0]).toMatchObject({ materialName: '不锈钢板', supplierName: '华东精密机械有限公司' });
    expect(
      (
        await s.request('PUT', '/srm/priceRecord/edit', {
          token: admin,
          body: { id: page.records[0]!.id, unitPrice: '1' },
        })
      ).status,
    ).toBe(404);
    expect((await s.request('GET', '/srm/priceRecord/list', { token: await s.login('supplier1') })).status).toBe(403);
  });
});

describe('purchase settings (§21)', () => {
  const save = (key: string, value: unknown, token = admin) =>
    s.request('POST', '/srm/purchaseSetting/save', { token, body: { key, value } });

  it('lists every key with its default, and only administrators change them', async () => {
    const list = (
      await s.request<{ key: string; value: unknown; isDefault: boolean }[]>('GET', '/srm/purchaseSetting/list', {
        token: admin,
      })
    ).body.result;
    expect(list.find((r) => r.key === 'rfq.minQuotes')).toMatchObject({ value: 3, isDefault: true });
    expect((await save('rfq.minQuotes', 2, buyer)).status).toBe(403);
  });

  it('refuses values against §21 validation and the statutory minimums; nothing changes', async () => {
    expect((await save('receipt.overDeliveryPct', 120)).body.message).toBe('允许超收比例(%)：百分比在 0 到 100 之间');
    expect((await save('tender.minBidPeriodDays', { mandatory: 15, other: 5 })).body.message).toBe(
      '最短投标期(天)：依法必须招标的项目不少于20天',
    );
    expect((await save('quota.presets', { 2: [60, 30] })).body.message).toMatch(/比例合计为 100/);
    expect(
      (
        await save('evaluation.gradeBands', [
          { grade: 'A', min: 90, max: 100 },
          { grade: 'B', min: 0, max: 80 },
        ])
      ).body.message,
    ).toMatch(/不能有空档或重叠/);
    expect((await save('supplier.qualificationReminderDays', [7, 30])).body.message).toMatch(/从大到小/);
    expect((await save('no.such.key', 1)).body.message).toBe('未知的采购设置项');
    expect(await s.ctx.db.selectFrom('srmPurchaseSetting').selectAll().execute()).toHaveLength(0);
  });

  it('checks each part of a structured setting on the server, as the form does: Chinese messages, nothing stored', async () => {
    const auction = {
      durationMinutes: 30,
      extendMinutes: 5,
      extendWithinMinutes: 5,
      maxExtensions: 10,
      minDecrementPct: 1,
    };
    // Free-form keys and text were once accepted; the defaults are now five named numbers.
    expect((await save('auction.defaults', { ...auction, durationMinutes: 'abc' })).body.message).toBe(
      '竞价默认规则：请输入整数',
    );
    expect((await save('auction.defaults', { ...auction, durationMinutes: 0 })).body.message).toBe(
      '竞价默认规则：竞价时长在 1 到 1440 分钟之间',
    );
    expect((await save('auction.defaults', { ...auction, minDecrementPct: 150 })).body.message).toBe(
      '竞价默认规则：百分比在 0 到 100 之间',
    );
    expect((await save('quota.presets', { 0: [] })).body.message).toBe('配额预设比例：供应商数量应为 1 到 99 的整数');
    expect((await save('evaluation.gradeBands', [{ grade: '', min: 0, max: 100 }])).body.message).toBe(
      '绩效等级分数段：请填写等级',
    );
    expect(
      (await save('sourcing.showResponseStatusBeforeDeadline', { RFQ: true, TENDER: 'no', AUCTION: true })).body
        .message,
    ).toBe('截止前显示响应状态：请选择是或否');
    expect(await s.ctx.db.selectFrom('srmPurchaseSetting').selectAll().execute()).toHaveLength(0);
    expect((await save('auction.defaults', auction)).body.success).toBe(true);
    expect(await purchaseSetting(s.ctx.db, 0, 'auction.defaults')).toEqual(auction);
    await s.ctx.db.deleteFrom('srmPurchaseSetting').execute();
  });

  it('saves a valid value, logs the change and serves it to other modules', async () => {
    expect((await save('rfq.minQuotes', 2)).body.success).toBe(true);
    expect(await purchaseSetting(s.ctx.db, 0, 'rfq.minQuotes')).toBe(2);
    expect(await purchaseSetting(s.ctx.db, 0, 'rfq.minInvited')).toBe(3);
    const log = (
      await s.request<{ settingKey: string; oldValue: string; newValue: string; changedBy: string }[]>(
        'GET',
        '/srm/purchaseSetting/log',
        { token: admin },
      )
    ).body.result;
    expect(log[0]).toMatchObject({ settingKey: 'rfq.minQuotes', oldValue: '3', newValue: '2', changedBy: 'admin' });
  });
});
