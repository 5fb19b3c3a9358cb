import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type DictItem, type PageResult } from '@procura/shared';
import { memberLike, startTestServer, type TestServer } from './harness.js';

/**
 * Dictionaries and role codes per tenant (issue 16, JeecgBoot's multi-tenant mode). Tenant 0's
 * dictionaries are the platform's shared ones: every tenant reads them, only the platform changes
 * them; a tenant's own are its alone, and its code takes precedence over a shared one of the same
 * code. Role and dictionary codes are unique within a tenant. `hdadmin` administers tenant 1000
 * (A); `bdadmin`, made here with the same role, administers a second tenant (B); `admin` is the platform.
 */
type Row = Record<string, unknown> & { id: string };
let s: TestServer;
let admin: string;
let a: string;
let b: string;
let tenantB: number;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  a = await s.login('hdadmin');
  tenantB = (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: '华北分公司' } }))
    .body.result.id;
  // Tenant B's administrator: hdadmin's account and role, in tenant B.
  b = await memberLike(s, 'hdadmin', 'bdadmin', tenantB);
});
afterAll(async () => s?.close());

const list = async (token: string, path: string) =>
  (await s.request<PageResult<Row>>('GET', path, { token })).body.result.records;
const dictRow = (code: string, tenantId: number) =>
  s.ctx.db
    .selectFrom('sysDict')
    .selectAll()
    .where('dictCode', '=', code)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
const addDict = (token: string, dictCode: string, dictName = dictCode) =>
  s.request<{ id: string }>('POST', '/sys/dict/add', { token, body: { dictCode, dictName } });
const addItem = (token: string, dictId: string, itemValue: string, itemText: string) =>
  s.request<{ id: string }>('POST', '/sys/dictItem/add', { token, body: { dictId, itemValue, itemText } });
const items = async (token: string, code: string) =>
  (await s.request<DictItem[]>('GET', `/sys/dict/getDictItems/${code}`, { token })).body.result.map(
    (i) => `${i.value}:${i.text}`,
  );

describe('dictionaries per tenant', () => {
  it('the same code in two tenants; a second one in the same tenant is refused', async () => {
    const mineA = await addDict(a, 'hd_grade', '华东等级');
    expect(mineA.body.success, mineA.body.message).toBe(true);
    expect((await dictRow('hd_grade', 1000))?.id).toBe(mineA.body.result.id);
    const mineB = await addDict(b, 'hd_grade', '华北等级');
    expect(mineB.body.success, mineB.body.message).toBe(true);
    expect((await dictRow('hd_grade', tenantB))?.dictName).toBe('华北等级');
    const again = await addDict(a, 'hd_grade');
    expect(again.body).toMatchObject({ success: false, message: '字典编码已存在' });
    const check = (token: string, value: string) =>
      s.request('GET', `/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=${value}`, { token });
    await addDict(a, 'hd_only_a');
    expect((await check(a, 'hd_only_a')).body.success).toBe(false);
    expect((await check(b, 'hd_only_a')).body.success).toBe(true);
  });

  it("an administrator of tenant A sees its own and the shared dictionaries, never tenant B's", async () => {
    const seen = await list(a, '/sys/dict/list?pageSize=200');
    const codes = seen.map((r) => r.dictCode);
    expect(codes).toContain('hd_grade');
    expect(codes).toContain('sex');
    const bId = (await dictRow('hd_grade', tenantB))!.id;
    expect(seen.map((r) => r.id)).not.toContain(bId);
    expect((await s.request('GET', `/sys/dict/queryById?id=${bId}`, { token: a })).body.success).toBe(false);
    // The platform sees every tenant's.
    const all = (await list(admin, '/sys/dict/list?dictCode=hd_grade')).map((r) => r.id);
    expect(all).toContain(bId);
  });

  it("refuses changing tenant B's dictionaries and the shared ones, changing nothing; the platform changes shared ones", async () => {
    const bDict = (await dictRow('hd_grade', tenantB))!;
    const edit = await s.request('PUT', '/sys/dict/edit', { token: a, body: { id: bDict.id, dictName: '改名' } });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const del = await s.request('DELETE', `/sys/dict/delete?id=${bDict.id}`, { token: a });
    expect(del.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await dictRow('hd_grade', tenantB)).toMatchObject({ dictName: '华北等级', delFlag: 0 });

    const sex = (await dictRow('sex', 0))!;
    const shared = await s.request('PUT', '/sys/dict/edit', { token: a, body: { id: sex.id, dictName: '改名' } });
    expect(shared.body).toMatchObject({ success: false, message: '平台共享的字典只读，只有平台管理员可以修改' });
    const sharedDel = await s.request('DELETE', `/sys/dict/deleteBatch?ids=${sex.id}`, { token: a });
    expect(sharedDel.body).toMatchObject({ success: false, message: '平台共享的字典只读，只有平台管理员可以修改' });
    expect(await dictRow('sex', 0)).toMatchObject({ dictName: sex.dictName, delFlag: 0 });
    const platform = await s.request('PUT', '/sys/dict/edit', { token: admin, body: { id: sex.id, dictName: '性别' } });
    expect(platform.body.success, platform.body.message).toBe(true);
  });

  it("items follow their dictionary: tenant B's are absent, the shared ones read-only", async () => {
    const aDict = (await dictRow('hd_grade', 1000))!;
    const bDict = (await dictRow('hd_grade', tenantB))!;
    const sex = (await dictRow('sex', 0))!;
    expect((await addItem(a, aDict.id, 'A', '优')).body.success).toBe(true);
    const bItem = await addItem(b, bDict.id, 'A', '甲');
    expect(bItem.body.success, bItem.body.message).toBe(true);

    expect((await addItem(a, bDict.id, 'X', '越权')).body).toMatchObject({ success: false, message: '字典不存在' });
    expect((await addItem(a, sex.id, '9', '其他')).body).toMatchObject({
      success: false,
      message: '平台共享的字典只读，只有平台管理员可以修改',
    });
    expect(await list(a, `/sys/dictItem/list?dictId=${bDict.id}`)).toEqual([]);
    const sexItems = await list(a, `/sys/dictItem/list?dictId=${sex.id}`);
    expect(sexItems.length).toBeGreaterThan(0);

    const bItemId = bItem.body.result.id;
    const edit = await s.request('PUT', '/sys/dictItem/edit', { token: a, body: { id: bItemId, itemText: '改' } });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const sharedEdit = await s.request('PUT', '/sys/dictItem/edit', {
      token: a,
      body: { id: sexItems[0]!.id, itemText: '改' },
    });
    expect(sharedEdit.body).toMatchObject({ success: false, message: '平台共享的字典项只读，只有平台管理员可以修改' });
    const sharedDel = await s.request('DELETE', `/sys/dictItem/delete?id=${sexItems[0]!.id}`, { token: a });
    expect(sharedDel.body.success).toBe(false);
    const kept = await s.ctx.db
      .selectFrom('sysDictItem')
      .selectAll()
      .where('id', 'in', [bItemId, sexItems[0]!.id])
      .execute();
    expect(kept.map((i) => i.itemText).sort()).toEqual([sexItems[0]!.itemText, '甲'].sort());
  });

  it("getDictItems and the login payload read the request's tenant first, then the shared dictionary; changes show at once", async () => {
    expect(await items(a, 'hd_grade')).toEqual(['A:优']);
    expect(await items(b, 'hd_grade')).toEqual(['A:甲']);
    expect(await items(admin, 'hd_grade')).toEqual([]);
    const shared = await items(a, 'priority');
    expect(shared).toEqual(await items(admin, 'priority'));

    // Tenant A keeps its own `priority`: it takes precedence for A only.
    const own = await addDict(a, 'priority', '华东优先级');
    expect(own.body.success, own.body.message).toBe(true);
    const item = await addItem(a, own.body.result.id, 'L', '低');
    expect(item.body.success).toBe(true);
    expect(await items(a, 'priority')).toEqual(['L:低']);
    expect(await items(b, 'priority')).toEqual(shared);
    const all = await s.request<Record<string, DictItem[]>>('GET', '/sys/dict/queryAllDictItems', { token: a });
    expect(all.body.result.priority!.map((i) => i.text)).toEqual(['低']);
    expect(all.body.result.sex!.length).toBeGreaterThan(0);

    // The cached dictionaries follow an edit (sys_cache_version), on the next read.
    const edit = await s.request('PUT', '/sys/dictItem/edit', {
      token: a,
      body: { id: item.body.result.id, itemText: '较低' },
    });
    expect(edit.body.success, edit.body.message).toBe(true);
    expect(await items(a, 'priority')).toEqual(['L:较低']);
    const login = await s.request<{ sysAllDictItems: Record<string, DictItem[]> }>('POST', '/sys/login', {
      body: { username: 'hdadmin', password: DEMO_PASSWORD, ...(await s.captcha()) },
    });
    expect(login.body.success, login.body.message).toBe(true);
    expect(login.body.result.sysAllDictItems.priority!.map((i) => i.text)).toEqual(['较低']);
  });
});

