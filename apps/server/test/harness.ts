import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_PASSWORD, type Envelope } from '@procura/shared';
import { buildApp, type App } from '../src/app.js';
import { createContext, type AppContext } from '../src/app-context.js';
import { prepareDatabase } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { newId } from '../src/core/ids.js';
import { TEST_SERVER_ENV } from './test-env.js';

/**
 * Starts a real server on 127.0.0.1 over a fresh database: a temporary SQLite file, or a
 * new PostgreSQL database when TEST_DATABASE_URL is set. Requests go over real HTTP.
 */
export type TestServer = {
  base: string;
  /** The server's database, for a second node on it (test/cache-nodes.test.ts). */
  databaseUrl: string;
  origin: string;
  ctx: AppContext;
  app: App['app'];
  routes: App['routes'];
  request: <T = unknown>(
    method: string,
    url: string,
    opts?: RequestOptions,
  ) => Promise<{ status: number; body: Envelope<T>; headers: Headers; text: string }>;
  /** Signs in by password; solves the captcha (read from its table) and waits out a delay when asked to. */
  login: (username: string, password?: string) => Promise<string>;
  /** Draws a captcha over HTTP and reads its code from the database: the fields a login form sends. */
  captcha: (checkKey?: string) => Promise<{ checkKey: string; captcha: string }>;
  close: () => Promise<void>;
};

export type RequestOptions = {
  token?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

/**
 * A fresh database for one test server: a copy of the run's migrated, demo-seeded template
 * (test/global-setup.ts), or an empty one when the test starts without demo data. The copy is
 * a temporary SQLite file, or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function freshDatabaseUrl(fromTemplate: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  const template = fromTemplate ? inject('templateDatabaseUrl') : undefined;
  if (!admin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-test-'));
    const file = path.join(dir, 'test.db');
    if (template) fs.copyFileSync(template.slice('sqlite:'.length), file);
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `procura_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(
    template ? `CREATE DATABASE ${name} TEMPLATE ${new URL(template).pathname.slice(1)}` : `CREATE DATABASE ${name}`,
  );
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function timedStep(step: string, run: () => Promise<unknown>): Promise<void> {
  const began = performance.now();
  await run();
  const ms = performance.now() - began;
  if (ms > 5000) console.warn(`test server close: ${step} took ${Math.round(ms)} ms`);
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const { url, drop } = await freshDatabaseUrl(env.SEED_DEMO !== 'false');
  // A production server (signin-guard.test.ts) hashes at production's cost: it refuses the tests' one.
  const { PASSWORD_HASH_COST, ...productionEnv } = TEST_SERVER_ENV;
  const config = loadConfig({
    DATABASE_URL: url,
    ...(env.NODE_ENV === 'production' ? productionEnv : { ...productionEnv, PASSWORD_HASH_COST }),
    LOGIN_RATE_LIMIT: '10000',
    ...env,
  });
  const database = await prepareDatabase(config);
  const ctx = await createContext(config, database.db, database.kind);
  const { app, routes } = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const base = origin + config.basePath;

  const request: TestServer['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers['X-Access-Token'] = opts.token;
    let body: string | undefined;
    if (opts.rawBody !== undefined) {
      body = opts.rawBody;
      headers['content-type'] = opts.contentType ?? 'text/plain';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(url.startsWith('http') ? url : base + url, { method, headers, body });
    const text = await res.text();
    let parsed: Envelope<never>;
    try {
      parsed = JSON.parse(text) as Envelope<never>;
    } catch {
      parsed = { success: false, message: text, code: res.status, result: null as never, timestamp: 0 };
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };

  let captchaSeq = 0;
  const captcha = async (checkKey = `t${Date.now()}-${++captchaSeq}`) => {
    const res = await request<string>('GET', `/sys/randomImage/${encodeURIComponent(checkKey)}`);
    if (!res.body.success) throw new Error(`captcha failed: ${res.body.message}`);
    const row = await ctx.db
      .selectFrom('sysCaptcha')
      .select('code')
      .where('checkKey', '=', checkKey)
      .executeTakeFirstOrThrow();
    return { checkKey, captcha: row.code };
  };

  const login = async (username: string, password = DEMO_PASSWORD) => {
    let extra: { checkKey?: string; captcha?: string } = {};
    for (let round = 0; ; round++) {
      const res = await request<{ token: string }>('POST', '/sys/login', { body: { username, password, ...extra } });
      if (res.body.code === 200) return res.body.result.token;
      // The sign-in guard (issue 16): a captcha after a failure, a growing delay.
      const guard = res.body.result as unknown as { retryAfter?: number } | null;
      if (round < 6 && res.status === 429 && guard?.retryAfter) {
        await new Promise((r) => setTimeout(r, guard.retryAfter! * 1000));
      } else if (round < 6 && res.body.code === 412) {
        extra = await captcha();
      } else {
        throw new Error(`login ${username} failed: ${res.body.message}`);
      }
    }
  };

  return {
    base,
    databaseUrl: url,
    origin,
    ctx,
    app,
    routes,
    request,
    login,
    captcha,
    close: async () => {
      // A close once outlasted the 60 s hook timeout on a loaded PostgreSQL run; name the slow step.
      await timedStep('app.close', () => app.close());
      await timedStep('database.close', () => database.close());
      await timedStep('drop database', drop);
    },
  };
}

/**
 * The demo's two supplier companies most supplier tests work with: 华东精密 (approved, its user
 * supplier1) and supplier2's fresh one. supplier2's information is marked complete first, as
 * incomplete suppliers reach only the completion pages (SUP-3): a second supplier for X-5.
 */
export async function twoDemoSuppliers(s: TestServer): Promise<{ approvedId: string; freshId: string }> {
  const db = s.ctx.db;
  const approved = await db
    .selectFrom('supplier')
    .select('id')
    .where('name', '=', '华东精密机械有限公司')
    .executeTakeFirstOrThrow();
  const fresh = await db
    .selectFrom('sysUser')
    .select('supplierId')
    .where('username', '=', 'supplier2')
    .executeTakeFirstOrThrow();
  await db.updateTable('sysUser').set({ isShow: 1 }).where('username', '=', 'supplier2').execute();
  return { approvedId: approved.id, freshId: fresh.supplierId! };
}

/**
 * Signs in a new account `username` of tenant `tenantId`, a copy of the demo account `like`
 * with its roles (its password too): another tenant's administrator for isolation tests.
 */
export async function memberLike(s: TestServer, like: string, username: string, tenantId: number): Promise<string> {
  const base = await s.ctx.db.selectFrom('sysUser').selectAll().where('username', '=', like).executeTakeFirstOrThrow();
  const id = newId();
  await s.ctx.db
    .insertInto('sysUser')
    .values({ ...base, id, username, phone: null, email: null, workNo: null, relTenantIds: String(tenantId) })
    .execute();
  for (const r of await s.ctx.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', base.id).execute())
    await s.ctx.db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: r.roleId }).execute();
  return s.login(username);
}

/** Tokens of the demo accounts admin, buyer, supplier1 and supplier2, in that order. */
export async function demoTokens(
  s: TestServer,
): Promise<[admin: string, buyer: string, supplier1: string, supplier2: string]> {
  const [admin, buyer, supplier1, supplier2] = await Promise.all(
    ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
  );
  return [admin!, buyer!, supplier1!, supplier2!];
}

/** Texts that must never reach a client (security ERR-1, AUTHN-12). */
export const LEAK_PATTERN =
  /SQLITE|SQLSTATE|syntax error|select .* from|at .*\.(js|ts):\d+|\/work\/|node_modules|passwordHash|password_hash/i;
