import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * JeecgBoot's push channel `/websocket/{userId}` (reference §6): the stock 3.4 client opens it
 * with its token as the subprotocol and reloads its bell on each `{cmd, msgId, msgTxt}`.
 */
let s: TestServer;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await s?.close();
});

type Session = { token: string; id: string };
async function signIn(username: string): Promise<Session> {
  const res = await s.request<{ token: string; userInfo: { id: string } }>('POST', '/sys/login', {
    body: { username, password: DEMO_PASSWORD },
  });
  return { token: res.body.result.token, id: res.body.result.userInfo.id };
}

const socketUrl = (userId: string) => `${s.base.replace(/^http/, 'ws')}/websocket/${userId}`;

type Pushed = { cmd: string; msgId?: string; msgTxt?: string };

/** An open socket and every JSON text it has received. */
async function open(userId: string, token: string): Promise<{ socket: WebSocket; received: Pushed[] }> {
  const socket = new WebSocket(socketUrl(userId), [token]);
  sockets.push(socket);
  const received: Pushed[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as Pushed));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received };
}

/** The HTTP status that refused the upgrade. */
function refusal(userId: string, protocols: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(userId), protocols);
    sockets.push(socket);
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('error', () => undefined);
  });
}

async function until<T>(probe: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function addAnnouncement(token: string, body: Record<string, unknown>): Promise<string> {
  const add = await s.request<{ id: string }>('POST', '/sys/annountCement/add', {
    token,
    body: { msgCategory: '2', priority: 'M', msgContent: '<p>内容</p>', ...body },
  });
  expect(add.body.success, add.body.message).toBe(true);
  return add.body.result.id;
}

const release = async (token: string, id: string) =>
  expect((await s.request('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token })).body.success).toBe(true);

describe('/websocket/{userId}', () => {
  it('opens with the token as subprotocol, echoes it, and pushes a notice released to that user only', async () => {
    const admin = await signIn('admin');
    const buyer = await signIn('buyer');
    const supplier = await signIn('supplier1');
    const mine = await open(buyer.id, buyer.token);
    expect(mine.socket.protocol).toBe(buyer.token);
    const other = await open(supplier.id, supplier.token);

    const id = await addAnnouncement(admin.token, {
      titile: '请确认本周排产',
      msgType: 'USER',
      userIds: `${buyer.id},`,
    });
    // A draft is not pushed.
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.received).toEqual([]);
    await release(admin.token, id);
    const pushed = await until(() => mine.received.find((m) => m.msgId === id), 'the user notice');
    expect(pushed).toEqual({ cmd: 'user', msgId: id, msgTxt: '请确认本周排产' });
    // What the client then does with it: the bell and queryById.
    const shown = await s.request<{ titile: string }>('GET', `/sys/annountCement/queryById?id=${id}`, {
      token: buyer.token,
    });
    expect(shown.body.result.titile).toBe('请确认本周排产');
    await new Promise((r) => setTimeout(r, 100));
    expect(other.received.map((m) => m.msgId)).not.toContain(id);
  });

  it("pushes an announcement to all as a topic: the platform's to everyone, a tenant's to its members only", async () => {
    const admin = await signIn('admin');
    const hdadmin = await signIn('hdadmin');
    const buyer = await signIn('buyer');
    const hdbuyer = await signIn('hdbuyer');
    const platformSide = await open(buyer.id, buyer.token);
    const tenantSide = await open(hdbuyer.id, hdbuyer.token);

    const everyone = await addAnnouncement(admin.token, { titile: '系统维护通知', msgType: 'ALL', msgCategory: '1' });
    await release(admin.token, everyone);
    for (const side of [platformSide, tenantSide])
      expect(await until(() => side.received.find((m) => m.msgId === everyone), 'the topic')).toEqual({
        cmd: 'topic',
        msgId: everyone,
        msgTxt: '系统维护通知',
      });

    const tenants = await addAnnouncement(hdadmin.token, {
      titile: '华东分公司例会',
      msgType: 'ALL',
      msgCategory: '1',
    });
    await release(hdadmin.token, tenants);
    await until(() => tenantSide.received.find((m) => m.msgId === tenants), "the tenant's topic");
    await new Promise((r) => setTimeout(r, 100));
    expect(platformSide.received.map((m) => m.msgId)).not.toContain(tenants);
  });

  it('pushes the notices the application sends (an approved requisition tells its buyer) once committed', async () => {
    const admin = await signIn('admin');
    const buyer = await signIn('buyer');
    const socket = await open(admin.id, admin.token);
    const material = await s.ctx.db
      .selectFrom('srmMaterial')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const needBy = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    const add = await s.request<{ id: string }>('POST', '/srm/requisition/add', {
      token: buyer.token,
      body: {
        title: '推送测试备件',
        purchaseType: 'GOODS',
        reason: '测试',
        buyerId: admin.id,
        lines: [{ materialId: material.id, qty: '1', needByDate: needBy, estimatedUnitPrice: '1' }],
      },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const submit = await s.request('POST', '/srm/requisition/submit', {
      token: buyer.token,
      body: { id: add.body.result.id },
    });
    expect(submit.body.success, submit.body.message).toBe(true);
    const pushed = await until(
      () => socket.received.find((m) => m.msgTxt?.startsWith('采购申请已审批，待寻源：')),
      'the requisition notice',
    );
    expect(pushed.cmd).toBe('user');
    const stored = await s.ctx.db
      .selectFrom('sysAnnouncement')
      .select('id')
      .where('busId', '=', add.body.result.id)
      .executeTakeFirstOrThrow();
    expect(pushed.msgId).toBe(stored.id);
  });

  it("answers the client's HeartBeat, and closes once the session has ended", async () => {
    const buyer = await signIn('buyer');
    const { socket, received } = await open(buyer.id, buyer.token);
    socket.send('HeartBeat');
    expect(await until(() => received.find((m) => m.cmd === 'heartcheck'), 'the heartbeat answer')).toEqual({
      cmd: 'heartcheck',
      msgTxt: '心跳响应',
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect((await s.request('POST', '/sys/logout', { token: buyer.token })).status).toBe(200);
    socket.send('HeartBeat');
    expect(await closed).toBe(4001);
  });

  it("refuses a missing or invalid token, and another user's id", async () => {
    const buyer = await signIn('buyer');
    const supplier = await signIn('supplier1');
    expect(await refusal(buyer.id, [])).toBe(401);
    expect(await refusal(buyer.id, ['not-a-token'])).toBe(401);
    expect(await refusal(buyer.id, [`${buyer.token.slice(0, -4)}AAAA`])).toBe(401);
    expect(await refusal(supplier.id, [buyer.token])).toBe(403);
  });
});
