import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem } from '@procura/shared';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

/** Table dictionaries, tree select, linked dropdowns and the category dictionary (issue 6). */
type Node = { key: string; title: string; value: string; code: string; leaf: boolean; parentId: string | null };
type Category = { id: string; pid: string | null; name: string; code: string; hasChild: string };

let s: TestServer;
let admin: string;
let buyer: string;
let supplier: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  supplier = await s.login('supplier1');
});
afterAll(async () => s?.close());

const get = <T>(path: string, token = admin) => s.request<T>('GET', path, { token });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const categoryId = async (code: string) =>
  (await s.ctx.db.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('search-select over a table dictionary (loadDict, loadDictItem)', () => {
  it('finds options whose text or value contains the keyword', async () => {
    const res = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=${encodeURIComponent('采购')}`,
    );
    expect(res.body.success).toBe(true);
    // The platform administrator's search covers every tenant: the second demo tenant's buyer too.
    expect(res.body.result).toEqual([
      { value: 'buyer', text: '采购员王敏', title: '采购员王敏', label: '采购员王敏' },
      { value: 'hdbuyer', text: '华东采购员赵磊', title: '华东采购员赵磊', label: '华东采购员赵磊' },
    ]);
    const byValue = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=supplier`,
    );
    expect(byValue.body.result.map((i) => i.value)).toEqual(['supplier1', 'supplier2', 'supplier3', 'supplier4']);
  });

  it('takes a comma keyword as exact values, and a pageSize', async () => {
    const res = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=admin,buyer`,
    );
    expect(res.body.result.map((i) => i.value)).toEqual(['admin', 'buyer']);
    const one = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=&pageSize=1`,
    );
    expect(one.body.result).toHaveLength(1);
  });

  it('searches literally: quotes and wildcards are text (SQLI-8)', async () => {
    for (const keyword of ["a','b') or ('1'='1", '%', '_']) {
      const res = await get<DictItem[]>(
        `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual([]);
    }
  });

  it('honours a simple equality condition on an allow-listed column', async () => {
    const res = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent("sys_category,name,code,pid=''")}?keyword=`,
    );
    expect(res.body.success).toBe(true);
    const roots = await get<DictItem[]>(
      `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code,has_child=1')}?keyword=`,
    );
    expect(roots.body.result.map((i) => i.value)).toEqual(['A01', 'A01A01', 'A01A02', 'A02']);
    expect(res.body.result).toEqual([]);
  });

  it('gives the texts of keys in their order, dropping or echoing unknown ones', async () => {
    const code = encodeURIComponent('sys_user,realname,username');
    expect((await get<string[]>(`/sys/dict/loadDictItem/${code}?key=buyer,nobody,admin`)).body.result).toEqual([
      '采购员王敏',
      '系统管理员',
    ]);
    expect(
      (await get<string[]>(`/sys/dict/loadDictItem/${code}?key=buyer,nobody&delNotExist=false`)).body.result,
    ).toEqual(['采购员王敏', 'nobody']);
  });

  it('refuses tables and columns outside the allow-list, and SQL in the code (SQLI-1, SQLI-2)', async () => {
    const codes = [
      'sys_user,password_hash,username',
      'sys_session,id,id',
      'sys_user t,realname,username',
      'sys_user,realname,username,1=1 or 1=1',
      'sys_user,realname,username,status=0 or 1=1',
      'sys_user,realname',
      'sex',
      'sys_user,(select password_hash from sys_user limit 1),username',
    ];
    for (const code of codes) {
      for (const path of [
        `/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=`,
        `/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=admin`,
      ]) {
        const res = await get(path);
        expect(res.status, `${code} ${path}`).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.text).not.toMatch(LEAK_PATTERN);
      }
    }
    expect((await get('/sys/dict/loadDictItem/sex?key=1')).body.message).toBe('字典Code格式不正确！');
  });

  it('keeps people and departments from suppliers; categories are for everyone', async () => {
    expect(
      (await get(`/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=`, supplier)).status,
    ).toBe(403);
    expect(
      (
        await get<DictItem[]>(
          `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code')}?keyword=${encodeURIComponent('钢')}`,
          supplier,
        )
      ).body.result,
    ).toEqual([{ value: 'A01A01A01', text: '钢材', title: '钢材', label: '钢材' }]);
    expect(
      (await s.request('GET', `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code')}?keyword=`)).status,
    ).toBe(401);
  });
});

