import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@procura/shared';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { newId } from '../src/core/ids.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Two server processes' worth of app on one database (issue 15): each node caches sessions,
 * permissions and dictionaries, and a change made through node 1 must be seen by the very next
 * request on node 2, whose caches were warmed just before.
 */
let one: TestServer;
let two: { base: string; close: () => Promise<void> };

beforeAll(async () => {
  one = await startTestServer();
  const config = loadConfig({
    DATABASE_URL: one.databaseUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
    LOGIN_RATE_LIMIT: '10000',
  });
  const database: OpenDatabase = openDatabase(config.databaseUrl);
  const ctx = await createContext(config, database.db, database.kind);
  const { app } = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  two = {
    base: `http://127.0.0.1:${port}${config.basePath}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

type Answer = { status: number; success: boolean; result: unknown };
async function onTwo(url: string, token: string): Promise<Answer> {
  const res = await fetch(two.base + url, { headers: { 'X-Access-Token': token } });
  const body = (await res.json()) as { success: boolean; result: unknown };
  return { status: res.status, success: body.success, result: body.result };
}

const roleIdsOf = (username: string) =>
  one.ctx.db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .select(['ur.roleId', 'u.id as userId'])
    .where('u.username', '=', username)
    .execute();

describe('caches across two nodes on one database', () => {
  it('sees a permission granted on node 1 on the next request on node 2', async () => {
    const [admin, buyer] = [await one.login('admin'), await one.login('buyer')];
    const { roleId } = (await roleIdsOf('buyer'))[0]!;
    // Warm node 2: the buyer may not list users, twice (the second answer comes from its cache).
    expect((await onTwo('/sys/user/list', buyer)).status).toBe(403);
    expect((await onTwo('/sys/user/list', buyer)).status).toBe(403);

    const granted = await one.ctx.db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', roleId)
      .execute();
    const userList = await one.ctx.db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', 'user:list')
      .executeTakeFirstOrThrow();
    const saved = await one.request('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId, permissionIds: [...granted.map((g) => g.permissionId), userList.id].join(',') },
    });
    expect(saved.body.success).toBe(true);

    const after = await onTwo('/sys/user/list', buyer);
    expect(after).toMatchObject({ status: 200, success: true });
  });

  it('sees a role taken away on node 1 on the next request on node 2', async () => {
    const buyer = await one.login('buyer');
    expect((await onTwo('/srm/requisition/list', buyer)).status).toBe(200);
    expect((await onTwo('/srm/requisition/list', buyer)).status).toBe(200);
    const { userId } = (await roleIdsOf('buyer'))[0]!;
    const before = await one.ctx.db.selectFrom('sysCacheVersion').selectAll().where('name', '=', 'auth').execute();

    await one.ctx.db.deleteFrom('sysUserRole').where('userId', '=', userId).execute();

    // The trigger moved the stamp, whichever code path wrote.
    const stamp = await one.ctx.db.selectFrom('sysCacheVersion').selectAll().where('name', '=', 'auth').execute();
    expect(Number(stamp[0]!.version)).toBeGreaterThan(Number(before[0]!.version));
    expect((await onTwo('/srm/requisition/list', buyer)).status).toBe(403);

    // And a role given back is seen as fast.
    const role = await one.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    await one.ctx.db.insertInto('sysUserRole').values({ id: newId(), userId, roleId: role.id }).execute();
    expect((await onTwo('/srm/requisition/list', buyer)).status).toBe(200);
  });

  it('sees a dictionary text changed on node 1 on the next request on node 2', async () => {
    const admin = await one.login('admin');
    const textOfAdmin = async () => {
      const list = (await onTwo('/sys/user/list?pageNo=1&pageSize=50', admin)).result as {
        records: { username: string; status_dictText: string | null }[];
      };
      return list.records.find((r) => r.username === 'admin')!.status_dictText;
    };
    expect(await textOfAdmin()).toBe('正常');
    expect(await textOfAdmin()).toBe('正常');
    const dict = await one.ctx.db
      .selectFrom('sysDict')
      .select('id')
      .where('dictCode', '=', 'user_status')
      .executeTakeFirstOrThrow();
    await one.ctx.db
      .updateTable('sysDictItem')
      .set({ itemText: '在职' })
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', '1')
      .execute();
    expect(await textOfAdmin()).toBe('在职');
  });

  it('ends a session signed out on node 1 on the next request on node 2', async () => {
    const res = await fetch(`${one.base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'supplier1', password: DEMO_PASSWORD }),
    });
    const token = ((await res.json()) as { result: { token: string } }).result.token;
    expect((await onTwo('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
    expect((await onTwo('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);

    expect((await one.request('POST', '/sys/logout', { token })).body.success).toBe(true);

    expect(await onTwo('/sys/permission/getUserPermissionByToken', token)).toMatchObject({
      status: 401,
      success: false,
    });
  });
});
