import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/ids.js';
import { memberLike, startTestServer, type TestServer } from './harness.js';

/**
 * Online reports per tenant (issue 16; JeecgBoot injects the tenant condition): a report's
 * SELECT reads the tenant tables it names (departments, dictionaries and their items) only
 * through a copy filtered by the request's tenant, the tenant a bound parameter, so a report
 * run in tenant A never returns tenant B's rows, through joins, subqueries and unions too. A
 * SELECT naming such a table qualified (which would bypass the filter) is refused with a clear
 * message. The platform reads every tenant's rows. `hdboss` (tenant 1000, A) and `bdboss`
 * (tenant B) are made here with the platform administrator's role, which may run reports.
 */
type Page = { total: number; records: Record<string, unknown>[] };
let s: TestServer;
let admin: string;
let a: string;
let b: string;
let tenantB: number;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  tenantB = (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: '华北分公司' } }))
    .body.result.id;
  a = await memberLike(s, 'admin', 'hdboss', 1000);
  b = await memberLike(s, 'admin', 'bdboss', tenantB);
  const createTime = '2026-01-01T00:00:00.000Z';
  await s.ctx.db
    .insertInto('sysDepart')
    .values({
      id: newId(),
      parentId: null,
      departName: '华北总部',
      orgCode: 'N01',
      orgCategory: '1',
      tenantId: tenantB,
      createTime,
    } as never)
    .execute();
  // A dictionary of each tenant with the same code, and one item each.
  for (const [tenantId, text] of [
    [1000, '华东项'],
    [tenantB, '华北项'],
  ] as const) {
    const dictId = newId();
    await s.ctx.db
      .insertInto('sysDict')
      .values({
        id: dictId,
        dictName: '地区',
        dictCode: 'region_x',
        description: null,
        delFlag: 0,
        tenantId,
        createTime,
      })
      .execute();
    await s.ctx.db
      .insertInto('sysDictItem')
      .values({
        id: newId(),
        dictId,
        itemText: text,
        itemValue: '1',
        description: null,
        sortOrder: 0,
        status: 1,
        createTime,
      })
      .execute();
  }
});
afterAll(async () => s?.close());

/** A platform report (tenant 0: every tenant runs it) of one column `v`, its rows as tenant `token` reads them. */
async function report(code: string, cgrSql: string): Promise<(token: string) => Promise<string[]>> {
  const head = await s.request<{ id: string }>('POST', '/online/cgreport/head/add', {
    token: admin,
    body: { code, name: code, cgrSql },
  });
  expect(head.body.success, head.body.message).toBe(true);
  const id = head.body.result.id;
  const item = await s.request('POST', '/online/cgreport/item/add', {
    token: admin,
    body: { cgrheadId: id, fieldName: 'v', fieldTxt: '值', fieldType: 'string', isShow: 1, isQuery: 0, orderNum: 0 },
  });
  expect(item.body.success, item.body.message).toBe(true);
  return async (token) => {
    const res = await s.request<Page>('GET', `/online/cgreport/api/getData/${id}?pageSize=500&column=v&order=asc`, {
      token,
    });
    expect(res.body.success, res.body.message).toBe(true);
    return res.body.result.records.map((r) => String(r.v));
  };
}

const departNames = async (tenantId: number) =>
  (await s.ctx.db.selectFrom('sysDepart').select('departName').where('tenantId', '=', tenantId).execute())
    .map((d) => d.departName)
    .sort();

describe('online reports per tenant', () => {
  it("a report in tenant A returns A's departments only, never tenant B's; the platform's returns all", async () => {
    const run = await report('tenant_departs', 'select depart_name as v from sys_depart');
    const own = await departNames(1000);
    expect(own.length).toBeGreaterThan(0);
    expect((await run(a)).sort()).toEqual(own);
    expect(await run(b)).toEqual(['华北总部']);
    const all = await run(admin);
    expect(all).toContain('华北总部');
    expect(all).toEqual(expect.arrayContaining(own));
  });

  it('filters through joins, subqueries, unions and upper-case names alike', async () => {
    const joined = await report(
      'tenant_join',
      "select p.depart_name as v from SYS_DEPART p left join sys_depart c on c.parent_id = p.id where p.id in (select id from sys_depart) union select 'x' || depart_name as v from Sys_Depart where org_code = 'N01'",
    );
    const rows = await joined(a);
    expect(rows).not.toContain('华北总部');
    expect(rows).not.toContain('x华北总部');
    expect([...new Set(rows)].sort()).toEqual(await departNames(1000));
    expect((await joined(b)).sort()).toEqual(['x华北总部', '华北总部'].sort());
  });

  it("dictionaries and their items: the tenant's own and the shared ones, never another tenant's", async () => {
    const run = await report(
      'tenant_dict_items',
      "select i.item_text as v from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code in ('region_x', 'sex')",
    );
    const shared = ['女', '男'];
    expect((await run(a)).sort()).toEqual([...shared, '华东项'].sort());
    expect((await run(b)).sort()).toEqual([...shared, '华北项'].sort());
    const items = await report('tenant_items_only', 'select item_text as v from sys_dict_item');
    expect(await items(a)).not.toContain('华北项');
    expect(await items(b)).not.toContain('华东项');
  });

  it('refuses a SELECT that names a tenant table qualified, which the filter cannot reach, changing nothing', async () => {
    for (const cgrSql of [
      'select depart_name as v from main.sys_depart',
      'select depart_name as v from public.sys_depart',
      'select d.item_text as v from sys_dict_item d join public . sys_dict x on x.id = d.dict_id',
    ]) {
      const res = await s.request('POST', '/online/cgreport/head/add', {
        token: admin,
        body: { code: `q${Math.random().toString(36).slice(2, 9)}`, name: 'q', cgrSql },
      });
      expect(res.body.success, cgrSql).toBe(false);
      expect(res.body.message, cgrSql).toMatch(
        /^报表SQL不能带库名或模式名引用按租户隔离的表 sys_(depart|dict)，请直接写表名，以便按租户过滤$/,
      );
    }
    const stored = await s.ctx.db.selectFrom('onlCgreportHead').select('id').where('name', '=', 'q').execute();
    expect(stored).toEqual([]);
  });
});
