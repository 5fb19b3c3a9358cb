import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierInfo, UserInfo } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

// Supplier accounts (jeecg-api.md §7.6 addSupplierUser / editSupplierUser; domain X-5, SUP-3).
let s: TestServer;
let admin: string;
const userRow = (username: string) =>
  s.ctx.db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirst();

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

describe('supplier users', () => {
  let completeSupplier: string;
  let freshSupplier: string;
  beforeAll(async () => {
    const supplier1 = await userRow('supplier1');
    const supplier2 = await userRow('supplier2');
    completeSupplier = supplier1!.supplierId!;
    freshSupplier = supplier2!.supplierId!;
  });

  it('adds an account to a supplier: type 2, only the supplier role, sees its own company', async () => {
    const admins = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const res = await s.request<{ id: string }>('POST', '/sys/user/addSupplierUser', {
      token: admin,
      // A role in the request is ignored: supplier accounts never hold internal roles.
      body: {
        username: 'sup1_sales',
        realname: '销售小王',
        password: 'Sales#2026',
        confirmpassword: 'Sales#2026',
        phone: '13811112222',
        supplierId: completeSupplier,
        selectedroles: admins.id,
      },
    });
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await userRow('sup1_sales');
    expect(row).toMatchObject({ userType: 2, supplierId: completeSupplier, isShow: 1, createBy: 'admin' });
    const roles = await s.request<string[]>('GET', `/sys/user/queryUserRole?userid=${row!.id}`, { token: admin });
    const supplierRole = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'supplier')
      .executeTakeFirstOrThrow();
    expect(roles.body.result).toEqual([supplierRole.id]);

    const token = await s.login('sup1_sales', 'Sales#2026');
    const info = await s.request<SupplierInfo | null>('GET', '/supplierBaseAPI/getSupplier', { token });
    const company = await s.ctx.db
      .selectFrom('supplier')
      .select('name')
      .where('id', '=', completeSupplier)
      .executeTakeFirstOrThrow();
    expect(info.body.result?.name).toBe(company.name);
    // A supplier account reaches no administration.
    expect((await s.request('GET', '/sys/user/list', { token })).status).toBe(403);
  });

  it('an account of a company that has not completed its information must complete it first (SUP-3)', async () => {
    const res = await s.request('POST', '/sys/user/addSupplierUser', {
      token: admin,
      body: { username: 'sup2_new', realname: '新人', password: 'Sales#2026', supplierId: freshSupplier },
    });
    expect(res.body.success).toBe(true);
    expect(await userRow('sup2_new')).toMatchObject({ isShow: 2, supplierId: freshSupplier });
  });

  it('refuses an unknown supplier, a taken username, a weak password, and changes nothing', async () => {
    const base = { username: 'sup_x', realname: '某人', password: 'Sales#2026', supplierId: completeSupplier };
    const unknown = await s.request<{ errors: Record<string, string> }>('POST', '/sys/user/addSupplierUser', {
      token: admin,
      body: { ...base, supplierId: 'f'.repeat(32) },
    });
    expect(unknown.body.result.errors).toEqual({ supplierId: '供应商不存在' });
    expect(
      (
        await s.request<{ errors: Record<string, string> }>('POST', '/sys/user/addSupplierUser', {
          token: admin,
          body: { ...base, username: 'supplier1' },
        })
      ).body.result.errors,
    ).toEqual({ username: '用户账号已存在' });
    expect(
      (await s.request('POST', '/sys/user/addSupplierUser', { token: admin, body: { ...base, password: 'weak' } })).body
        .success,
    ).toBe(false);
    expect(
      (await s.request('POST', '/sys/user/addSupplierUser', { token: admin, body: { ...base, supplierId: undefined } }))
        .status,
    ).toBe(400);
    expect(
      (await s.request('POST', '/sys/user/addSupplierUser', { token: admin, body: { ...base, userType: 1 } })).status,
    ).toBe(400);
    expect(await userRow('sup_x')).toBeUndefined();
  });

  it('edits a supplier account but never moves it to another company or edits an internal user', async () => {
    const row = (await userRow('sup1_sales'))!;
    const edit = await s.request('PUT', '/sys/user/editSupplierUser', {
      token: admin,
      body: { id: row.id, realname: '销售老王', email: 'wang@example.com', supplierId: completeSupplier },
    });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功!' });
    const detail = await s.request<UserInfo>('GET', `/sys/user/queryById?id=${row.id}`, { token: admin });
    expect(detail.body.result).toMatchObject({
      realname: '销售老王',
      email: 'wang@example.com',
      phone: '13811112222',
      supplierId: completeSupplier,
    });

    const move = await s.request<{ errors: Record<string, string> }>('PUT', '/sys/user/editSupplierUser', {
      token: admin,
      body: { id: row.id, realname: '销售老王', supplierId: freshSupplier },
    });
    expect(move.body.result.errors).toEqual({ supplierId: '供应商用户不能改为其他供应商' });
    expect((await userRow('sup1_sales'))!.supplierId).toBe(completeSupplier);

    const buyer = (await userRow('buyer'))!;
    const internal = await s.request('PUT', '/sys/user/editSupplierUser', {
      token: admin,
      body: { id: buyer.id, realname: '改名' },
    });
    expect(internal.body).toMatchObject({ success: false, message: '该用户不是供应商用户' });
    // …and the general edit refuses supplier accounts, so their roles cannot be widened there.
    const viaGeneral = await s.request('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: row.id, realname: '销售老王', selectedroles: '' },
    });
    expect(viaGeneral.body).toMatchObject({ success: false, message: '供应商用户请通过“编辑供应商用户”修改' });
    expect((await userRow('buyer'))!.realname).toBe(buyer.realname);
  });

  it('is refused without user:add / user:edit, and to supplier users themselves', async () => {
    const buyer = await s.login('buyer');
    const supplier = await s.login('supplier1');
    for (const token of [buyer, supplier]) {
      expect(
        (
          await s.request('POST', '/sys/user/addSupplierUser', {
            token,
            body: { username: 'sneak', realname: 'x', password: 'Sales#2026', supplierId: completeSupplier },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await s.request('PUT', '/sys/user/editSupplierUser', {
            token,
            body: { id: (await userRow('sup1_sales'))!.id, realname: 'x' },
          })
        ).status,
      ).toBe(403);
    }
    expect(await userRow('sneak')).toBeUndefined();
  });
});
