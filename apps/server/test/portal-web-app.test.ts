import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoginPath, isPortalPath } from '../src/http/web-app.js';
import { startTestServer, type TestServer } from './harness.js';

// The public portal is its own web entry (portal.html) so it loads no back-office code
// (spec part 1 §2.5, issue 5): its paths fall back to portal.html, every other path to index.html.
describe('serving the portal and sign-in entries', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-portal-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>back office</title>');
    fs.writeFileSync(path.join(dist, 'portal.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>sign-in</title>');
    const script = 'console.log("portal");'.repeat(100);
    fs.writeFileSync(path.join(dist, 'assets', 'portal-1234.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'portal-1234.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'portal-1234.js.gz'), zlib.gzipSync(script));
    s = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers portal.html for the portal paths', async () => {
    const portalPaths = [
      '/portal',
      '/portal/templates',
      '/proHome',
      '/seHome',
      '/purchaseAnnouncement?type=tender',
      '/resultAnnouncement',
      '/about',
      '/feature',
      '/guide',
      '/news',
      '/detail?id=abc',
      '/pro/purchaseAnnouncement',
    ];
    for (const p of portalPaths) {
      const res = await fetch(s.origin + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text(), p).toContain('<title>portal</title>');
    }
  });

  it('answers index.html for the back office, including the portal designer', async () => {
    for (const p of [
      '/',
      '/user',
      '/user/ssoLogin?token=x',
      '/user/loginx',
      '/user/login/more',
      '/register',
      '/dashboard/analysis',
      '/portal-admin/designer?template=pro',
      '/aboutx',
      '/newsletter',
    ]) {
      const res = await fetch(s.origin + p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toContain('<title>back office</title>');
    }
  });

  it('answers login.html, the light sign-in entry, for /user/login only', async () => {
    for (const p of ['/user/login', '/user/login/', '/user/login?redirect=%2Fisystem%2Fuser']) {
      const res = await fetch(s.origin + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text(), p).toContain('<title>sign-in</title>');
    }
    expect(isLoginPath('/user/login')).toBe(true);
    expect(isLoginPath('/user/login/')).toBe(true);
    expect(isLoginPath('/user/loginx')).toBe(false);
    expect(isLoginPath('/user/login/x')).toBe(false);
    expect(isLoginPath('/xuser/login')).toBe(false);
    expect(isLoginPath('/user')).toBe(false);
    expect(isLoginPath('//user/login')).toBe(false);
  });

  it('keeps API paths and missing assets out of the fallback', async () => {
    expect((await fetch(`${s.base}/portal/view/nothing-here`)).status).toBe(404);
    expect((await fetch(`${s.origin}/assets/portal-missing.js`)).status).toBe(404);
  });

  it('sends the precompressed script to browsers that accept it (Lighthouse: text compression)', async () => {
    const br = await fetch(`${s.origin}/assets/portal-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toContain('console.log("portal")');
    const gz = await fetch(`${s.origin}/assets/portal-1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${s.origin}/assets/portal-1234.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('console.log("portal")');
  });

  it('matches whole first segments only', () => {
    expect(isPortalPath('/portal')).toBe(true);
    expect(isPortalPath('/portal/templates')).toBe(true);
    expect(isPortalPath('/portal-admin/designer')).toBe(false);
    expect(isPortalPath('/proHomeX')).toBe(false);
    expect(isPortalPath('/user/login')).toBe(false);
  });
});
