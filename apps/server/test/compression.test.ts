import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Issue 15: the API's JSON goes out brotli- or gzip-compressed when the client accepts it and
// the answer is worth it (≥ 1 KB); Lighthouse flagged the portal's uncompressed lists.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request whose answer is read as sent on the wire (fetch would inflate it silently). */
function raw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('API response compression', () => {
  let s: TestServer;
  let token: string;
  const big = '/sys/permission/list';
  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('sends a large JSON list brotli-compressed, decoding to the same JSON as the plain answer', async () => {
    const plain = await raw(s.base + big, { 'x-access-token': token, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8')) as { success: boolean; result: unknown };
    expect(json.success).toBe(true);

    const br = await raw(s.base + big, { 'x-access-token': token, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    // The same list (the envelope's timestamp differs from one answer to the next).
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toMatchObject({ result: json.result });
  });

  it('falls back to gzip when brotli is not accepted, and to plain when nothing is', async () => {
    const gz = await raw(s.base + big, { 'x-access-token': token, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(gz.body).toString('utf8')) as { success: boolean; result: unknown[] };
    expect(json.success).toBe(true);
    expect(json.result.length).toBeGreaterThan(0);
    const none = await raw(s.base + big, { 'x-access-token': token });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString('utf8'))).toMatchObject({ result: json.result });
  });

  it('compresses the public portal lists too (the pages Lighthouse audits)', async () => {
    const res = await raw(`${s.base}/portal/view/purchaseAnnouncements?pageNo=1&pageSize=10`, {
      'accept-encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.body) : Buffer.from(res.body);
    const json = JSON.parse(body.toString('utf8')) as { success: boolean };
    expect(json.success).toBe(true);
    // Small enough to stay plain is allowed; compressed only when at least 1 KB.
    if (body.length >= 1024) expect(res.headers['content-encoding']).toBe('br');
    else expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a tiny answer uncompressed', async () => {
    const res = await raw(`${s.base}/sys/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(1024);
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ success: true, result: { status: 'UP' } });
  });

  it('answers a refused call with its small JSON envelope, plain', async () => {
    const denied = await raw(s.base + big, { 'accept-encoding': 'br' });
    expect(denied.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(denied.body.toString('utf8'))).toMatchObject({ success: false });
  });
});
