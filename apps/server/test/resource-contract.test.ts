import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnOf,
  DEMO_PASSWORD,
  fieldEntries,
  isInForm,
  permissionCode,
  resources,
  type PageResult,
  type ResourceDef,
} from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { createUser } from '../src/seed/seed.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The contract every resource keeps, run over every definition: paging, the sort allow-list,
 * filters, add / queryById / edit / delete / deleteBatch, export, import with a bad row, and
 * 403 without the permission code. A new resource is tested by being defined.
 */
type Row = Record<string, unknown> & { id: string };

let s: TestServer;
let admin: string;
let buyer: string;
/** A signed-in user whose role grants nothing: every resource action is refused to them. */
let nobody: string;
let counter = 0;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  await s.ctx.db
    .insertInto('sysRole')
    .values({
      id: newId(),
      roleName: '无权限',
      roleCode: 'contract_nobody',
      description: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await createUser(s.ctx.db, {
    username: 'contract_nobody',
    realname: '无权限用户',
    password: DEMO_PASSWORD,
    roleCode: 'contract_nobody',
  });
  nobody = await s.login('contract_nobody');
});

/** Master data a reference needs, made directly in the tenant the row will live in (§3). */
const masterData = {
  /** A root category that holds no materials: new categories hang under it. */
  parent: async (tenantId: number) => category(tenantId, `CT-ROOT-${tenantId}`),
  /** A root (hence leaf) category for materials (MAT-2). */
  leaf: async (tenantId: number) => category(tenantId, `CT-LEAF-${tenantId}`),
  /** A fresh active material, so price validity never overlaps (MAT-4). */
  material: async (tenantId: number) => {
    const id = newId();
    await s.ctx.db
      .insertInto('srmMaterial')
      .values({
        id,
        tenantId,
        code: `CT-M-${id}`,
        name: '契约物料',
        spec: null,
        categoryId: await masterData.leaf(tenantId),
        unit: 'PCS',
        defaultTaxRate: '13',
        billControl: 'RECEIVED',
        inspectionRequired: 0,
        overDeliveryPct: null,
        minShelfLifeDays: null,
        leadTimeDays: null,
        status: 'ACTIVE',
        drawings: null,
        remark: null,
        createBy: 'test',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return id;
  },
};

async function category(tenantId: number, code: string): Promise<string> {
  const found = await s.ctx.db
    .selectFrom('srmMaterialCategory')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await s.ctx.db
    .insertInto('srmMaterialCategory')
    .values({
      id,
      tenantId,
      code,
      name: code,
      parentId: null,
      level: 1,
      isLeaf: 1,
      categoryType: 'GOODS',
      requiredQualificationTypes: null,
      defaultBuyerId: null,
      status: 'ACTIVE',
      sortNo: 0,
      remark: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}
afterAll(async () => s?.close());

/** References a definition cannot invent by itself. */
const references: Record<string, Record<string, (tenantId: number) => Promise<string>>> = {
  srmMaterialCategory: { parentId: masterData.parent },
  srmMaterial: { categoryId: masterData.leaf },
  srmPriceRecord: {
    materialId: masterData.material,
    supplierId: async () =>
      (await s.ctx.db.selectFrom('supplier').select('id').where('status', '=', 'QUALIFIED').executeTakeFirstOrThrow())
        .id,
    ladder: async () => '[{"fromQty":"0","unitPrice":"12.50"}]',
  },
  // a supplier of the row's tenant that may be sourced; MAT-3: an active material (fresh, so the pair is new).
  supplierMaterial: {
    supplierId: async (tenantId) => qualifiedSupplier(tenantId),
    materialId: masterData.material,
    minOrderQty: async () => '12.50',
  },
  sysAnnouncement: {
    openPage: async () => '/srm/supplier/list',
    // A recipient of the row's tenant (issue 16): the platform's administrator, or a member of the tenant.
    userIds: async (tenantId) =>
      `${
        (
          await (
            tenantId
              ? s.ctx.db.selectFrom('sysUser').select('id').where('relTenantIds', '=', String(tenantId))
              : s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin')
          ).executeTakeFirstOrThrow()
        ).id
      },`,
  },
  sysCheckRule: {
    ruleJson: async () => JSON.stringify([{ digits: '*', pattern: '^[a-z0-9]+$', message: '只能包含小写字母和数字' }]),
  },
  portalResultAnnouncement: {
    supplierList: async () => JSON.stringify([{ title: '第一中标候选人', name: `供应商${counter}` }]),
  },
  sysDictItem: {
    dictId: async () =>
      (await s.ctx.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'srm_grade').executeTakeFirstOrThrow())
        .id,
  },
  srmEvalProject: {
    templateId: async (tenantId) => activeEvalTemplate(tenantId),
    supplierIds: async () =>
      (await s.ctx.db.selectFrom('supplier').select('id').where('status', '=', 'QUALIFIED').executeTakeFirstOrThrow())
        .id,
    raterIds: async () =>
      (await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id,
  },
  srmSampleRequest: {
    supplierId: async () =>
      (await s.ctx.db.selectFrom('supplier').select('id').where('status', '=', 'QUALIFIED').executeTakeFirstOrThrow())
        .id,
    materialId: masterData.material,
    categoryId: masterData.leaf,
    // The required date may not lie in the past (§7).
    requiredBy: async () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  },
  // the order snapshots a supplier of its own tenant; no contract (CON-4: a contract must exist and be ACTIVE).
  srmPurchaseOrder: {
    supplierId: async (tenantId) => qualifiedSupplier(tenantId),
    contractId: async () => null as unknown as string,
  },
  // A contract made by hand (CON-1 applies to contracts from an award) with a supplier of its own tenant.
  srmContract: {
    supplierId: async (tenantId) => qualifiedSupplier(tenantId),
    sourceAwardId: async () => null as unknown as string,
    // A supplement (补充协议) needs an ACTIVE main contract; the sample is a main contract.
    parentContractId: async () => null as unknown as string,
  },
  onlCgreportHead: { cgrSql: async () => 'select code, name from bd_dataorg' },
  onlCgreportItem: { cgrheadId: async () => reportHeadId() },
  onlCgreportParam: { cgrheadId: async () => reportHeadId() },
  sysExtendField: {
    tableName: async () => 'bd_dataorg',
    required: async () => 'false',
    editProperty: async () => '2',
    formStyle: async () => 'list,edit',
  },
};

/** A qualified supplier its tenant's buyers see (suppliers belong to one tenant). */
async function qualifiedSupplier(tenantId: number): Promise<string> {
  const found = await s.ctx.db
    .selectFrom('supplier')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'QUALIFIED')
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await s.ctx.db
    .insertInto('supplier')
    .values({
      id,
      code: `CT-SUP-${tenantId}`,
      name: `契约供应商${tenantId}`,
      uscc: null,
      legalPerson: null,
      phone: null,
      email: null,
      address: null,
      mainCategories: '[]',
      source: 'MANUAL',
      status: 'QUALIFIED',
      infoStatus: 'APPROVED',
      delFlag: 0,
      tenantId,
      returnComments: null,
      resumeStatus: null,
      businessLicenseFile: null,
      approvedBy: null,
      approvedAt: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

/** An active evaluation template of the tenant (§20: projects score against active templates only). */
async function activeEvalTemplate(tenantId: number): Promise<string> {
  const found = await s.ctx.db
    .selectFrom('evalTemplate')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await s.ctx.db
    .insertInto('evalTemplate')
    .values({
      id,
      tenantId,
      code: `CT-EVT-${tenantId}`,
      name: '契约评估模板',
      periodType: 'QUARTER',
      status: 'ACTIVE',
      remark: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

/** A report the report's columns and parameters belong to. */
async function reportHeadId(): Promise<string> {
  const found = await s.ctx.db
    .selectFrom('onlCgreportHead')
    .select('id')
    .where('code', '=', 'contractReport')
    .executeTakeFirst();
  if (found) return found.id;
  const res = await s.request<{ id: string }>('POST', '/online/cgreport/head/add', {
    token: admin,
    body: { code: 'contractReport', name: '契约报表', cgrSql: 'select code from bd_dataorg' },
  });
  return res.body.result.id;
}

/** A valid value for every form field; text is unique per call so unique fields never clash. */
async function sample(def: ResourceDef, tenantId = 0): Promise<Record<string, unknown>> {
  counter++;
  const out: Record<string, unknown> = {};
  for (const [name, f] of fieldEntries(def)) {
    if (!isInForm(f) || f.readOnly) continue;
    const ref = references[def.key]?.[name];
    if (ref) out[name] = await ref(tenantId);
    else if (f.type === 'int') out[name] = f.min ?? 1;
    else if (f.type === 'dict') out[name] = (await s.ctx.dicts.items(f.dict!))[0]!.value;
    else if (f.type === 'date') out[name] = '2026-11-01';
    else if (f.type === 'datetime') out[name] = '2026-11-01 08:30:00';
    else if (f.type === 'decimal') out[name] = '12.50';
    else out[name] = `c${counter}x${name.length}`.slice(0, f.max ?? 100);
  }
  return out;
}

/** An id of the definition's kind that no row has. */
const unknownId = (def: ResourceDef) => (def.idType === 'int' ? '999999999' : '0'.repeat(32));

const textField = (def: ResourceDef) =>
  fieldEntries(def).find(([, f]) => f.filter === 'like' && isInForm(f) && !f.immutable && f.type === 'string')!;

/**
 * Resources whose rows are added through the API. A document drafted only by another (a quota
 * arrangement by its split award, QUO-9) has no add; the workflow-document suite covers it.
 */
const addable = Object.values(resources).filter((def) => def.capabilities.add);

describe.each(addable)('resource $key', (def) => {
  const api = (action: string) => `${def.path}/${action}`;
  let created: Row;

  it('adds a row and reads it back', async () => {
    const values = await sample(def);
    const res = await s.request<{ id: string }>('POST', api('add'), { token: admin, body: values });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, message: '添加成功！' });
    const got = await s.request<Row>('GET', `${api('queryById')}?id=${res.body.result.id}`, { token: admin });
    expect(got.body.result).toMatchObject({ ...values, id: res.body.result.id, createBy: 'admin' });
    expect(got.body.result.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    created = got.body.result;
  });

  it('lists with paging and the default sort, and filters by each filterable field', async () => {
    const page = await s.request<PageResult<Row>>('GET', `${api('list')}?pageNo=1&pageSize=10`, { token: admin });
    expect(page.body.result).toMatchObject({ current: 1, size: 10 });
    expect(page.body.result.total).toBeGreaterThanOrEqual(1);
    for (const [name, f] of fieldEntries(def)) {
      if (!f.filter || created[name] === null || created[name] === undefined) continue;
      const value = f.filter === 'like' ? `*${String(created[name])}*` : String(created[name]);
      const res = await s.request<PageResult<Row>>(
        'GET',
        `${api('list')}?${name}=${encodeURIComponent(value)}&pageSize=100`,
        { token: admin },
      );
      expect(
        res.body.result.records.map((r) => r.id),
        `${def.key}.${name}`,
      ).toContain(created.id);
    }
  });

  it('sorts by every sortable field and refuses any other', async () => {
    for (const [name, f] of fieldEntries(def)) {
      if (!f.sortable) continue;
      const res = await s.request('GET', `${api('list')}?column=${name}&order=asc`, { token: admin });
      expect(res.status, `${def.key} sort ${name}`).toBe(200);
    }
    expect((await s.request('GET', `${api('list')}?column=id;drop`, { token: admin })).status).toBe(400);
    expect((await s.request('GET', `${api('list')}?column=createTime&order=sideways`, { token: admin })).status).toBe(
      400,
    );
  });

  it('refuses bad input field by field, unknown fields and duplicates, and changes nothing', async () => {
    const required = fieldEntries(def).find(([, f]) => f.required && isInForm(f))!;
    const missing = { ...(await sample(def)), [required[0]]: '' };
    const res = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
      token: admin,
      body: missing,
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors[required[0]]).toBe(`请输入${required[1].label}`);
    const extra = await s.request('POST', api('add'), {
      token: admin,
      body: { ...(await sample(def)), createBy: 'someone', tenantId: 2 },
    });
    expect(extra.status).toBe(400);
    const unique = fieldEntries(def).find(([, f]) => f.unique);
    if (unique) {
      const dup = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
        token: admin,
        body: { ...(await sample(def)), [unique[0]]: created[unique[0]] },
      });
      expect(dup.status).toBe(400);
      expect(dup.body.result.errors[unique[0]]).toBe(`${unique[1].label}已存在`);
    }
  });

  it('edits a row', async () => {
    if (!def.capabilities.edit) {
      expect((await s.request('PUT', api('edit'), { token: admin, body: { id: created.id } })).status).toBe(404);
      return;
    }
    const [name] = textField(def);
    const res = await s.request('PUT', api('edit'), { token: admin, body: { id: created.id, [name]: 'edited' } });
    expect(res.body).toMatchObject({ success: true });
    const got = await s.request<Row>('GET', `${api('queryById')}?id=${created.id}`, { token: admin });
    expect(got.body.result[name]).toBe('edited');
    expect(got.body.result.updateBy).toBe('admin');
    const unknown = await s.request('PUT', api('edit'), { token: admin, body: { id: unknownId(def), [name]: 'x' } });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('exports the current filter as xlsx with labels and dictionary texts', async () => {
    if (!def.capabilities.export) {
      expect((await fetch(`${s.base}${api('exportXls')}`, { headers: { 'X-Access-Token': admin } })).status).toBe(404);
      return;
    }
    const res = await fetch(`${s.base}${api('exportXls')}?id=&pageSize=5`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(def.label));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain(fieldEntries(def).find(([, f]) => f.list !== false)![1].label);
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('imports rows from the template: valid rows are added, bad ones reported with code 201', async () => {
    if (!def.capabilities.import) {
      expect(
        (await fetch(`${s.base}${api('importExcel')}`, { method: 'POST', headers: { 'X-Access-Token': admin } }))
          .status,
      ).toBe(404);
      return;
    }
    const template = await fetch(`${s.base}${api('importTemplate')}`, { headers: { 'X-Access-Token': admin } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await template.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const headerKeys = (sheet.getRow(1).values as string[])
      .slice(1)
      .map((h) => fieldEntries(def).find(([, f]) => f.label === h.replace(/\*$/, ''))![0]);
    const good = await sample(def);
    const bad = { ...(await sample(def)), [fieldEntries(def).find(([, f]) => f.required)![0]]: '' };
    sheet.addRow(headerKeys.map((k) => good[k]));
    sheet.addRow(headerKeys.map((k) => bad[k]));
    const form = new FormData();
    form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'import.xlsx');
    const res = await fetch(`${s.base}${api('importExcel')}`, {
      method: 'POST',
      headers: { 'X-Access-Token': admin },
      body: form,
    });
    const body = (await res.json()) as {
      code: number;
      result: { successCount: number; errorCount: number; fileUrl: string; errors: { row: number }[] };
    };
    expect(body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
    expect(body.result.errors[0]!.row).toBe(3);
    const log = await fetch(`${s.base}${body.result.fileUrl}`, { headers: { 'X-Access-Token': admin } });
    expect(await log.text()).toContain('第3行');
    expect((await fetch(`${s.base}${body.result.fileUrl}`, { headers: { 'X-Access-Token': buyer } })).status).toBe(404);
    const notXlsx = new FormData();
    notXlsx.append('file', new Blob(['<html>']), 'evil.xlsx');
    const refused = await fetch(`${s.base}${api('importExcel')}`, {
      method: 'POST',
      headers: { 'X-Access-Token': admin },
      body: notXlsx,
    });
    expect(refused.status).toBe(400);
  });

  it('deletes one row and a batch; an empty batch is refused', async () => {
    if (!def.capabilities.delete) {
      expect((await s.request('DELETE', `${api('delete')}?id=${created.id}`, { token: admin })).status).toBe(404);
      return;
    }
    const del = await s.request('DELETE', `${api('delete')}?id=${created.id}`, { token: admin });
    expect(del.body.success).toBe(true);
    expect((await s.request('GET', `${api('queryById')}?id=${created.id}`, { token: admin })).status).toBe(404);
    const a = (await s.request<{ id: string }>('POST', api('add'), { token: admin, body: await sample(def) })).body
      .result.id;
    const b = (await s.request<{ id: string }>('POST', api('add'), { token: admin, body: await sample(def) })).body
      .result.id;
    expect((await s.request('DELETE', `${api('deleteBatch')}?ids=${a},${b},`, { token: admin })).body.success).toBe(
      true,
    );
    expect((await s.request('GET', `${api('queryById')}?id=${b}`, { token: admin })).status).toBe(404);
    const none = await s.request('DELETE', `${api('deleteBatch')}?ids=,`, { token: admin });
    expect(none.body.message).toBe('请选择一条记录！');
    expect((await s.request('DELETE', `${api('deleteBatch')}?ids=1') or (1=1`, { token: admin })).status).toBe(400);
  });

  it('refuses every action without its permission code (403)', async () => {
    const calls: [string, string, Parameters<typeof permissionCode>[1]][] = [
      ['GET', api('list'), 'list'],
      ['POST', api('add'), 'add'],
      ...(def.capabilities.edit ? [['PUT', api('edit'), 'edit'] as [string, string, 'edit']] : []),
      ...(def.capabilities.delete
        ? [['DELETE', `${api('delete')}?id=${unknownId(def)}`, 'delete'] as [string, string, 'delete']]
        : []),
      ...(def.capabilities.export ? [['GET', api('exportXls'), 'export'] as [string, string, 'export']] : []),
    ];
    for (const [method, url] of calls) {
      const res = await s.request(method, url, {
        token: nobody,
        body: method === 'POST' || method === 'PUT' ? {} : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });
});

/**
 * Tenant isolation (security.md TEN-1, TEN-2, TEN-3; R7), run over every definition with
 * `tenant: true`: two users of two tenants, each with every permission, never see, change or
 * delete each other's rows; the tenant comes from the session, never from the body or a
 * foreign header; unique values are unique per tenant.
 */
const tenantResources = addable.filter((def) => def.tenant === true);

describe.runIf(tenantResources.length > 0)('tenant isolation', () => {
  let t1: number;
  let t2: number;
  let u1: string;
  let u2: string;

  beforeAll(async () => {
    const addTenant = async (name: string) =>
      (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name } })).body.result.id;
    t1 = await addTenant('隔离租户甲');
    t2 = await addTenant('隔离租户乙');
    const adminRole = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const addUser = async (username: string, tenant: number) => {
      const res = await s.request('POST', '/sys/user/add', {
        token: admin,
        body: {
          username,
          password: DEMO_PASSWORD,
          confirmpassword: DEMO_PASSWORD,
          realname: username,
          selectedroles: adminRole.id,
          relTenantIds: String(tenant),
        },
      });
      expect(res.body.success, res.body.message).toBe(true);
      return s.login(username);
    };
    u1 = await addUser('tenant_iso_1', t1);
    u2 = await addUser('tenant_iso_2', t2);
  });

  describe.each(tenantResources)('resource $key', (def) => {
    const api = (action: string) => `${def.path}/${action}`;
    const as = (token: string, tenant?: number): { token: string; headers: Record<string, string> } => ({
      token,
      headers: tenant === undefined ? {} : { tenant_id: String(tenant) },
    });
    const tenantOfRow = async (id: string) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table comes from the definition
      (await (s.ctx.db as any).selectFrom(def.table).select('tenantId').where('id', '=', id).executeTakeFirst())
        ?.tenantId as number | undefined;
    const listIds = async (token: string) =>
      (await s.request<PageResult<Row>>('GET', `${api('list')}?pageSize=1000`, as(token))).body.result.records.map(
        (r) => r.id,
      );

    it('stamps new rows with the session tenant, whatever the body says (TEN-2)', async () => {
      const res = await s.request<{ id: string }>('POST', api('add'), {
        ...as(u1, t1),
        body: { ...(await sample(def, t1)), tenantId: t2 },
      });
      expect(res.body.success, res.body.message).toBe(true);
      expect(await tenantOfRow(res.body.result.id)).toBe(t1);
      // Without a header the user works in their first effective tenant, not in tenant 0.
      const bare = await s.request<{ id: string }>('POST', api('add'), { token: u1, body: await sample(def, t1) });
      expect(await tenantOfRow(bare.body.result.id)).toBe(t1);
      if (def.capabilities.edit) {
        const edited = await s.request('PUT', api('edit'), {
          ...as(u1),
          body: { id: res.body.result.id, tenantId: t2 },
        });
        expect(edited.body.success).toBe(true);
        expect(await tenantOfRow(res.body.result.id)).toBe(t1);
      }
    });

    it("hides one tenant's rows from the other in list, queryById, export, edit, delete and deleteBatch (TEN-3)", async () => {
      const values = await sample(def, t1);
      const id = (await s.request<{ id: string }>('POST', api('add'), { ...as(u1, t1), body: values })).body.result.id;
      const other = (
        await s.request<{ id: string }>('POST', api('add'), { ...as(u1, t1), body: await sample(def, t1) })
      ).body.result.id;
      expect(await listIds(u1)).toEqual(expect.arrayContaining([id, other]));
      expect(await listIds(u2)).not.toContain(id);
      expect(await listIds(admin)).not.toContain(id);
      for (const [name, f] of fieldEntries(def)) {
        if (f.filter !== 'like' || typeof values[name] !== 'string') continue;
        const filtered = await s.request<PageResult<Row>>(
          'GET',
          `${api('list')}?${name}=${encodeURIComponent(String(values[name]))}`,
          as(u2),
        );
        expect(filtered.body.result.total, `${def.key}.${name}`).toBe(0);
      }
      expect((await s.request('GET', `${api('queryById')}?id=${id}`, as(u1))).status).toBe(200);
      expect((await s.request('GET', `${api('queryById')}?id=${id}`, as(u2))).status).toBe(404);

      if (def.capabilities.export) {
        const exported = async (token: string, query: string) => {
          const res = await fetch(`${s.base}${api('exportXls')}?${query}`, { headers: { 'X-Access-Token': token } });
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(await res.arrayBuffer());
          const sheet = book.worksheets[0]!;
          return sheet
            .getSheetValues()
            .slice(2)
            .map((r) => JSON.stringify(r));
        };
        const [label] = fieldEntries(def)
          .filter(([, f]) => f.list !== false && f.type === 'string')
          .map(([n]) => n);
        expect(await exported(u1, `selections=${id}`)).toHaveLength(1);
        expect(await exported(u2, `selections=${id},${other}`)).toHaveLength(0);
        if (label)
          expect((await exported(u2, 'pageSize=10000')).some((r) => r.includes(String(values[label])))).toBe(false);
      }

      const [name] = textField(def);
      if (def.capabilities.edit)
        expect(
          (await s.request('PUT', api('edit'), { ...as(u2), body: { id, [name]: 'hijacked' } })).body,
        ).toMatchObject({ success: false, message: '未找到对应实体' });
      if (def.capabilities.delete)
        expect((await s.request('DELETE', `${api('delete')}?id=${id}`, as(u2))).body).toMatchObject({
          success: false,
          message: '未找到对应实体',
        });
      if (def.capabilities.deleteBatch)
        expect((await s.request('DELETE', `${api('deleteBatch')}?ids=${id},${other}`, as(u2))).body).toMatchObject({
          success: false,
          message: '未找到对应实体',
        });
      const still = await s.request<Row>('GET', `${api('queryById')}?id=${id}`, as(u1));
      expect(still.body.result[name]).toBe(values[name]);
      expect(await tenantOfRow(other)).toBe(t1);
    });

    it('refuses a header naming a tenant the user does not belong to (TEN-1)', async () => {
      for (const header of ['tenant_id', 'tenant-id']) {
        const res = await s.request('GET', api('list'), { token: u1, headers: { [header]: String(t2) } });
        expect(res.status, header).toBe(403);
        expect(res.body.message).toBe('用户租户信息变更,请重新登陆!');
      }
      expect((await s.request('GET', api('list'), { token: admin, headers: { tenant_id: String(t1) } })).status).toBe(
        403,
      );
      expect((await s.request('GET', api('list'), as(u1, t1))).status).toBe(200);
    });

    it('keeps unique values unique per tenant: the same code may exist in both', async () => {
      const unique = fieldEntries(def).find(([, f]) => f.unique);
      if (!unique) return;
      const [field, f] = unique;
      const first = await sample(def, t1);
      expect((await s.request('POST', api('add'), { ...as(u1), body: first })).body.success).toBe(true);
      const check = (token: string) =>
        s.request(
          'GET',
          `/sys/duplicate/check?tableName=${def.table}&fieldName=${columnOf(field, f)}&fieldVal=${encodeURIComponent(String(first[field]))}`,
          as(token),
        );
      expect((await check(u1)).body.success).toBe(false);
      expect((await check(u2)).body.success).toBe(true);
      const same = { ...(await sample(def, t2)), [field]: first[field] };
      const inOther = await s.request<{ id: string }>('POST', api('add'), { ...as(u2), body: same });
      expect(inOther.body.success, inOther.body.message).toBe(true);
      expect(await tenantOfRow(inOther.body.result.id)).toBe(t2);
      const dup = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
        ...as(u1),
        body: { ...(await sample(def, t1)), [field]: first[field] },
      });
      expect(dup.status).toBe(400);
      expect(dup.body.result.errors[field]).toBe(`${f.label}已存在`);
    });

    it("imports into the importing user's tenant", async () => {
      if (!def.capabilities.import) return;
      const template = await fetch(`${s.base}${api('importTemplate')}`, { headers: { 'X-Access-Token': u2 } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await template.arrayBuffer());
      const sheet = book.worksheets[0]!;
      const headerKeys = (sheet.getRow(1).values as string[])
        .slice(1)
        .map((h) => fieldEntries(def).find(([, f]) => f.label === h.replace(/\*$/, ''))![0]);
      const row = await sample(def, t2);
      sheet.addRow(headerKeys.map((k) => row[k]));
      const form = new FormData();
      form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'import.xlsx');
      const res = await fetch(`${s.base}${api('importExcel')}`, {
        method: 'POST',
        headers: { 'X-Access-Token': u2 },
        body: form,
      });
      expect(((await res.json()) as { success: boolean }).success).toBe(true);
      const [label] = textField(def);
      const found = await s.request<PageResult<Row>>(
        'GET',
        `${api('list')}?${label}=${encodeURIComponent(String(row[label]))}`,
        as(u2),
      );
      expect(found.body.result.total).toBe(1);
      expect(await tenantOfRow(found.body.result.records[0]!.id)).toBe(t2);
      expect(
        (
          await s.request<PageResult<Row>>(
            'GET',
            `${api('list')}?${label}=${encodeURIComponent(String(row[label]))}`,
            as(u1),
          )
        ).body.result.total,
      ).toBe(0);
    });
  });
});

/** Two new tenants, each with an administrator holding the platform's administrator role. */
async function twoTenantAdmins(
  name: string,
  username: string,
): Promise<{ t1: number; t2: number; u1: string; u2: string }> {
  const addTenant = async (tenant: string) =>
    (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: tenant } })).body.result
      .id;
  const t1 = await addTenant(`${name}租户甲`);
  const t2 = await addTenant(`${name}租户乙`);
  const adminRole = await s.ctx.db
    .selectFrom('sysRole')
    .select('id')
    .where('roleCode', '=', 'admin')
    .where('tenantId', '=', 0)
    .executeTakeFirstOrThrow();
  const addUser = async (user: string, tenant: number) => {
    const res = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: user,
        password: DEMO_PASSWORD,
        realname: user,
        selectedroles: adminRole.id,
        relTenantIds: String(tenant),
      },
    });
    expect(res.body.success, res.body.message).toBe(true);
    return s.login(user);
  };
  return { t1, t2, u1: await addUser(`${username}_1`, t1), u2: await addUser(`${username}_2`, t2) };
}

/**
 * System data of JeecgBoot's multi-tenant mode (issue 16), run over every definition with
 * `tenant: 'system'`: the administrator of one tenant neither sees nor changes another
 * tenant's rows (list, filters, queryById, export, edit, delete, deleteBatch); the platform
 * administrator (no tenants) sees and changes every tenant's; new rows take the session's
 * tenant whatever the body says; unique values stay unique across tenants (within one for
 * `tenantUnique`: role codes).
 */
const systemResources = addable.filter((def) => def.tenant === 'system');

describe.runIf(systemResources.length > 0)('tenant isolation of system data', () => {
  let t1: number;
  let t2: number;
  let u1: string;
  let u2: string;

  beforeAll(async () => {
    ({ t1, t2, u1, u2 } = await twoTenantAdmins('系统数据', 'system_iso'));
  });

  describe.each(systemResources)('resource $key', (def) => {
    const api = (action: string) => `${def.path}/${action}`;
    const tenantOfRow = async (id: string) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table comes from the definition
      (await (s.ctx.db as any).selectFrom(def.table).select('tenantId').where('id', '=', id).executeTakeFirst())
        ?.tenantId as number | undefined;
    const listIds = async (token: string) =>
      (await s.request<PageResult<Row>>('GET', `${api('list')}?pageSize=1000`, { token })).body.result.records.map(
        (r) => r.id,
      );
    const add = async (token: string, body: Record<string, unknown>) => {
      const res = await s.request<{ id: string }>('POST', api('add'), { token, body });
      expect(res.body.success, res.body.message).toBe(true);
      return res.body.result.id;
    };

    it("stamps rows with the session's tenant; the platform's rows are tenant 0", async () => {
      const id = await add(u1, { ...(await sample(def, t1)), tenantId: t2 });
      expect(await tenantOfRow(id)).toBe(t1);
      const platform = await add(admin, { ...(await sample(def)), tenantId: t1 });
      expect(await tenantOfRow(platform)).toBe(0);
      expect(await listIds(u1)).not.toContain(platform);
      expect(await listIds(u1)).toContain(id);
    });

    it("hides one tenant's rows from the other's administrator; the platform sees and changes them", async () => {
      const values = await sample(def, t1);
      const id = await add(u1, values);
      const other = await add(u1, await sample(def, t1));
      expect(await listIds(u2)).not.toContain(id);
      expect(await listIds(admin)).toEqual(expect.arrayContaining([id, other]));
      for (const [name, f] of fieldEntries(def)) {
        if (f.filter !== 'like' || typeof values[name] !== 'string') continue;
        const url = `${api('list')}?${name}=${encodeURIComponent(String(values[name]))}`;
        expect((await s.request<PageResult<Row>>('GET', url, { token: u2 })).body.result.total, name).toBe(0);
        expect((await s.request<PageResult<Row>>('GET', url, { token: admin })).body.result.total, name).toBe(1);
      }
      expect((await s.request('GET', `${api('queryById')}?id=${id}`, { token: u2 })).status).toBe(404);
      expect((await s.request('GET', `${api('queryById')}?id=${id}`, { token: admin })).status).toBe(200);
      if (def.capabilities.export) {
        const rows = async (token: string) => {
          const res = await fetch(`${s.base}${api('exportXls')}?selections=${id},${other}`, {
            headers: { 'X-Access-Token': token },
          });
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(await res.arrayBuffer());
          return book.worksheets[0]!.getSheetValues().slice(2).length;
        };
        expect(await rows(u2)).toBe(0);
        expect(await rows(admin)).toBe(2);
      }
      const [name] = textField(def);
      const notFound = { success: false, message: '未找到对应实体' };
      if (def.capabilities.edit)
        expect(
          (await s.request('PUT', api('edit'), { token: u2, body: { id, [name]: 'hijacked' } })).body,
        ).toMatchObject(notFound);
      if (def.capabilities.delete)
        expect((await s.request('DELETE', `${api('delete')}?id=${id}`, { token: u2 })).body).toMatchObject(notFound);
      if (def.capabilities.deleteBatch)
        expect(
          (await s.request('DELETE', `${api('deleteBatch')}?ids=${id},${other}`, { token: u2 })).body,
        ).toMatchObject(notFound);
      const still = await s.request<Row>('GET', `${api('queryById')}?id=${id}`, { token: u1 });
      expect(still.body.result[name]).toBe(values[name]);
      if (def.capabilities.edit) {
        const byPlatform = await s.request('PUT', api('edit'), { token: admin, body: { id, [name]: 'byPlatform' } });
        expect(byPlatform.body.success, byPlatform.body.message).toBe(true);
        expect(await tenantOfRow(id)).toBe(t1);
      }
      if (def.capabilities.delete)
        expect((await s.request('DELETE', `${api('delete')}?id=${other}`, { token: admin })).body.success).toBe(true);
    });

    it(
      def.tenantUnique
        ? 'keeps unique values unique within a tenant: another tenant may take the same (role codes)'
        : 'keeps unique values unique across tenants',
      async () => {
        const unique = fieldEntries(def).find(([, f]) => f.unique);
        if (!unique) return;
        const [field, f] = unique;
        const first = await sample(def, t1);
        await add(u1, first);
        const other = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
          token: u2,
          body: { ...(await sample(def, t2)), [field]: first[field] },
        });
        if (def.tenantUnique) {
          expect(other.body.success, other.body.message).toBe(true);
          const same = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
            token: u1,
            body: { ...(await sample(def, t1)), [field]: first[field] },
          });
          expect(same.status).toBe(400);
          expect(same.body.result.errors[field]).toBe(`${f.label}已存在`);
          return;
        }
        expect(other.status).toBe(400);
        expect(other.body.result.errors[field]).toBe(`${f.label}已存在`);
      },
    );
  });
});

