import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Deny by default (PATH-3): every route must declare its access policy, and the list of
 * public API routes is reviewed here. A new public route fails this test until it is
 * added below on purpose.
 */
const PUBLIC_API = [
  'GET /jeecg-boot/portal/view/purchaseAnnouncement',
  'GET /jeecg-boot/portal/view/purchaseAnnouncements',
  'GET /jeecg-boot/portal/view/purchaseAnnouncementDetail',
  'GET /jeecg-boot/portal/view/invitation',
  'GET /jeecg-boot/portal/view/resultAnnouncements',
  'GET /jeecg-boot/portal/view/resultAnnouncement',
  'GET /jeecg-boot/portal/view/portalResult',
  'GET /jeecg-boot/portal/view/news',
  'GET /jeecg-boot/portal/view/newsDetail',
  'GET /jeecg-boot/portal/view/members',
  'GET /jeecg-boot/portal/view/stats',
  'GET /jeecg-boot/portal/view/config',
  // The template every visitor's /portal shows (issue 19 item 7: a site setting, not the browser's).
  'GET /jeecg-boot/portal/view/template',
  'GET /jeecg-boot/sys/health',
  'POST /jeecg-boot/sys/login',
  'POST /jeecg-boot/sys/onlineLogin',
  'POST /jeecg-boot/sys/logout',
  'POST /jeecg-boot/sys/logoutV2',
  // The image captcha (jeecg-api.md §2.1) and whether the login page shows it from the start.
  'GET /jeecg-boot/sys/randomImage/:key',
  'GET /jeecg-boot/sys/login/captchaRequired',
  // Registration and the other ways to sign in (jeecg-api.md §2.3, §9).
  'POST /jeecg-boot/sys/sms',
  'POST /jeecg-boot/sys/phoneLogin',
  'POST /jeecg-boot/sys/ssoLogin',
  'POST /jeecg-boot/sys/user/register',
  'POST /jeecg-boot/sys/user/passwordChange',
  'GET /jeecg-boot/cas/client/validateLogin',
  'GET /jeecg-boot/thirdLogin/getLoginUser/:code',
  // Stored files: public ones (portal images) for anyone, the rest checked by the handler (UP-5).
  'GET /jeecg-boot/sys/common/static/*',
  // The JeecgBoot push channel: its token comes as the subprotocol, checked by the route (test/websocket.test.ts).
  'GET /jeecg-boot/websocket/:userId',
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ API_DOCS: 'true' });
});
afterAll(async () => s?.close());

describe('route inventory', () => {
  it('every route declares an access policy', () => {
    const missing = s
      .routes()
      .filter((r) => r.access === 'none')
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(s.routes().length).toBeGreaterThan(5);
  });

  it('the public API routes are exactly the reviewed ones (docs aside)', () => {
    const publicApi = s
      .routes()
      .filter((r) => r.access === 'public' && r.url.startsWith('/jeecg-boot/') && !r.url.startsWith('/jeecg-boot/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicApi).toEqual([...PUBLIC_API].sort());
  });

  it('every non-public API route refuses an anonymous caller, also through URL tricks (PATH-1)', async () => {
    const guarded = s.routes().filter((r) => r.access !== 'public' && r.url.startsWith('/jeecg-boot/'));
    expect(guarded.length).toBeGreaterThan(3);
    for (const r of guarded) {
      const url = r.url.replace(/:(\w+)/g, 'sex');
      for (const variant of [
        url,
        `${url}.js`,
        `${url};.js`,
        `${url}/`,
        `${url}%2f`,
        url.toUpperCase(),
        `${url}?x=.js`,
      ]) {
        const res = await fetch(s.origin + variant, { method: r.method });
        expect([400, 401, 404], `${r.method} ${variant}`).toContain(res.status);
      }
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${s.base}/docs/json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/jeecg-boot/sys/login', '/jeecg-boot/sys/user/list']),
    );
    const page = await fetch(`${s.base}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });
});
