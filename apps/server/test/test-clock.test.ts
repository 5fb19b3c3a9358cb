import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// The browser tests move the server clock over HTTP (domain §25 test clock, X-1).
describe('test clock route (TEST_CLOCK=true only)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ TEST_CLOCK: 'true' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lets the administrator move the server clock, which the deadline checks read', async () => {
    const admin = await s.login('admin');
    const day = 86_400_000;
    const moved = await s.request<{ now: string }>('PUT', '/sys/test/clock', {
      token: admin,
      body: { offsetMs: 3 * day },
    });
    expect(moved.body.success).toBe(true);
    const ahead = Date.parse(moved.body.result.now) - Date.now();
    expect(ahead).toBeGreaterThan(3 * day - 60_000);
    expect(ahead).toBeLessThan(3 * day + 60_000);
    const read = await s.request<{ now: string }>('GET', '/sys/test/clock', { token: admin });
    expect(Date.parse(read.body.result.now) - Date.now()).toBeGreaterThan(3 * day - 60_000);
    await s.request('PUT', '/sys/test/clock', { token: admin, body: { offsetMs: 0 } });
  });

  it('refuses other users and bad offsets', async () => {
    const buyer = await s.login('buyer');
    expect((await s.request('PUT', '/sys/test/clock', { token: buyer, body: { offsetMs: 1000 } })).status).toBe(403);
    const admin = await s.login('admin');
    expect((await s.request('PUT', '/sys/test/clock', { token: admin, body: { offsetMs: 'soon' } })).body.success).toBe(
      false,
    );
  });
});

// The clock is one per process: this server, started after the one above closed, turns it off.
describe('without TEST_CLOCK', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('has no clock route', async () => {
    const admin = await off.login('admin');
    expect((await off.request('PUT', '/sys/test/clock', { token: admin, body: { offsetMs: 1000 } })).status).toBe(404);
  });
});
