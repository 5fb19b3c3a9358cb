import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type LoginResult, type PageResult, type TenantInfo, type UserInfo } from '@procura/shared';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Tenants (issue 4): the 租户管理 resource with integer ids, the user form's tenant list,
 * tenants at login (jeecg-api.md §2.2: tenantList, all frozen refused), the user's tenants
 * on user administration, and the request's current tenant (R7, TEN-1).
 */
let s: TestServer;
let admin: string;
let buyer: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const HOUR = 3600_000;
/** A wire datetime (GMT+8) `offsetMs` from now. */
const wireAt = (offsetMs: number) =>
  new Date(Date.now() + offsetMs + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

async function addTenant(body: Record<string, unknown>): Promise<number> {
  const res = await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result.id;
}

let userCounter = 0;
/** A user with the admin role and these tenants (set directly: the ids need not name live tenants). */
async function addUser(relTenantIds: string): Promise<string> {
  const username = `tenant_user_${++userCounter}`;
  const role = await s.ctx.db
    .selectFrom('sysRole')
    .select('id')
    .where('roleCode', '=', 'admin')
    .executeTakeFirstOrThrow();
  const res = await s.request('POST', '/sys/user/add', {
    token: admin,
    body: { username, realname: username, password: DEMO_PASSWORD, selectedroles: role.id },
  });
  expect(res.body.success, res.body.message).toBe(true);
  await s.ctx.db.updateTable('sysUser').set({ relTenantIds }).where('username', '=', username).execute();
  return username;
}

const login = (username: string) =>
  s.request<LoginResult>('POST', '/sys/login', { body: { username, password: DEMO_PASSWORD } });

describe('租户管理 (sysTenant)', () => {
  it('gives integer ids from 1000 on, one after another; status defaults to normal', async () => {
    const a = await addTenant({ name: '租户一' });
    const b = await addTenant({ name: '租户二', status: 0 });
    expect(Number.isInteger(a) && a >= 1000).toBe(true);
    expect(b).toBe(a + 1);
    const got = await s.request<Record<string, unknown>>('GET', `/sys/tenant/queryById?id=${a}`, { token: admin });
    expect(got.body.result).toMatchObject({ id: a, name: '租户一', status: 1, status_dictText: '正常' });
    const list = await s.request<PageResult<{ id: number; status_dictText: string }>>(
      'GET',
      '/sys/tenant/list?status=0',
      { token: admin },
    );
    expect(list.body.result.records.find((r) => r.id === b)).toMatchObject({ status_dictText: '冻结' });
  });

  it('refuses an end before the begin, on add and on edit', async () => {
    const bad = await s.request<{ errors: Record<string, string> }>('POST', '/sys/tenant/add', {
      token: admin,
      body: { name: '倒置', beginDate: '2026-06-01 00:00:00', endDate: '2026-05-01 00:00:00' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors).toEqual({ endDate: '结束时间不能早于开始时间' });
    const id = await addTenant({ name: '有期限', beginDate: '2026-06-01 00:00:00', endDate: '2026-12-31 23:59:59' });
    const edit = await s.request('PUT', '/sys/tenant/edit', {
      token: admin,
      body: { id, endDate: '2026-01-01 00:00:00' },
    });
    expect(edit.status).toBe(400);
    expect(
      (await s.request('PUT', '/sys/tenant/edit', { token: admin, body: { id: String(id), name: '有期限改' } })).body
        .success,
    ).toBe(true);
  });

  it('refuses bad ids (SQLI-9) and deleting a tenant still in use', async () => {
    expect((await s.request('GET', '/sys/tenant/queryById?id=1%20or%201=1', { token: admin })).status).toBe(400);
    expect((await s.request('GET', `/sys/tenant/queryById?id=${'a'.repeat(32)}`, { token: admin })).status).toBe(400);
    const used = await addTenant({ name: '有人' });
    await addUser(`${used + 1000},${used}`);
    expect((await s.request('DELETE', `/sys/tenant/delete?id=${used}`, { token: admin })).body).toMatchObject({
      success: false,
      message: '租户下还有用户，不能删除',
    });
    const withData = await addTenant({ name: '有数据' });
    await s.ctx.db
      .insertInto('sysPosition')
      .values({
        id: 'f'.repeat(32),
        tenantId: withData,
        code: 'P1',
        name: '职务',
        postRank: null,
        description: null,
        createBy: 'x',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    expect((await s.request('DELETE', `/sys/tenant/delete?id=${withData}`, { token: admin })).body).toMatchObject({
      success: false,
      message: '租户下还有职务数据，不能删除',
    });
    const free = await addTenant({ name: '空闲' });
    expect((await s.request('DELETE', `/sys/tenant/delete?id=${free}`, { token: admin })).body.success).toBe(true);
  });

  it('GET /sys/tenant/queryList answers normal tenants only, optionally by ids, to user administrators', async () => {
    const normal = await addTenant({ name: '正常的' });
    const frozen = await addTenant({ name: '冻结的', status: 0 });
    const all = await s.request<TenantInfo[]>('GET', '/sys/tenant/queryList', { token: admin });
    const ids = all.body.result.map((t) => t.id);
    expect(ids).toContain(normal);
    expect(ids).not.toContain(frozen);
    expect(all.body.result.every((t) => t.status === 1 && typeof t.id === 'number')).toBe(true);
    const some = await s.request<TenantInfo[]>('GET', `/sys/tenant/queryList?ids=${normal},${frozen},x`, {
      token: admin,
    });
    expect(some.body.result).toEqual([expect.objectContaining({ id: normal, name: '正常的', status: 1 })]);
    expect((await s.request('GET', '/sys/tenant/queryList', { token: buyer })).status).toBe(403);
    expect((await s.request('GET', '/sys/tenant/list', { token: buyer })).status).toBe(403);
  });
});

describe('tenants at login (jeecg-api.md §2.2)', () => {
  it('a user without tenants gets no tenantList', async () => {
    const res = await login('admin');
    expect(res.body.code).toBe(200);
    expect(res.body.result).not.toHaveProperty('tenantList');
  });

  it('lists only the effective tenants: normal and within their dates, in the order of relTenantIds', async () => {
    const later = await addTenant({ name: '后一个' });
    const first = await addTenant({ name: '前一个', beginDate: wireAt(-HOUR) });
    const frozen = await addTenant({ name: '已冻结', status: 0 });
    const expired = await addTenant({ name: '已到期', endDate: wireAt(-HOUR) });
    const future = await addTenant({ name: '未开始', beginDate: wireAt(HOUR) });
    const user = await addUser(`${frozen},${first},${expired},${future},${later}`);
    const res = await login(user);
    expect(res.body.code).toBe(200);
    expect(res.body.result.tenantList!.map((t) => t.id)).toEqual([first, later]);
    expect(res.body.result.tenantList![0]).toMatchObject({
      id: first,
      name: '前一个',
      status: 1,
      createBy: 'admin',
      endDate: null,
    });
    expect(res.body.result.tenantList![0]!.beginDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses a user whose tenants are all frozen, out of date or gone', async () => {
    const frozen = await addTenant({ name: '全冻结', status: 0 });
    const expired = await addTenant({ name: '全过期', endDate: wireAt(-HOUR) });
    for (const rel of [`${frozen}`, `${frozen},${expired}`, '987654321']) {
      const res = await login(await addUser(rel));
      expect(res.body, rel).toMatchObject({
        success: false,
        code: 500,
        message: '与该用户关联的租户均已被冻结，无法登录！',
      });
      expect(res.body.result).toBeFalsy();
    }
    // Unfrozen, the same user logs in again.
    const user = await addUser(`${frozen}`);
    await s.request('PUT', '/sys/tenant/edit', { token: admin, body: { id: frozen, status: 1 } });
    expect((await login(user)).body.result.tenantList!.map((t) => t.id)).toEqual([frozen]);
  });
});

describe('the current tenant of a request (R7, TEN-1)', () => {
  const positionTenant = async (token: string, headers: Record<string, string> = {}) => {
    const code = `T${++userCounter}`;
    const res = await s.request<{ id: string }>('POST', '/sys/position/add', {
      token,
      headers,
      body: { code, name: code },
    });
    expect(res.body.success, res.body.message).toBe(true);
    return (
      await s.ctx.db
        .selectFrom('sysPosition')
        .select('tenantId')
        .where('id', '=', res.body.result.id)
        .executeTakeFirstOrThrow()
    ).tenantId;
  };

  it("is the header when it names one of the user's tenants, else the first effective one; tenant 0 without tenants", async () => {
    const frozen = await addTenant({ name: '当前-冻结', status: 0 });
    const a = await addTenant({ name: '当前-甲' });
    const b = await addTenant({ name: '当前-乙' });
    const token = await s.login(await addUser(`${frozen},${a},${b}`));
    expect(await positionTenant(token)).toBe(a);
    expect(await positionTenant(token, { tenant_id: '0' })).toBe(a);
    expect(await positionTenant(token, { tenant_id: String(b) })).toBe(b);
    expect(await positionTenant(token, { 'tenant-id': String(b) })).toBe(b);
    expect(await positionTenant(admin)).toBe(0);
    expect(await positionTenant(admin, { tenant_id: '0' })).toBe(0);
    const foreign: Record<string, string>[] = [
      { tenant_id: String(b + 1) },
      { 'tenant-id': '1 or 1=1' },
      { tenant_id: `${a},${b}` },
    ];
    for (const headers of foreign) {
      expect((await s.request('GET', '/sys/position/list', { token, headers })).status, JSON.stringify(headers)).toBe(
        403,
      );
    }
    expect(
      (await s.request('GET', '/sys/position/list', { token: admin, headers: { tenant_id: String(a) } })).status,
    ).toBe(403);
  });

  it('a member whose tenants were all frozen after login still never works in tenant 0', async () => {
    const t = await addTenant({ name: '登录后冻结' });
    const token = await s.login(await addUser(`${t}`));
    await s.request('PUT', '/sys/tenant/edit', { token: admin, body: { id: t, status: 0 } });
    expect(await positionTenant(token)).toBe(t);
  });
});

describe('tenants of users on user administration', () => {
  it('stores relTenantIds of existing tenants, keeps them when absent, clears them when empty', async () => {
    const a = await addTenant({ name: '用户租户甲' });
    const b = await addTenant({ name: '用户租户乙' });
    const add = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: 'tenant_member',
        realname: '租户成员',
        password: DEMO_PASSWORD,
        relTenantIds: ` ${a},${b},${a}`,
      },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const detail = async () =>
      (await s.request<UserInfo>('GET', `/sys/user/queryById?id=${add.body.result.id}`, { token: admin })).body.result
        .relTenantIds;
    expect(await detail()).toBe(`${a},${b}`);
    await s.request('PUT', '/sys/user/edit', { token: admin, body: { id: add.body.result.id, realname: '租户成员' } });
    expect(await detail()).toBe(`${a},${b}`);
    await s.request('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: add.body.result.id, realname: '租户成员', relTenantIds: `${b}` },
    });
    expect(await detail()).toBe(`${b}`);
    await s.request('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: add.body.result.id, realname: '租户成员', relTenantIds: '' },
    });
    expect(await detail()).toBe('');
    for (const [rel, message] of [
      ['987654321', '租户不存在'],
      ['1 or 1=1', '租户编号不正确'],
      ['0', '租户编号不正确'],
    ]) {
      const res = await s.request<{ errors: Record<string, string> }>('PUT', '/sys/user/edit', {
        token: admin,
        body: { id: add.body.result.id, realname: '租户成员', relTenantIds: rel },
      });
      expect(res.status, rel).toBe(400);
      expect(res.body.result.errors).toEqual({ relTenantIds: message });
    }
  });

  it('an administrator who is a member of tenants grants only their own', async () => {
    const mine = await addTenant({ name: '管理员的' });
    const other = await addTenant({ name: '别人的' });
    const tenantAdmin = await s.login(await addUser(`${mine}`));
    const refused = await s.request<{ errors: Record<string, string> }>('POST', '/sys/user/add', {
      token: tenantAdmin,
      body: { username: 'granted_other', realname: 'x', password: DEMO_PASSWORD, relTenantIds: `${mine},${other}` },
    });
    expect(refused.body.result.errors).toEqual({ relTenantIds: '只能分配自己所属的租户' });
    const ok = await s.request('POST', '/sys/user/add', {
      token: tenantAdmin,
      body: { username: 'granted_mine', realname: 'x', password: DEMO_PASSWORD, relTenantIds: `${mine}` },
    });
    expect(ok.body.success).toBe(true);
  });
});

describe('migration 0008 keeps existing positions in tenant 0', () => {
  it('rebuilds sys_position with tenant_id and codes unique per tenant', async () => {
    const { url, drop } = await scratchDatabase();
    const { db, close } = openDatabase(url);
    try {
      const migrator = new Migrator({ db: db.withoutPlugins(), provider: { getMigrations: async () => migrations } });
      const check = (r: MigrationResultSet) => expect(r.error).toBeUndefined();
      check(await migrator.migrateTo('0007-logs'));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration
      const raw = db.withoutPlugins() as Kysely<any>;
      await raw
        .insertInto('sys_position')
        .values({ id: 'a'.repeat(32), code: 'OLD', name: '旧职务', create_time: '2026-01-01T00:00:00.000Z' })
        .execute();
      check(await migrator.migrateTo('0008-tenants'));
      expect(await db.selectFrom('sysPosition').select(['id', 'tenantId', 'code', 'name']).execute()).toEqual([
        { id: 'a'.repeat(32), tenantId: 0, code: 'OLD', name: '旧职务' },
      ]);
      const row = (id: string, tenantId: number) => ({
        id,
        tenantId,
        code: 'OLD',
        name: 'x',
        postRank: null,
        description: null,
        createBy: null,
        createTime: 'x',
        updateBy: null,
        updateTime: null,
      });
      await db
        .insertInto('sysPosition')
        .values(row('b'.repeat(32), 1000))
        .execute();
      await expect(
        db
          .insertInto('sysPosition')
          .values(row('c'.repeat(32), 1000))
          .execute(),
      ).rejects.toThrow();
      check(await migrator.migrateDown());
      expect(await raw.selectFrom('sys_position').select('code').execute()).toEqual([{ code: 'OLD' }]);
    } finally {
      await close();
      await drop();
    }
  });
});

/** An empty database of the kind under test (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: 'sqlite::memory:', drop: async () => undefined };
  const name = `procura_t_${process.pid}_mig_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