/**
 * Shared system data (issue 16), run over every definition with `tenant: 'shared'`
 * (dictionaries): a tenant reads its own rows and the platform's (tenant 0), never another
 * tenant's; it changes its own only, the platform's being read-only to it; the platform sees
 * and changes every row; unique values are unique within a tenant.
 */
const sharedResources = addable.filter((def) => def.tenant === 'shared');

describe.runIf(sharedResources.length > 0)('tenant isolation of shared data', () => {
  let t1: number;
  let t2: number;
  let u1: string;
  let u2: string;

  beforeAll(async () => {
    ({ t1, t2, u1, u2 } = await twoTenantAdmins('共享数据', 'shared_iso'));
  });

  describe.each(sharedResources)('resource $key', (def) => {
    const api = (action: string) => `${def.path}/${action}`;
    const listIds = async (token: string) =>
      (await s.request<PageResult<Row>>('GET', `${api('list')}?pageSize=1000`, { token })).body.result.records.map(
        (r) => r.id,
      );
    const add = async (token: string, body: Record<string, unknown>) => {
      const res = await s.request<{ id: string }>('POST', api('add'), { token, body });
      expect(res.body.success, res.body.message).toBe(true);
      return res.body.result.id;
    };
    const readOnly = { success: false, message: `平台共享的${def.label}只读，只有平台管理员可以修改` };
    const notFound = { success: false, message: '未找到对应实体' };

    it("shows a tenant its own rows and the platform's, never another tenant's; the platform sees all", async () => {
      const platform = await add(admin, await sample(def));
      const own = await add(u1, await sample(def, t1));
      expect(await listIds(u1)).toEqual(expect.arrayContaining([platform, own]));
      expect(await listIds(u2)).toContain(platform);
      expect(await listIds(u2)).not.toContain(own);
      expect(await listIds(admin)).toEqual(expect.arrayContaining([platform, own]));
      expect((await s.request('GET', `${api('queryById')}?id=${own}`, { token: u2 })).status).toBe(404);
    });

    it("lets a tenant change its own rows only: the platform's are read-only to it, another tenant's absent", async () => {
      const [name] = textField(def);
      const platform = await add(admin, await sample(def));
      const own = await add(u1, await sample(def, t1));
      const edit = (token: string, id: string, value: string) =>
        s.request('PUT', api('edit'), { token, body: { id, [name]: value } });
      expect((await edit(u1, platform, 'hijacked')).body).toMatchObject(readOnly);
      if (def.capabilities.delete)
        expect((await s.request('DELETE', `${api('delete')}?id=${platform}`, { token: u1 })).body).toMatchObject(
          readOnly,
        );
      expect((await edit(u2, own, 'hijacked')).body).toMatchObject(notFound);
      if (def.capabilities.deleteBatch)
        expect((await s.request('DELETE', `${api('deleteBatch')}?ids=${own}`, { token: u2 })).body).toMatchObject(
          notFound,
        );
      const still = await s.request<Row>('GET', `${api('queryById')}?id=${platform}`, { token: u1 });
      expect(still.body.result[name]).not.toBe('hijacked');
      expect((await edit(u1, own, 'mine')).body.success).toBe(true);
      expect((await edit(admin, platform, 'byPlatform')).body.success).toBe(true);
    });

    it('keeps unique values unique within a tenant: another tenant may take the same', async () => {
      const unique = fieldEntries(def).find(([, f]) => f.unique);
      if (!unique) return;
      const [field, f] = unique;
      const first = await sample(def, t1);
      await add(u1, first);
      await add(u2, { ...(await sample(def, t2)), [field]: first[field] });
      const same = await s.request<{ errors: Record<string, string> }>('POST', api('add'), {
        token: u1,
        body: { ...(await sample(def, t1)), [field]: first[field] },
      });
      expect(same.status).toBe(400);
      expect(same.body.result.errors[field]).toBe(`${f.label}已存在`);
    });
  });
});