describe('tree select (loadTreeData)', () => {
  const tree = (params: Record<string, string>, token = admin) =>
    get<Node[]>(`/sys/dict/loadTreeData?${q(params)}`, token);
  const depart = { tableName: 'sys_depart', text: 'depart_name', code: 'org_code', pidField: 'parent_id' };

  it('gives the roots, then the children of a node, with leaf flags', async () => {
    const roots = await tree(depart);
    expect(roots.body.success).toBe(true);
    const [company] = roots.body.result;
    expect(company).toMatchObject({ title: expect.any(String), code: 'A01', leaf: false, parentId: null });
    expect(company!.value).toBe(company!.key);
    const children = await tree({ ...depart, pid: company!.key });
    expect(children.body.result.map((n) => n.code)).toEqual(expect.arrayContaining(['A01A01', 'A01A02']));
    expect(children.body.result.every((n) => n.parentId === company!.key)).toBe(true);
  });

  it('reads the leaf flag from hasChildField when given', async () => {
    const res = await tree({
      tableName: 'sys_category',
      text: 'name',
      code: 'code',
      pidField: 'pid',
      hasChildField: 'has_child',
    });
    expect(res.body.result.map((n) => [n.code, n.leaf])).toEqual([
      ['A01', false],
      ['A02', false],
      ['A03', true],
    ]);
  });

  it('filters by a JSON condition on allow-listed columns', async () => {
    const res = await tree({
      tableName: 'sys_category',
      text: 'name',
      code: 'code',
      pidField: 'pid',
      condition: JSON.stringify({ code: 'A02' }),
    });
    expect(res.body.result.map((n) => n.title)).toEqual(['非生产物资']);
  });

  it("refuses a condition that is not a JSON object with the widget's message", async () => {
    for (const condition of [
      '{bad json',
      '[1,2]',
      '"text"',
      '1',
      JSON.stringify({ _tableFilterSql: '1=1 union select 1' }),
      JSON.stringify({ code: { $ne: 1 } }),
    ]) {
      const res = await tree({ tableName: 'sys_category', text: 'name', code: 'code', pidField: 'pid', condition });
      expect(res.status, condition).toBe(400);
      expect(res.body.message).toMatch(
        /组件JTreeSelect-condition传值有误，需要一个json字符串!|字典表或字段不在允许范围内/,
      );
    }
    const bad = await tree({
      tableName: 'sys_category',
      text: 'name',
      code: 'code',
      pidField: 'pid',
      condition: '{bad json',
    });
    expect(bad.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });

  it('refuses tables and columns outside the allow-list (CVE-2023-38992)', async () => {
    for (const params of [
      { ...depart, tableName: 'sys_user t' },
      { ...depart, text: 'password_hash', tableName: 'sys_user', pidField: 'org_code' },
      { ...depart, pidField: 'parent_id) or (1=1' },
      { ...depart, hasChildField: 'del_flag' },
    ]) {
      const res = await tree(params);
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(LEAK_PATTERN);
    }
    expect((await tree(depart, supplier)).status).toBe(403);
  });
});

describe('linked dropdowns (querySelectOptions)', () => {
  const base = { table: 'sys_category', txt: 'name', key: 'code', idField: 'id', pidField: 'pid' };
  const options = (params: Record<string, string>, token = buyer) =>
    get<{ id: string; store: string; label: string }[]>(`/online/cgform/api/querySelectOptions?${q(params)}`, token);

  it('gives the first level by condition and the next by the parent id', async () => {
    const first = await options(base);
    expect(first.body.result.map((o) => [o.store, o.label])).toEqual([
      ['A01', '生产物资'],
      ['A02', '非生产物资'],
      ['A03', '工程服务'],
    ]);
    const second = await options({ ...base, pidValue: first.body.result[0]!.id });
    expect(second.body.result.map((o) => o.label)).toEqual(['原材料', '机械零部件']);
    const narrowed = await options({ ...base, condition: JSON.stringify({ code: 'A03' }) });
    expect(narrowed.body.result.map((o) => o.label)).toEqual(['工程服务']);
  });

  it('refuses what is not allow-listed and bad conditions', async () => {
    expect((await options({ ...base, txt: 'password_hash', table: 'sys_user' }, admin)).status).toBe(400);
    expect((await options({ ...base, table: 'sys_role' })).status).toBe(400);
    expect((await options({ ...base, condition: 'pid is null' })).body.message).toBe(
      '组件JTreeSelect-condition传值有误，需要一个json字符串!',
    );
    expect((await s.request('GET', `/online/cgform/api/querySelectOptions?${q(base)}`)).status).toBe(401);
  });
});

describe('category dictionary', () => {
  it('loads the tree by pcode (0 = roots) or pid, and names of ids', async () => {
    const roots = await get<Node[]>('/sys/category/loadTreeData?pcode=0', supplier);
    expect(roots.body.result.map((n) => [n.title, n.code, n.leaf])).toEqual([
      ['生产物资', 'A01', false],
      ['非生产物资', 'A02', false],
      ['工程服务', 'A03', true],
    ]);
    const byCode = await get<Node[]>('/sys/category/loadTreeData?pcode=A01');
    expect(byCode.body.result.map((n) => n.title)).toEqual(['原材料', '机械零部件']);
    const byPid = await get<Node[]>(`/sys/category/loadTreeData?pid=${await categoryId('A01A01')}`);
    expect(byPid.body.result.map((n) => n.title)).toEqual(['钢材', '塑料粒子']);
    const names = await get<string[]>(
      `/sys/category/loadDictItem?ids=${await categoryId('A02')},nope,${await categoryId('A01A01A01')}`,
    );
    expect(names.body.result).toEqual(['非生产物资', '钢材']);
  });

  it('needs a pid or pcode, and a JSON condition', async () => {
    const none = await get('/sys/category/loadTreeData');
    expect(none.body).toMatchObject({ success: false, message: '加载分类字典树参数有误.[null]!' });
    const bad = await get('/sys/category/loadTreeData?pcode=0&condition=x');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect(
      (await get(`/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent('{"pid":"x"}')}`)).status,
    ).toBe(400);
  });

  it('adds categories with a code generated per level, edits and deletes leaves only', async () => {
    const root = await s.request<Category>('POST', '/sys/category/add', {
      token: admin,
      body: { name: '信息化服务', pid: '' },
    });
    expect(root.body).toMatchObject({ success: true, result: { code: 'A04', pid: null, hasChild: '0' } });
    const child = await s.request<Category>('POST', '/sys/category/add', {
      token: admin,
      body: { name: '软件开发', pid: root.body.result.id },
    });
    expect(child.body.result).toMatchObject({ code: 'A04A01', pid: root.body.result.id });
    const second = await s.request<Category>('POST', '/sys/category/add', {
      token: admin,
      body: { name: '运维', pid: root.body.result.id },
    });
    expect(second.body.result.code).toBe('A04A02');
    expect(
      (await get<Category[]>(`/sys/category/childList?pid=${root.body.result.id}`)).body.result.map((c) => c.name),
    ).toEqual(['软件开发', '运维']);

    const dup = await s.request('POST', '/sys/category/add', {
      token: admin,
      body: { name: '运维', pid: root.body.result.id },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('同一上级下已有同名分类');
    expect((await s.request('POST', '/sys/category/add', { token: admin, body: { name: '' } })).status).toBe(400);

    const edited = await s.request('PUT', '/sys/category/edit', {
      token: admin,
      body: { id: second.body.result.id, name: '运维服务', code: 'Z99' },
    });
    expect(edited.body.success).toBe(true);
    const stored = await s.ctx.db
      .selectFrom('sysCategory')
      .selectAll()
      .where('id', '=', second.body.result.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: '运维服务', code: 'A04A02' });

    const refused = await s.request('DELETE', `/sys/category/delete?id=${root.body.result.id}`, { token: admin });
    expect(refused.body).toMatchObject({ success: false, message: '该分类下有下级分类，不能删除' });
    for (const c of [child, second])
      expect(
        (await s.request('DELETE', `/sys/category/delete?id=${c.body.result.id}`, { token: admin })).body.success,
      ).toBe(true);
    const parent = await s.ctx.db
      .selectFrom('sysCategory')
      .select('hasChild')
      .where('id', '=', root.body.result.id)
      .executeTakeFirstOrThrow();
    expect(parent.hasChild).toBe('0');
    expect(
      (await s.request('DELETE', `/sys/category/delete?id=${root.body.result.id}`, { token: admin })).body.success,
    ).toBe(true);
  });

  it('keeps administration to holders of the category codes', async () => {
    expect((await get('/sys/category/rootList', buyer)).status).toBe(403);
    expect((await s.request('POST', '/sys/category/add', { token: buyer, body: { name: 'x' } })).status).toBe(403);
    expect(
      (await s.request('DELETE', `/sys/category/delete?id=${await categoryId('A03')}`, { token: supplier })).status,
    ).toBe(403);
    const roots = await get<{ records: Category[]; total: number }>('/sys/category/rootList?pageNo=1&pageSize=2');
    expect(roots.body.result.total).toBe(3);
    expect(roots.body.result.records.map((r) => r.code)).toEqual(['A01', 'A02']);
  });
});
