import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { TEST_SERVER_ENV } from './test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded database each test server starts from a copy of (see harness.ts). */
    templateDatabaseUrl: string;
  }
}

/**
 * Migrating and seeding a database takes 1.5–2 s on SQLite and 3–7 s on PostgreSQL, and every
 * test file starts its own server on its own database. Doing it once per run and copying the
 * result (a file copy; PostgreSQL's CREATE DATABASE … TEMPLATE) is the same starting state for
 * a fraction of the time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = process.env.TEST_DATABASE_URL;
  let url: string;
  let drop: () => Promise<void>;
  if (!admin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-template-'));
    url = `sqlite:${path.join(dir, 'template.db')}`;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `procura_tpl_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const target = new URL(admin);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await prepareDatabase(loadConfig({ DATABASE_URL: url, ...TEST_SERVER_ENV }));
  // Closing checkpoints SQLite's write-ahead log into the file, so a plain copy is complete;
  // on PostgreSQL a template must have no open connections.
  await database.close();
  project.provide('templateDatabaseUrl', url);
  return drop;
}
