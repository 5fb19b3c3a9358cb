import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';

// The baseline of the list targets (issue 15): a bare Fastify + Kysely page route over the
// same database, table and page as `/sys/user/list` (count + one page of 23, newest first),
// without authentication, permissions or dictionary texts. It opens the database as the
// server does (its own `openDatabase`: WAL, statement cache, CamelCase plugin).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const here = path.dirname(fileURLToPath(import.meta.url));
const databaseModule = pathToFileURL(path.resolve(here, '../../apps/server/dist/db/database.js')).href;
const { openDatabase } = (await import(databaseModule)) as { openDatabase: (url: string) => { db: AnyDb } };
const { db } = openDatabase(process.env.DATABASE_URL!);

const app = Fastify({ logger: false });
app.get('/bare/user/list', async () => {
  const base = db.selectFrom('sysUser as u').where('u.delFlag', '=', 0);
  const { total } = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const records = await base
    .select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.email', 'u.phone', 'u.orgCode', 'u.status'])
    .select(['u.userType', 'u.isShow', 'u.supplierId', 'u.workNo', 'u.createBy', 'u.createTime'])
    .select(['u.updateBy', 'u.updateTime'])
    .orderBy('u.createTime', 'desc')
    .limit(23)
    .offset(0)
    .execute();
  return { success: true, code: 200, result: { records, total: Number(total), size: 23, current: 1 } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
