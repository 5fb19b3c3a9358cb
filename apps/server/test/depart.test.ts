import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

type Node = { key: string; title: string; orgCode: string; isLeaf: boolean; children: Node[] | null };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('department tree', () => {
  it('queryTreeList gives the whole tree, children null on leaves', async () => {
    const res = await s.request<Node[]>('GET', '/sys/sysDepart/queryTreeList', { token: await s.login('buyer') });
    // The platform (users without tenants) sees every tenant's departments: the demo tenant's root comes second.
    expect(res.body.result.map((r) => r.title)).toEqual(['总公司', '华东分公司']);
    const root = res.body.result[0]!;
    expect(root).toMatchObject({ title: '总公司', orgCode: 'A01', isLeaf: false });
    expect(root.children!.map((c) => c.title)).toEqual(['采购部', '质量部', '财务部']);
    expect(root.children![0]).toMatchObject({ isLeaf: true, children: null });
  });

  it('queryIdTree keeps key, value, title and children only', async () => {
    const res = await s.request<Record<string, unknown>[]>('GET', '/sys/sysDepart/queryIdTree', {
      token: await s.login('admin'),
    });
    expect(Object.keys(res.body.result[0]!).sort()).toEqual(['children', 'key', 'title', 'value']);
  });

  it('searchBy finds by name, with wildcards taken literally', async () => {
    const token = await s.login('admin');
    expect(
      (
        await s.request<Node[]>('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('质量')}`, { token })
      ).body.result.map((n) => n.title),
    ).toEqual(['质量部']);
    expect((await s.request<Node[]>('GET', '/sys/sysDepart/searchBy?keyWord=%25', { token })).body.result).toEqual([]);
  });

  it('queryMyDeptTreeList gives my departments and what is under them', async () => {
    const buyer = await s.request<Node[]>('GET', '/sys/sysDepart/queryMyDeptTreeList', {
      token: await s.login('buyer'),
    });
    expect(buyer.body.result.map((n) => n.title).sort()).toEqual(['质量部', '采购部'].sort());
    const admin = await s.request<Node[]>('GET', '/sys/sysDepart/queryMyDeptTreeList', {
      token: await s.login('admin'),
    });
    expect(admin.body.result[0]!.children).toHaveLength(3);
  });

  it('is not shown to suppliers', async () => {
    expect((await s.request('GET', '/sys/sysDepart/queryTreeList', { token: await s.login('supplier1') })).status).toBe(
      403,
    );
  });
});