describe('role codes per tenant', () => {
  const addRole = (token: string, roleCode: string) =>
    s.request<{ id: string }>('POST', '/sys/role/add', { token, body: { roleCode, roleName: `角色${roleCode}` } });
  const roleRows = (code: string) =>
    s.ctx.db
      .selectFrom('sysRole')
      .select(['id', 'tenantId'])
      .where('roleCode', '=', code)
      .orderBy('tenantId')
      .execute();

  it('two tenants may each have a role `buyer`; a second in the same tenant is refused', async () => {
    expect((await roleRows('buyer')).map((r) => r.tenantId)).toEqual([0]);
    const inA = await addRole(a, 'buyer');
    expect(inA.body.success, inA.body.message).toBe(true);
    const inB = await addRole(b, 'buyer');
    expect(inB.body.success, inB.body.message).toBe(true);
    expect((await roleRows('buyer')).map((r) => r.tenantId)).toEqual([0, 1000, tenantB]);
    expect((await addRole(a, 'buyer')).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await addRole(admin, 'buyer')).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await roleRows('buyer')).length).toBe(3);
  });

  it('the duplicate check answers per tenant', async () => {
    const check = (token: string, value: string) =>
      s.request('GET', `/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=${value}`, { token });
    await addRole(a, 'hd_only');
    expect((await check(a, 'hd_only')).body.success).toBe(false);
    expect((await check(b, 'hd_only')).body.success).toBe(true);
    expect((await check(admin, 'hd_only')).body.success).toBe(true);
    expect((await check(b, 'buyer')).body.success).toBe(false);
  });

  it("an administrator of tenant A neither sees nor changes tenant B's roles", async () => {
    const bBuyer = (await roleRows('buyer')).find((r) => r.tenantId === tenantB)!;
    const seen = (await list(a, '/sys/role/list?pageSize=200')).map((r) => r.id);
    expect(seen).not.toContain(bBuyer.id);
    const edit = await s.request('PUT', '/sys/role/edit', { token: a, body: { id: bBuyer.id, roleName: '改名' } });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const del = await s.request('DELETE', `/sys/role/delete?id=${bBuyer.id}`, { token: a });
    expect(del.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const kept = await s.ctx.db.selectFrom('sysRole').select('roleName').where('id', '=', bBuyer.id).executeTakeFirst();
    expect(kept?.roleName).toBe('角色buyer');
  });
});
