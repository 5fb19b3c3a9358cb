import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@procura/shared';
import { buildApp } from './app.js';
import { createContext } from './app-context.js';
import { prepareDatabase, productionRefusal, redactUrl } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_ACCOUNTS } from './seed/seed.js';
import { seedAwardDemo } from './seed/award-demo.js';
import { seedSourcingDemo } from './seed/sourcing-demo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

function die(line: string): never {
  console.error(`procura: ${line}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, defaultWebDist);
  } catch (error) {
    if (error instanceof ConfigError) die(error.message);
    throw error;
  }

  let database;
  try {
    database = await prepareDatabase(config);
  } catch (error) {
    die(`cannot open database ${redactUrl(config.databaseUrl)}: ${(error as Error).message}`);
  }
  const { db, kind, close } = database;

  const refusal = await productionRefusal(config, db);
  if (refusal) {
    await close();
    die(refusal);
  }

  const ctx = await createContext(config, db, kind);
  const { app } = await buildApp(ctx);
  const shutdown = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // The demo company's sourcing events go through the API, so they need the app (first start only).
  if (database.seededNow) {
    await seedSourcingDemo(app, db, config.basePath);
    await seedAwardDemo(app, db, config.basePath);
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
    die(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const lines = [
    '',
    `  Procura is running at ${url}/`,
    `  API: ${url}${config.basePath}${config.apiDocs ? `   API docs: ${url}${config.basePath}/docs` : ''}`,
    `  Database: ${redactUrl(config.databaseUrl)}${database.seededNow ? ' (created now)' : ''}`,
  ];
  const demo = await db
    .selectFrom('sysUser')
    .select('username')
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .execute();
  if (demo.length > 0 && !config.production) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      if (demo.some((d) => d.username === a.username)) lines.push(`    ${a.username.padEnd(10)} ${a.role}`);
  } else if (
    demo.length === 0 &&
    (await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst()) === undefined
  ) {
    lines.push('  No user yet: create the administrator with `npm run create-admin -- --username admin`.');
  }
  console.log(lines.join('\n') + '\n');
}

void main();
