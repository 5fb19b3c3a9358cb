import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/** Excel exports of the generic resources: names instead of ids, real number and date cells (issue 19 item 2). */
let s: TestServer;
let admin: string;
let buyer: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const add = async (path: string, body: unknown, token = admin) => {
  const res = await s.request<{ id: string }>('POST', `/srm/${path}/add`, { token, body });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
};

/** The exported sheet: header texts and the row whose `key` column holds `keyValue`. */
async function exported(path: string, token: string, keyHeader: string, keyValue: string) {
  const res = await fetch(`${s.base}/srm/${path}/exportXls`, { headers: { 'X-Access-Token': token } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(headers.indexOf(keyHeader)).value === keyValue) found = row;
  });
  expect(found, `${path}: a row with ${keyHeader} ${keyValue}`).toBeDefined();
  return (header: string) => {
    expect(headers).toContain(header);
    return found!.getCell(headers.indexOf(header));
  };
}

describe('resource exports', () => {
  it('materials and categories show the category names; numbers and dates are typed cells', async () => {
    const root = await add('materialCategory', { code: 'EXP01', name: '导出一级', categoryType: 'GOODS' });
    const leaf = await add('materialCategory', { code: 'EXP0101', name: '导出末级', parentId: root });
    await add(
      'material',
      { name: '导出螺栓', spec: 'M8', categoryId: leaf, unit: 'PCS', defaultTaxRate: '13.50', inspectionRequired: 1 },
      buyer,
    );

    const material = await exported('material', buyer, '物料名称', '导出螺栓');
    expect(material('物料分类').value).toBe('导出末级');
    expect(material('计量单位').value).not.toBe('PCS');
    const tax = material('默认税率(%)');
    expect(tax.type).toBe(ExcelJS.ValueType.Number);
    expect(tax.value).toBe(13.5);
    expect(tax.numFmt).toBe('#,##0.00');
    const created = material('创建时间');
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');

    const category = await exported('materialCategory', admin, '分类编码', 'EXP0101');
    expect(category('上级分类').value).toBe('导出一级');
    expect(category('层级').type).toBe(ExcelJS.ValueType.Number);
    expect(category('层级').value).toBe(2);
  });

  it('price records show the material and supplier names and the validity as date cells', async () => {
    const leaf = await add('materialCategory', {
      code: 'EXP0201',
      name: '导出价格分类',
      parentId: await add('materialCategory', { code: 'EXP02', name: '导出价格', categoryType: 'GOODS' }),
    });
    const materialId = await add('material', { name: '导出钢板', categoryId: leaf, unit: 'PCS' }, buyer);
    await s.ctx.db.updateTable('srmMaterial').set({ status: 'ACTIVE' }).where('id', '=', materialId).execute();
    const supplier = await s.ctx.db
      .selectFrom('supplier')
      .select(['id', 'name'])
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow();
    await add(
      'priceRecord',
      {
        materialId,
        supplierId: supplier.id,
        unitPrice: '88.125',
        taxRate: '13',
        validFrom: '2026-01-01',
        validTo: '2099-12-31',
      },
      buyer,
    );

    const price = await exported('priceRecord', buyer, '物料', '导出钢板');
    expect(price('供应商').value).toBe(supplier.name);
    expect(price('不含税单价').value).toBe(88.125);
    const validFrom = price('生效日期');
    expect(validFrom.type).toBe(ExcelJS.ValueType.Date);
    expect((validFrom.value as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(validFrom.numFmt).toBe('yyyy-mm-dd');
  });
});
