import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_CODE } from '@procura/shared';
import { parseReportSql } from '../src/modules/online-report/report-sql.js';
import { reportLimits } from '../src/modules/online-report/report-tables.js';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

/**
 * Online reports (spec part 2 §7, jeecg-api.md §8): a SELECT written by an administrator, run
 * read-only over allow-listed tables with bound parameters, a time limit and a row limit
 * (security.md R1, R2, R4, SQLI-7, RPT-2). Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier: string;
let reportId: string;

type Page = { total: number; records: Record<string, unknown>[] };

const addHead = (code: string, cgrSql: string, token = admin) =>
  s.request<{ id: string }>('POST', '/online/cgreport/head/add', { token, body: { code, name: code, cgrSql } });
const getData = (query: string, token = buyer) =>
  s.request<Page>('GET', `/online/cgreport/api/getData/${reportId}?${query}`, { token });

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  supplier = await s.login('supplier1');
  const now = new Date().toISOString();
  const rows = Array.from({ length: 520 }, (_, i) => ({
    id: `org${String(i).padStart(29, '0')}`,
    code: `ORG${String(i).padStart(4, '0')}`,
    name: i === 7 ? "O'Brien 华东" : `机构${i}`,
    createTime: now,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await s.ctx.db
      .insertInto('bdDataorg')
      .values(rows.slice(i, i + 100))
      .execute();

  const added = await addHead('orgReport', 'select id, code, name from bd_dataorg where code like ${prefix}');
  expect(added.body, added.text).toMatchObject({ success: true });
  reportId = added.body.result.id;
  const item = (fieldName: string, fieldTxt: string, orderNum: number, extra: object = {}) =>
    s.request('POST', '/online/cgreport/item/add', {
      token: admin,
      body: {
        cgrheadId: reportId,
        fieldName,
        fieldTxt,
        fieldType: 'string',
        isShow: 1,
        isQuery: 0,
        orderNum,
        ...extra,
      },
    });
  const first = await item('id', '编号', 0, { isShow: 0 });
  expect(first.body.success, first.text).toBe(true);
  expect((await item('code', '编码', 1, { isQuery: 1 })).body.success).toBe(true);
  expect((await item('name', '名称', 2, { isQuery: 1 })).body.success).toBe(true);
  const param = await s.request('POST', '/online/cgreport/param/add', {
    token: admin,
    body: { cgrheadId: reportId, paramName: 'prefix', paramTxt: '编码前缀', paramValue: 'ORG%' },
  });
  expect(param.body.success, param.text).toBe(true);
}, 60_000);
afterAll(async () => s?.close());

describe('reading a report', () => {
  it('answers the columns by code, the query items by id and a page of rows', async () => {
    const cols = await s.request<{
      cgRpConfigId: string;
      cgRpConfigName: string;
      columns: { dataIndex: string; title: string }[];
    }>('GET', '/online/cgreport/api/getRpColumns/orgReport', { token: buyer });
    expect(cols.body.result).toMatchObject({ cgRpConfigId: reportId, cgRpConfigName: 'orgReport' });
    expect(cols.body.result.columns.map((c) => c.dataIndex)).toEqual(['code', 'name']);
    const info = await s.request<{ field: string; mode: string }[]>(
      'GET',
      `/online/cgreport/api/getQueryInfo/${reportId}`,
      { token: buyer },
    );
    expect(info.body.result.map((i) => i.field)).toEqual(['code', 'name']);
    const page = await getData('pageNo=2&pageSize=10&column=code&order=asc');
    expect(page.body.result.total).toBe(520);
    expect(page.body.result.records.map((r) => r.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `ORG${String(i + 10).padStart(4, '0')}`),
    );
  });

  it('says 实体不存在 for an unknown code', async () => {
    const res = await s.request('GET', '/online/cgreport/api/getRpColumns/noSuchReport', { token: buyer });
    expect(res.body).toMatchObject({ success: false, message: '实体不存在' });
  });

  it('binds parameters and search values: injections are plain text', async () => {
    expect((await getData(`self_prefix=${encodeURIComponent("' or 1=1 or code like '")}`)).body.result.total).toBe(0);
    expect((await getData(`self_prefix=${encodeURIComponent('ORG000%')}`)).body.result.total).toBe(10);
    expect((await getData(`name=${encodeURIComponent("x' or '1'='1")}`)).body.result.total).toBe(0);
    expect((await getData(`name=${encodeURIComponent("O'Brien")}`)).body.result.records.map((r) => r.code)).toEqual([
      'ORG0007',
    ]);
    expect((await getData(`name=${encodeURIComponent('%')}`)).body.result.total).toBe(0);
  });

  it("sorts only by the report's own columns, asc or desc (SQLI-7)", async () => {
    for (const q of [
      'column=(case when 1=1 then id else name end)',
      'column=name;drop',
      'column=password_hash',
      'column=code&order=asc,(select 1)',
    ]) {
      const res = await getData(q);
      expect(res.status, q).toBe(400);
      expect(res.text).not.toMatch(LEAK_PATTERN);
    }
  });

  it('answers at most the row limit per page', async () => {
    const res = await getData('pageSize=100000');
    expect(res.body.result.records).toHaveLength(reportLimits.maxPageSize);
    expect(res.body.result.total).toBe(520);
  });

  it('is read by users holding onlReport:data; suppliers and anonymous callers are refused', async () => {
    expect((await getData('', supplier)).status).toBe(403);
    expect((await s.request('GET', `/online/cgreport/api/getData/${reportId}`)).status).toBe(401);
    expect((await addHead('buyerReport', 'select code from bd_dataorg', buyer)).status).toBe(403);
  });
});

describe('defining a report', () => {
  const refused = async (cgrSql: string, message: RegExp) => {
    const res = await addHead(`r${Math.random().toString(36).slice(2, 10)}`, cgrSql);
    expect(res.body.success, cgrSql).toBe(false);
    expect(res.body.message, cgrSql).toMatch(message);
    expect(res.text).not.toMatch(LEAK_PATTERN);
  };

  it('takes only one SELECT: DML, DDL, second statements and comments are refused', async () => {
    await refused('delete from bd_dataorg', /只能是一条SELECT/);
    await refused("update bd_dataorg set name = 'x'", /只能是一条SELECT/);
    await refused('select code from bd_dataorg; delete from bd_dataorg', /只能是一条SELECT/);
    await refused('drop table bd_dataorg', /只能是一条SELECT/);
    await refused('select code from bd_dataorg -- x', /注释/);
    await refused('select code from bd_dataorg /* x */', /注释/);
    await refused('with x as (select 1) select * from x', /只能是一条SELECT/);
    await refused('select * into t2 from bd_dataorg', /只能是一条SELECT/);
  });

  it('reads only allow-listed tables, through subqueries, unions and joins too', async () => {
    await refused('select username, password_hash from sys_user', /不能查询 sys_user/);
    await refused(
      'select code, name from bd_dataorg union select username, password_hash from sys_user',
      /不能查询 sys_user/,
    );
    await refused('select * from (select * from sys_session) s', /不能查询 sys_session/);
    await refused('select o.code from bd_dataorg o join sys_user u on u.id = o.id', /不能查询 sys_user/);
    await refused('select code, (select max(password_hash) from sys_user) from bd_dataorg', /不能查询 sys_user/);
    await refused('select * from "sys_user"', /不支持的字符/);
    await refused(
      s.ctx.kind === 'postgres' ? 'select * from pg_catalog.pg_user' : 'select name from sqlite_master',
      /不能查询/,
    );
  });

  it('calls only listed functions', async () => {
    await refused('select pg_sleep(5)', /不能调用函数 pg_sleep/);
    await refused("select pg_read_file('/etc/passwd')", /不能调用函数 pg_read_file/);
    await refused("select load_extension('x')", /不能调用函数 load_extension/);
    await refused("select * from pragma_table_info('sys_user')", /不能调用函数 pragma_table_info/);
    await refused('select randomblob(1000000000)', /不能调用函数 randomblob/);
  });

  it('refuses a placeholder inside a string (it would be spliced)', async () => {
    await refused("select code from bd_dataorg where code = '${x}'", /字符串中不能包含/);
  });

  it('stops a query that runs past the time limit', async () => {
    const before = reportLimits.timeoutMs;
    reportLimits.timeoutMs = 1500;
    try {
      const started = Date.now();
      await refused(
        'select count(*) from sys_dict_item a, sys_dict_item b, sys_dict_item c, sys_dict_item d, sys_dict_item e',
        /超时/,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      reportLimits.timeoutMs = before;
    }
  }, 20_000);

  it('checks a stored SELECT again on every run (a row written around the API is refused)', async () => {
    const id = '0'.repeat(31) + '9';
    await s.ctx.db
      .insertInto('onlCgreportHead')
      .values({
        id,
        code: 'sneaky',
        name: 'sneaky',
        cgrSql: 'select username, password_hash from sys_user',
        createTime: new Date().toISOString(),
      })
      .execute();
    const res = await s.request('GET', `/online/cgreport/api/getData/${id}`, { token: buyer });
    expect(res.body.success).toBe(false);
    expect(res.text).not.toContain('$argon');
    expect(res.text).not.toMatch(LEAK_PATTERN);
  });
});

