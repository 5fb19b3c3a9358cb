import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { createContext } from './app-context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { configurePasswordHashing, hashPassword } from './modules/auth/password.js';
import { passwordProblem } from './modules/auth/password-policy.js';
import { createUser, hasUsers, seedDemo, syncBaseData } from './seed/seed.js';
import { seedAwardDemo } from './seed/award-demo.js';
import { seedSourcingDemo } from './seed/sourcing-demo.js';
import { serverNowIso } from './core/clock.js';
import { newId } from './core/ids.js';

const USAGE = `usage: procura <command>
  migrate                          bring the database schema up to date
  seed [--demo]                    add missing base data (and the demo company, into a database without users)
  create-admin --username NAME     create an administrator, or reset an existing user's password and make them one;
                                   the password comes from PROCURA_ADMIN_PASSWORD or is asked for`;

async function askPassword(): Promise<string> {
  if (process.env.PROCURA_ADMIN_PASSWORD) return process.env.PROCURA_ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password for the administrator: ');
  } finally {
    rl.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashCost);
  const { db, kind, close } = openDatabase(config.databaseUrl);
  try {
    if (command === 'migrate') {
      const result = await migrateToLatest(db);
      const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
      return 0;
    }
    if (command === 'seed') {
      const { values } = parseArgs({ args: rest, options: { demo: { type: 'boolean', default: false } } });
      await migrateToLatest(db);
      const added = await syncBaseData(db);
      console.log(`base data: ${added} new row(s) added`);
      if (values.demo) {
        if (await hasUsers(db)) {
          console.error('the database already has users; the demo company goes only into an empty one');
          return 1;
        }
        await seedDemo(db);
        const { app } = await buildApp(await createContext(config, db, kind));
        try {
          await seedSourcingDemo(app, db, config.basePath);
          await seedAwardDemo(app, db, config.basePath);
        } finally {
          await app.close();
        }
        console.log('demo company loaded');
      }
      return 0;
    }
    if (command === 'create-admin') {
      const { values } = parseArgs({
        args: rest,
        options: { username: { type: 'string' }, realname: { type: 'string' } },
      });
      if (!values.username || !/^[A-Za-z0-9_.@-]{2,100}$/.test(values.username)) {
        console.error('--username is required (letters, digits, _ . @ -; 2 to 100 characters)');
        return 1;
      }
      await migrateToLatest(db);
      await syncBaseData(db);
      const password = await askPassword();
      const weak = passwordProblem(password);
      if (weak) {
        console.error(weak);
        return 1;
      }
      const existing = await db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', values.username)
        .executeTakeFirst();
      if (!existing) {
        await createUser(db, {
          username: values.username,
          realname: values.realname ?? '系统管理员',
          password,
          roleCode: 'admin',
          departCode: 'A01',
        });
        console.log(`administrator ${values.username} created`);
        return 0;
      }
      const role = await db
        .selectFrom('sysRole')
        .select('id')
        .where('roleCode', '=', 'admin')
        .executeTakeFirstOrThrow();
      const now = serverNowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysUser')
          .set({
            passwordHash: await hashPassword(password),
            passwordChangedAt: now,
            status: 1,
            delFlag: 0,
            updateBy: 'cli',
            updateTime: now,
          })
          .where('id', '=', existing.id)
          .execute();
        await trx
          .updateTable('sysSession')
          .set({ revokedAt: now })
          .where('userId', '=', existing.id)
          .where('revokedAt', 'is', null)
          .execute();
        const has = await trx
          .selectFrom('sysUserRole')
          .select('id')
          .where('userId', '=', existing.id)
          .where('roleId', '=', role.id)
          .executeTakeFirst();
        if (!has)
          await trx.insertInto('sysUserRole').values({ id: newId(), userId: existing.id, roleId: role.id }).execute();
      });
      console.log(`password of ${values.username} reset; ${values.username} is an administrator`);
      return 0;
    }
    console.error(USAGE);
    return command ? 1 : 0;
  } finally {
    await close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`procura: ${error instanceof ConfigError ? error.message : (error as Error).message}`);
    process.exit(1);
  },
);
