import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password.js';
import { productionRefusal } from '../src/bootstrap.js';
import { syncBaseData } from '../src/seed/seed.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';

describe('configuration', () => {
  it('has safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      basePath: '/jeecg-boot',
      databaseUrl: 'sqlite:./data/procura.db',
      seedDemo: true,
      production: false,
    });
    expect(c.storageDir).toBe(path.resolve('./data/files'));
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT="eighty"/],
    [{ PORT: '70000' }, /^Invalid PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL="mysql:\/\/x": must be sqlite:<path> or postgres/],
    [{ BASE_PATH: 'api' }, /^Invalid BASE_PATH/],
    [{ NODE_ENV: 'prod' }, /^Invalid NODE_ENV/],
    [{ SEED_DEMO: 'no' }, /^Invalid SEED_DEMO/],
  ])('stops on a bad value with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('turns the API page off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
  });
});

describe('first start and production', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('refuses production while a demo account keeps the demo password', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      SEALING_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(await productionRefusal(production, s.ctx.db)).toMatch(/admin, buyer, supplier1, supplier2|buyer|admin/);
    expect(await productionRefusal(loadConfig({}), s.ctx.db)).toBeNull();
    const newHash = await hashPassword('Another#Pass9');
    await s.ctx.db.updateTable('sysUser').set({ passwordHash: newHash }).execute();
    expect(await productionRefusal(production, s.ctx.db)).toBeNull();
    // §9.4 / P1: the sealing master key never comes from a development file in production.
    expect(await productionRefusal(loadConfig({ NODE_ENV: 'production' }), s.ctx.db)).toMatch(/SEALING_MASTER_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    // The tests' cheap password hash (test/test-env.ts) is refused in production; the default is the full cost.
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashCost).toBe(15);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ SEALING_MASTER_KEY: 'c2hvcnQ=' })).toThrow(/SEALING_MASTER_KEY/);
  });

  it('adds base data once: a second start adds nothing and a deleted row stays deleted', async () => {
    expect(await syncBaseData(s.ctx.db)).toBe(0);
    await s.ctx.db.deleteFrom('sysDict').where('dictCode', '=', 'srm_currency').execute();
    expect(await syncBaseData(s.ctx.db)).toBe(0);
    expect(
      await s.ctx.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'srm_currency').executeTakeFirst(),
    ).toBeUndefined();
    // A row this installation never received is added (as a new release's menus would be).
    await s.ctx.db.deleteFrom('sysBaseData').where('dataKey', '=', 'dict:srm_currency').execute();
    expect(await syncBaseData(s.ctx.db)).toBe(1);
    expect(
      await s.ctx.db.selectFrom('sysDict').select('dictName').where('dictCode', '=', 'srm_currency').executeTakeFirst(),
    ).toEqual({ dictName: '币种' });
  });

  it('without demo data there are no demo accounts, but menus, roles and dictionaries exist', async () => {
    const bare = await startTestServer({ SEED_DEMO: 'false' });
    try {
      expect(await bare.ctx.db.selectFrom('sysUser').select('id').execute()).toHaveLength(0);
      expect(
        (await bare.ctx.db.selectFrom('sysRole').select('roleCode').execute()).map((r) => r.roleCode).sort(),
      ).toEqual(['admin', 'buyer', 'expert', 'supplier']);
      expect((await bare.ctx.db.selectFrom('sysDict').select('id').execute()).length).toBeGreaterThan(10);
    } finally {
      await bare.close();
    }
  });
});

describe('serving the web app', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>招标采购平台</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    s = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for history-mode paths', async () => {
    for (const p of ['/', '/user/login', '/dashboard/analysis', '/isystem/user?x=1']) {
      const res = await fetch(s.origin + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('招标采购平台');
    }
  });

  it('serves hashed assets with long caching, and 404 for missing ones', async () => {
    const asset = await fetch(`${s.origin}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${s.origin}/assets/missing-9999.js`)).status).toBe(404);
  });

  it('gives the runtime configuration at /config.js', async () => {
    const res = await fetch(`${s.origin}/config.js`);
    expect(await res.text()).toContain('"apiBase":"/jeecg-boot"');
  });

  it('never answers an unknown API path with the app', async () => {
    const res = await fetch(`${s.base}/no/such/route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });

  it('sends security headers (HDR-2, XSS-2)', async () => {
    const res = await fetch(`${s.origin}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });

  it('does not reflect a foreign origin (HDR-1)', async () => {
    const res = await fetch(`${s.base}/sys/login`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
