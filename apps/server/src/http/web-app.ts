import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail, ResultCode } from '@procura/shared';

/**
 * First path segments of the public portal (spec part 1 §2.5), a separate entry of the web
 * build (`portal.html`) that loads no back-office code. `/portal-admin/…` is the back office.
 */
export const PORTAL_SEGMENTS: ReadonlySet<string> = new Set([
  'portal',
  'proHome',
  'seHome',
  'purchaseAnnouncement',
  'resultAnnouncement',
  'about',
  'privacy',
  'feature',
  'guide',
  'news',
  'detail',
  'pro',
]);

/** Whether a path (no query) belongs to the portal app. */
export function isPortalPath(url: string): boolean {
  const first = url.split('/')[1] ?? '';
  return PORTAL_SEGMENTS.has(first);
}

/**
 * Paths of the light sign-in entry (`login.html`, no antd or back-office code), as whole
 * segments: `/user/login` and `/user/login/`, never `/user/loginX` or `/user/login/x`. The
 * back office sends other `/user/…` pages (SSO) to itself and a visit of /user/login inside
 * it to this page with a full load.
 */
export const LOGIN_PATHS: readonly (readonly string[])[] = [['user', 'login']];

/** Whether a path (no query) is the sign-in page. */
export function isLoginPath(url: string): boolean {
  const segments = url.split('/').filter((s, i, all) => i > 0 && !(s === '' && i === all.length - 1));
  return LOGIN_PATHS.some((p) => p.length === segments.length && p.every((s, i) => s === segments[i]));
}

/**
 * The runtime configuration the web app reads from `window.__PROCURA_CONFIG__` (lib/config.ts).
 * `<` is escaped so no value can close the script element it is inlined into.
 */
export function runtimeConfigScript(basePath: string): string {
  return `window.__PROCURA_CONFIG__ = ${JSON.stringify({ apiBase: basePath }).replace(/</g, '\\u003c')};`;
}

/** The CSP source that allows exactly the inlined configuration script (helmet, app.ts). */
export function runtimeConfigCspSource(basePath: string): string {
  return `'sha256-${createHash('sha256').update(runtimeConfigScript(basePath)).digest('base64')}'`;
}

/** The built pages load `/config.js`; served by us, its content goes inline (no extra request). */
const CONFIG_SCRIPT_TAG = /<script src="\/config\.js"(?: defer)?><\/script>/;

/** A page with its `/config.js` tag replaced by the inline script (Lighthouse: render-blocking). */
export function inlineRuntimeConfig(html: string, basePath: string): string {
  return html.replace(CONFIG_SCRIPT_TAG, () => `<script>${runtimeConfigScript(basePath)}</script>`);
}

/**
 * Serves the built single-page app: hashed assets with long caching, `/config.js` with the
 * runtime configuration (also inlined into the pages served here), `portal.html` for the portal's paths, `login.html` for the sign-in
 * page and `index.html` for every other path (history-mode fallback). Paths under the API base never fall back: they answer
 * a JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, basePath: string, webDist: string | null): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && fs.existsSync(indexFile);
  const portalFile = webDist ? path.join(webDist, 'portal.html') : null;
  const hasPortal = hasWeb && portalFile !== null && fs.existsSync(portalFile);
  const loginFile = webDist ? path.join(webDist, 'login.html') : null;
  const hasLogin = hasWeb && loginFile !== null && fs.existsSync(loginFile);

  await app.register(async (site) => {
    // Everything in this context is the public shell of the app; data stays behind the API.
    site.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    site.get('/config.js', async (_request, reply) => {
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
      return `${runtimeConfigScript(basePath)}\n`;
    });
    if (hasWeb) {
      await site.register(fastifyStatic, {
        root: webDist!,
        wildcard: false,
        index: false,
        // The build writes .br/.gz beside scripts and styles; send them when accepted.
        preCompressed: true,
        // Our own cache headers below, not the plugin's default max-age=0.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
  });

  const apiPrefix = `${basePath}/`;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (
      url === basePath ||
      url.startsWith(apiPrefix) ||
      url.startsWith('/assets/') ||
      request.method !== 'GET' ||
      !hasWeb
    ) {
      return reply.status(404).send(fail('很抱歉，资源未找到!', ResultCode.NOT_FOUND));
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const file = hasPortal && isPortalPath(url) ? portalFile! : hasLogin && isLoginPath(url) ? loginFile! : indexFile!;
    return inlineRuntimeConfig(await fs.promises.readFile(file, 'utf8'), basePath);
  });
}
