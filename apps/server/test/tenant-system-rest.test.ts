import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The rest of tenant isolation of system data (issue 16): supplier accounts belong to the
 * request's tenant like other users, and a tenant still holding departments or logs cannot be
 * deleted. `hdadmin` administers the demo tenant 1000; `admin` is the platform.
 */
type Row = Record<string, unknown> & { id: string };
let s: TestServer;
let admin: string;
let hdadmin: string;
let platformSupplier: string;
let tenantSupplier: string;
const userRow = (username: string) =>
  s.ctx.db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const account = (username: string, supplierId: string) => ({
  username,
  realname: '供应商销售',
  password: 'Sales#2026',
  confirmpassword: 'Sales#2026',
  supplierId,
});

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  hdadmin = await s.login('hdadmin');
  platformSupplier = (await userRow('supplier1')).supplierId!;
  // A supplier of the demo tenant: the seed's suppliers are the platform's.
  tenantSupplier = (await userRow('supplier2')).supplierId!;
  await s.ctx.db.updateTable('supplier').set({ tenantId: 1000 }).where('id', '=', tenantSupplier).execute();
});
afterAll(async () => s?.close());

describe('supplier users per tenant', () => {
  it("adds a tenant's supplier accounts in its tenant, only for its own suppliers", async () => {
    const foreign = await s.request('POST', '/sys/user/addSupplierUser', {
      token: hdadmin,
      body: account('hd_sup_x', platformSupplier),
    });
    expect(foreign.body).toMatchObject({ success: false, message: '供应商不存在' });
    expect(await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'hd_sup_x').execute()).toEqual([]);
    const own = await s.request('POST', '/sys/user/addSupplierUser', {
      token: hdadmin,
      body: account('hd_sup_1', tenantSupplier),
    });
    expect(own.body.success, own.body.message).toBe(true);
    expect((await userRow('hd_sup_1')).relTenantIds).toBe('1000');
    const listed = await s.request<PageResult<Row>>('GET', '/sys/user/list?username=hd_sup_1', { token: hdadmin });
    expect(listed.body.result.total).toBe(1);
  });

  it("refuses editing another tenant's supplier account, changing nothing; the platform may", async () => {
    const before = await userRow('supplier1');
    const edit = await s.request('PUT', '/sys/user/editSupplierUser', {
      token: hdadmin,
      body: { id: before.id, realname: '改名' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await userRow('supplier1')).realname).toBe(before.realname);
    const mine = await userRow('hd_sup_1');
    const ok = await s.request('PUT', '/sys/user/editSupplierUser', {
      token: hdadmin,
      body: { id: mine.id, realname: '华东销售' },
    });
    expect(ok.body.success, ok.body.message).toBe(true);
    const platform = await s.request('PUT', '/sys/user/editSupplierUser', {
      token: admin,
      body: { id: mine.id, realname: '平台改名' },
    });
    expect(platform.body.success, platform.body.message).toBe(true);
  });
});

describe('deleting a tenant', () => {
  it('is refused while the tenant holds departments or logs', async () => {
    const tenant = (
      await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: '待删租户' } })
    ).body.result.id;
    const del = () => s.request('DELETE', `/sys/tenant/delete?id=${tenant}`, { token: admin });
    const depart = { id: 'a'.repeat(31) + '9', departName: '待删部门', orgCode: 'Z01', orgCategory: '1' };
    await s.ctx.db
      .insertInto('sysDepart')
      .values({ ...depart, parentId: null, tenantId: tenant, createTime: '2026-01-01T00:00:00.000Z' } as never)
      .execute();
    expect((await del()).body).toMatchObject({ success: false, message: '租户下还有部门数据，不能删除' });
    await s.ctx.db.deleteFrom('sysDepart').where('id', '=', depart.id).execute();
    await s.ctx.db
      .updateTable('sysLog')
      .set({ tenantId: tenant })
      .where('id', '=', (await anyLog()).id)
      .execute();
    expect((await del()).body).toMatchObject({ success: false, message: '租户下还有日志数据，不能删除' });
    await s.ctx.db.deleteFrom('sysLog').where('tenantId', '=', tenant).execute();
    expect((await del()).body.success).toBe(true);
  });
});

const anyLog = () => s.ctx.db.selectFrom('sysLog').select('id').limit(1).executeTakeFirstOrThrow();
