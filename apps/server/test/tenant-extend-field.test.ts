import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type PageResult } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Configurable fields per tenant (issue 16): a tenant administrator defines and sees only its
 * own fields plus the platform's (tenant 0, shown to every tenant, changed by the platform
 * only). Two tenants may each have a field of one name; their values on a shared record
 * (bd_dataorg rows are not per tenant) stay apart, hidden from each other and from searches.
 */
type Row = Record<string, unknown> & { id: string };
let s: TestServer;
let admin: string;
let hdadmin: string;
let tbadmin: string;
let orgId: string;

const define = (token: string, body: Record<string, unknown>) =>
  s.request<{ id: string }>('POST', '/extendField/add', {
    token,
    body: { tableName: 'bd_dataorg', dataType: 'String', formStyle: 'list,edit', ...body },
  });
const formFields = async (token: string) =>
  (
    await s.request<{ fieldName: string; labelName: string }[]>('GET', '/extendField/getList?type=bd_dataorg', {
      token,
    })
  ).body.result
    .map((f) => `${f.fieldName}:${f.labelName}`)
    .sort();
const definitions = async (token: string) =>
  (await s.request<PageResult<Row>>('GET', '/extendField/list?pageSize=1000', { token })).body.result.records
    .map((r) => r.fieldName)
    .sort();
const org = async (token: string) =>
  (await s.request<Row>('GET', `/dataorg/bdDataorg/queryById?id=${orgId}`, { token })).body.result;
const found = async (token: string, query: string) =>
  (await s.request<PageResult<Row>>('GET', `/dataorg/bdDataorg/list?${query}`, { token })).body.result.total;

/** A role of `tenantId` granted the configurable field and organisation pages, and a user holding it. */
async function tenantAdmin(username: string, tenantId: number): Promise<string> {
  const roleId = `${'c'.repeat(28)}${String(tenantId).padStart(4, '0')}`;
  await s.ctx.db
    .insertInto('sysRole')
    .values({
      id: roleId,
      roleCode: `ext_${tenantId}`,
      roleName: `扩展字段管理员${tenantId}`,
      description: null,
      tenantId,
      createBy: 'test',
      createTime: '2026-01-01T00:00:00.000Z',
      updateBy: null,
      updateTime: null,
    })
    .execute();
  const perms = await s.ctx.db
    .selectFrom('sysPermission')
    .select('id')
    .where((eb) => eb.or([eb('perms', 'like', 'extendField:%'), eb('perms', 'like', 'dataorg:%')]))
    .execute();
  expect(perms.length).toBeGreaterThan(0);
  for (const [i, p] of perms.entries())
    await s.ctx.db
      .insertInto('sysRolePermission')
      .values({ id: `${tenantId}${'d'.repeat(22)}${String(i).padStart(6, '0')}`, roleId, permissionId: p.id })
      .execute();
  const added = await s.request('POST', '/sys/user/add', {
    token: admin,
    body: {
      username,
      realname: username,
      password: DEMO_PASSWORD,
      selectedroles: roleId,
      relTenantIds: String(tenantId),
    },
  });
  expect(added.body.success, added.body.message).toBe(true);
  return s.login(username);
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  const addTenant = async (name: string) =>
    (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name } })).body.result.id;
  hdadmin = await tenantAdmin('ext_a_admin', await addTenant('扩展字段租户甲'));
  tbadmin = await tenantAdmin('ext_b_admin', await addTenant('扩展字段租户乙'));
  const added = await s.request<{ id: string }>('POST', '/dataorg/bdDataorg/add', {
    token: admin,
    body: { code: 'EXT-T1', name: '共享组织' },
  });
  expect(added.body.success, added.body.message).toBe(true);
  orgId = added.body.result.id;
  expect((await define(admin, { fieldName: 'taxNo', labelName: '税号' })).body.success).toBe(true);
});
afterAll(async () => s?.close());

describe('configurable fields per tenant', () => {
  it("defines a tenant's fields in its tenant; forms show its own and the platform's only", async () => {
    const a = await define(hdadmin, { fieldName: 'color', labelName: '甲颜色', tenantId: 0 });
    expect(a.body.success, a.body.message).toBe(true);
    // The same name in another tenant is another field.
    const b = await define(tbadmin, { fieldName: 'color', labelName: '乙颜色' });
    expect(b.body.success, b.body.message).toBe(true);
    expect(await formFields(hdadmin)).toEqual(['color:甲颜色', 'taxNo:税号']);
    expect(await formFields(tbadmin)).toEqual(['color:乙颜色', 'taxNo:税号']);
    expect(await formFields(admin)).toEqual(['taxNo:税号']);
    // The definitions page: a tenant administers only its own; the platform all.
    expect(await definitions(hdadmin)).toEqual(['color']);
    expect(await definitions(admin)).toEqual(['color', 'color', 'taxNo']);
    const platformField = await s.ctx.db
      .selectFrom('sysExtendField')
      .select(['id', 'tenantId'])
      .where('fieldName', '=', 'taxNo')
      .executeTakeFirstOrThrow();
    expect(platformField.tenantId).toBe(0);
    const edit = await s.request('PUT', '/extendField/edit', {
      token: hdadmin,
      body: { id: platformField.id, labelName: '改名' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('refuses a name its forms already show; the platform refuses any tenant’s', async () => {
    const before = await s.ctx.db.selectFrom('sysExtendField').select('id').execute();
    expect((await define(hdadmin, { fieldName: 'taxNo', labelName: '税号二' })).body).toMatchObject({
      success: false,
      message: '字段名已存在',
    });
    expect((await define(hdadmin, { fieldName: 'color', labelName: '颜色二' })).body.message).toBe('字段名已存在');
    expect((await define(admin, { fieldName: 'color', labelName: '颜色' })).body.message).toBe('字段名已存在');
    expect((await s.ctx.db.selectFrom('sysExtendField').select('id').execute()).length).toBe(before.length);
  });

  it("keeps two tenants' values of a shared record apart, in reads, edits and searches", async () => {
    const edit = (token: string, extendValues: Record<string, string>) =>
      s.request('PUT', '/dataorg/bdDataorg/edit', { token, body: { id: orgId, extendValues } });
    expect((await edit(admin, { taxNo: 'T-001' })).body.success).toBe(true);
    expect((await edit(hdadmin, { color: '红' })).body.success).toBe(true);
    expect((await edit(tbadmin, { color: '蓝' })).body.success).toBe(true);
    expect(await org(hdadmin)).toMatchObject({ color: '红', taxNo: 'T-001' });
    expect(await org(tbadmin)).toMatchObject({ color: '蓝', taxNo: 'T-001' });
    expect((await org(admin)).color).toBeUndefined();
    expect(await found(hdadmin, 'color=红')).toBe(1);
    expect(await found(tbadmin, 'color=红')).toBe(0);
    // Another tenant's field is unknown to this one's form.
    const stored = await s.ctx.db
      .selectFrom('sysExtendValue')
      .select(['tenantId', 'fieldName', 'value'])
      .where('recordId', '=', orgId)
      .orderBy('value')
      .execute();
    expect(stored).toHaveLength(3);
    // Deleting a tenant's definition takes only its values.
    const mine = (await s.request<PageResult<Row>>('GET', '/extendField/list', { token: tbadmin })).body.result
      .records[0]!;
    expect((await s.request('DELETE', `/extendField/delete?id=${mine.id}`, { token: tbadmin })).body.success).toBe(
      true,
    );
    expect(await org(hdadmin)).toMatchObject({ color: '红', taxNo: 'T-001' });
    expect((await org(tbadmin)).color).toBeUndefined();
  });
});
