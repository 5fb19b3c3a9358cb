import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
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
    // As the build writes them: the back office loads /config.js blocking, the light entries deferred.
    const page = (title: string, attrs: string) =>
      `<!doctype html><title>${title}</title><script src="/config.js"${attrs}></script>`;
    fs.writeFileSync(path.join(dist, 'index.html'), page('back office', ''));
    fs.writeFileSync(path.join(dist, 'portal.html'), page('portal', ' defer'));
    fs.writeFileSync(path.join(dist, 'login.html'), page('sign-in', ' defer'));
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
      '/privacy',
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

  it('inlines the runtime configuration into each page, allowed by the CSP hash (no render-blocking config.js)', async () => {
    for (const p of ['/proHome', '/user/login', '/', '/dashboard/analysis']) {
      const res = await fetch(s.origin + p);
      const html = await res.text();
      expect(html, p).not.toContain('src="/config.js"');
      const inline = /<script>(.*?)<\/script>/.exec(html)?.[1];
      expect(inline, p).toBe('window.__PROCURA_CONFIG__ = {"apiBase":"/jeecg-boot"};');
      const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(scriptSrc?.split(' '), p).toEqual(["'self'", hash]);
      // What the web app reads (lib/config.ts) is what the inline script sets.
      const window: { __PROCURA_CONFIG__?: { apiBase: string } } = {};
      new Function('window', inline!)(window);
      expect(window.__PROCURA_CONFIG__).toEqual({ apiBase: '/jeecg-boot' });
    }
    // /config.js itself stays for pages served elsewhere (its own CSP: 'self').
    const js = await fetch(`${s.origin}/config.js`);
    expect(await js.text()).toBe('window.__PROCURA_CONFIG__ = {"apiBase":"/jeecg-boot"};\n');
  });

  it("keeps the static files' ETag revalidation (304) with API compression in place", async () => {
    // node:http, as fetch adds `cache-control: no-cache` to a conditional request.
    const get = (headers: Record<string, string>) =>
      new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${s.origin}/assets/portal-1234.js`, { headers }, (res) => resolve(res.resume())).on('error', reject),
      );
    const first = await get({ 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.statusCode).toBe(304);
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