describe('resource rules beyond the contract', () => {
  it('the administrator role cannot be deleted', async () => {
    const role = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const res = await s.request('DELETE', `/sys/role/delete?id=${role.id}`, { token: admin });
    expect(res.body).toMatchObject({ success: false, message: '系统内置的管理员角色不能删除' });
  });

  it('a deleted dictionary goes to the recycle bin (soft delete)', async () => {
    const id = (
      await s.request<{ id: string }>('POST', '/sys/dict/add', {
        token: admin,
        body: { dictName: '临时', dictCode: 'tmp_dict' },
      })
    ).body.result.id;
    await s.request('DELETE', `/sys/dict/delete?id=${id}`, { token: admin });
    const row = await s.ctx.db.selectFrom('sysDict').select('delFlag').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.delFlag).toBe(1);
  });

  it('a dictionary item value is unique within its dictionary and its dictionary must exist', async () => {
    const dict = await s.ctx.db
      .selectFrom('sysDict')
      .select('id')
      .where('dictCode', '=', 'sex')
      .executeTakeFirstOrThrow();
    const dup = await s.request<{ errors: Record<string, string> }>('POST', '/sys/dictItem/add', {
      token: admin,
      body: { dictId: dict.id, itemText: '又一个', itemValue: '1' },
    });
    expect(dup.body.result.errors).toEqual({ itemValue: '数据值已存在' });
    const orphan = await s.request<{ errors: Record<string, string> }>('POST', '/sys/dictItem/add', {
      token: admin,
      body: { dictId: 'f'.repeat(32), itemText: 'x', itemValue: 'x' },
    });
    expect(orphan.body.result.errors).toEqual({ dictId: '字典不存在' });
  });

  it('editing a dictionary item to a value its dictionary already has is refused', async () => {
    const dict = await s.ctx.db
      .selectFrom('sysDict')
      .select('id')
      .where('dictCode', '=', 'sex')
      .executeTakeFirstOrThrow();
    const female = await s.ctx.db
      .selectFrom('sysDictItem')
      .select('id')
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', '2')
      .executeTakeFirstOrThrow();
    const res = await s.request<{ errors: Record<string, string> }>('PUT', '/sys/dictItem/edit', {
      token: admin,
      body: { id: female.id, itemValue: '1' },
    });
    expect(res.body.result.errors).toEqual({ itemValue: '数据值已存在' });
    expect(
      (
        await s.request('PUT', '/sys/dictItem/edit', {
          token: admin,
          body: { id: female.id, itemValue: '2', itemText: '女性' },
        })
      ).body.success,
    ).toBe(true);
  });

  it('dictionary texts appear beside dictionary values', async () => {
    const res = await s.request<PageResult<Row>>('GET', '/sys/dictItem/list?status=1&pageSize=1', { token: admin });
    expect(res.body.result.records[0]).toMatchObject({ status: 1, status_dictText: '启用' });
  });

  it('an exported cell that looks like a formula is text (RPT-4)', async () => {
    await s.request('POST', '/sys/position/add', {
      token: admin,
      body: { code: 'F1', name: '=HYPERLINK("http://x")' },
    });
    const res = await fetch(`${s.base}/sys/position/exportXls?code=F1`, { headers: { 'X-Access-Token': admin } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe('\'=HYPERLINK("http://x")');
  });
});

describe('GET /sys/duplicate/check', () => {
  const check = (q: string) => s.request('GET', `/sys/duplicate/check?${q}`, { token: buyer });
  it('answers for allow-listed unique fields', async () => {
    expect((await check('tableName=sys_user&fieldName=username&fieldVal=admin')).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await check('tableName=sys_user&fieldName=username&fieldVal=nobody-yet')).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    const self = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await check(`tableName=sys_user&fieldName=username&fieldVal=admin&dataId=${self.id}`)).body.success).toBe(
      true,
    );
    expect((await check('tableName=sys_role&fieldName=role_code&fieldVal=admin')).body.success).toBe(false);
    expect((await check('tableName=sys_user&fieldName=username&fieldVal=')).body).toMatchObject({
      success: true,
      code: 500,
      message: '数据为空,不作处理！',
    });
  });

  it("answers on users' phone and email to user administrators only (issue 16 #7)", async () => {
    const supplier = await s.login('supplier1');
    const known = await s.ctx.db
      .selectFrom('sysUser')
      .select(['phone', 'email'])
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    for (const [field, value] of [
      ['phone', known.phone],
      ['email', known.email],
      ['phone', '13000000009'],
      ['email', 'nobody@example.com'],
    ] as const) {
      const q = `tableName=sys_user&fieldName=${field}&fieldVal=${encodeURIComponent(value ?? 'x')}`;
      const refused = await s.request('GET', `/sys/duplicate/check?${q}`, { token: supplier });
      expect(refused.status, q).toBe(403);
      expect(refused.body).toMatchObject({ success: false, message: '没有权限，请联系管理员授权' });
    }
    const byAdmin = await s.request(
      'GET',
      `/sys/duplicate/check?tableName=sys_user&fieldName=phone&fieldVal=${known.phone}`,
      {
        token: admin,
      },
    );
    expect(byAdmin.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });

  it('refuses anything off the allow-list, injection included (SQLI-3, SQLI-4)', async () => {
    for (const q of [
      'tableName=sys_user&fieldName=password_hash&fieldVal=x',
      'tableName=sys_session&fieldName=id&fieldVal=x',
      'tableName=sys_user t&fieldName=username&fieldVal=x',
      'tableName=sys_user&fieldName=1+and%09sleep(5)&fieldVal=x',
      'tableName=(sys_user)&fieldName=username&fieldVal=x',
    ]) {
      const res = await check(q);
      expect(res.status, q).toBe(400);
      expect(res.text).not.toMatch(/SQL|syntax/i);
    }
  });
});