describe('the SQL reader', () => {
  it('turns placeholders into bound parameters and keeps string constants whole', () => {
    expect(parseReportSql("select code from bd_dataorg where name = 'a''b' and code like ${p}")).toEqual([
      { text: "select code from bd_dataorg where name = 'a''b' and code like " },
      { param: 'p' },
    ]);
  });
});

describe('the demo report (部门列表, seeded with the demo company)', () => {
  it('answers its columns by code and its rows, narrowed by the ${name} parameter, a search and a range', async () => {
    const cols = await s.request<{ cgRpConfigId: string; cgRpConfigName: string; columns: { dataIndex: string }[] }>(
      'GET',
      `/online/cgreport/api/getRpColumns/${DEMO_REPORT_CODE}`,
      { token: buyer },
    );
    expect(cols.body.result.cgRpConfigName).toBe('部门列表');
    expect(cols.body.result.columns.map((c) => c.dataIndex)).toEqual(['code', 'name', 'sort_no']);
    const id = cols.body.result.cgRpConfigId;
    const info = await s.request<{ field: string; mode: string; hidden?: string }[]>(
      'GET',
      `/online/cgreport/api/getQueryInfo/${id}`,
      { token: buyer },
    );
    expect(info.body.result).toEqual([
      { field: 'code', label: '部门编码', view: 'string', mode: 'single' },
      { field: 'name', label: '部门名称', view: 'string', mode: 'single' },
      { field: 'sort_no', label: '排序', view: 'integer', mode: 'group', hidden: '1' },
    ]);
    const data = async (query: string) => {
      const res = await s.request<Page>('GET', `/online/cgreport/api/getData/${id}?column=code&order=asc&${query}`, {
        token: buyer,
      });
      expect(res.body.success, res.text).toBe(true);
      return res.body.result.records.map((r) => `${String(r.code)} ${String(r.name)}`);
    };
    // A platform user's report reads every tenant's departments, the second demo tenant's (H01…) too.
    expect(await data('')).toEqual([
      'A01 总公司',
      'A01A01 采购部',
      'A01A02 质量部',
      'A01A03 财务部',
      'H01 华东分公司',
      'H01A01 华东采购部',
    ]);
    expect(await data(`self_name=${encodeURIComponent('质量')}`)).toEqual(['A01A02 质量部']);
    expect(await data(`self_name=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    expect(await data(`name=${encodeURIComponent('*部*')}`)).toEqual([
      'A01A01 采购部',
      'A01A02 质量部',
      'A01A03 财务部',
      'H01A01 华东采购部',
    ]);
    expect(await data('sort_no_begin=1&sort_no_end=2')).toEqual(['A01A01 采购部', 'A01A02 质量部']);
  });
});
