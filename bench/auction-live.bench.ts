import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedBidders } from './auction-seed.js';
import { apiOf, startServer, stopServer, waitUp } from './bench-server.js';
import { CLK_TCK, cpuTicks, fdLimit, ms, openFiles, pct, pooled, statusKb } from './measure.js';

/**
 * Live auction benchmark (domain §12): BENCH_BIDDERS (default 2,000) admitted bidders of one
 * running lot each hold an SSE stream (/srm/auction/stream), plus the buyer console; a subset of
 * BENCH_ACTIVE_BIDDERS bids over HTTP at BENCH_BID_RATE bids/s for BENCH_SECONDS, each bid below
 * the previous one. Measures bid-to-screen latency over every delivery (a stream "has" bid n when
 * a frame with id >= n arrives: the frame id is the lot's lastSeq, and a stream that fell behind
 * skips superseded snapshots), accepted and refused bids/s, the bid's HTTP answer time, server
 * RSS and CPU.
 *
 * Seeding: the server migrates and seeds a fresh database, is stopped, and the bench copies the
 * demo supplier (华东精密) and its user `supplier1` into BIDDERS suppliers, users (same roles)
 * and sessions straight into the database; each bidder's token is signed with the installation's
 * key (sys_config jwt_secret) exactly as SessionService.issue does, so no password hash runs
 * 2,000 times. The auction itself goes through the API: create, invite (100 per call), publish,
 * each bidder accepts its invitation over HTTP, start.
 */
const env = process.env;
const BIDDERS = Number(env.BENCH_BIDDERS ?? 2000);
const ACTIVE = Math.min(BIDDERS, Number(env.BENCH_ACTIVE_BIDDERS ?? 100));
const RATE = Number(env.BENCH_BID_RATE ?? 10);
const SECONDS = Number(env.BENCH_SECONDS ?? 30);
const OPEN_CONCURRENCY = 50;
const port = 32000 + (process.pid % 10000);
const base = `http://127.0.0.1:${port}/jeecg-boot`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-auction-'));
const admin = env.BENCH_DATABASE_URL;
const dbName = `procura_auction_${process.pid}`;
let databaseUrl = `sqlite:${path.join(dir, 'auction.db')}`;
if (admin) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const kind = admin ? 'PostgreSQL' : 'SQLite';

function startAuctionServer(): ChildProcess {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startServer(port, databaseUrl, {
    env: { TEST_CLOCK: 'true', STORAGE_DIR: path.join(dir, 'files') },
    nodeArgs,
  });
}

const { call, must } = apiOf(base);

// ---------- SSE streams ----------

/** Arrival times (performance.now) per lot seq: one entry per stream that reached it. */
const arrivals = new Map<number, number[]>();
/** seq -> price, from the buyer console's frames. */
const priceOfSeq = new Map<number, string>();

class Stream {
  lastId = -1;
  frames = 0;
  ended = false;
  endReason = '';
  private buffer = '';
  private request: http.ClientRequest | null = null;

  constructor(
    private readonly token: string,
    private readonly isBuyer: boolean,
  ) {}

  /** Resolves once the initial snapshot arrived. */
  open(lotId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/jeecg-boot/srm/auction/stream?lotId=${lotId}`,
          headers: { 'X-Access-Token': this.token },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`stream HTTP ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            this.buffer += chunk;
            let end: number;
            while ((end = this.buffer.indexOf('\n\n')) >= 0) {
              const frame = this.buffer.slice(0, end);
              this.buffer = this.buffer.slice(end + 2);
              this.onFrame(frame);
              if (this.frames === 1) resolve();
            }
          });
          res.on('close', () => {
            this.ended = true;
            this.endReason ||= 'server closed';
          });
        },
      );
      req.on('error', (e) => {
        this.ended = true;
        this.endReason ||= e.message;
        reject(e);
      });
      req.end();
      this.request = req;
    });
  }

  private onFrame(frame: string): void {
    if (!frame.includes('event: lot')) return;
    const at = performance.now();
    this.frames += 1;
    const idLine = /^id: (\d+)$/m.exec(frame);
    const id = idLine ? Number(idLine[1]) : this.lastId;
    if (this.isBuyer) {
      const data = frame
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      const view = JSON.parse(data) as { bids: { seq: number; price: string }[] };
      for (const b of view.bids) priceOfSeq.set(b.seq, b.price);
    }
    if (this.lastId >= 0)
      for (let s = this.lastId + 1; s <= id; s++) {
        let list = arrivals.get(s);
        if (!list) arrivals.set(s, (list = []));
        list.push(at);
      }
    if (id > this.lastId) this.lastId = id;
  }

  close(): void {
    this.endReason ||= 'bench closed';
    this.request?.destroy();
  }
}

// ---------- server figures ----------

// ---------- the run ----------

const streams: Stream[] = [];
let server = startAuctionServer();
try {
  const t0 = performance.now();
  const loadBefore = os.loadavg()[0]!;
  await waitUp(base);
  await stopServer(server);
  const { supplierIds, tokens } = await seedBidders(databaseUrl, BIDDERS);
  server = startAuctionServer();
  await waitUp(base);
  const pid = server.pid!;
  const seededS = (performance.now() - t0) / 1000;

  const login = await must<{ token: string }>(
    'buyer login',
    call('POST', '/sys/login', null, { username: 'buyer', password: 'Procura@2026' }),
  );
  const buyer = login.token;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const startPrice = 1_000_000;
  const { id: eventId, lotId } = await must<{ id: string; lotId: string }>(
    'auction add',
    call('POST', '/srm/auction/event/add', buyer, {
      title: '压测竞价',
      rules: {
        biddingTarget: 'LOT_TOTAL',
        startPrice: String(startPrice),
        decrementMode: 'AMOUNT',
        decrementValue: '0.01',
        bidRule: 'BEAT_BEST',
        tieRule: 'NO_TIES',
        confirmDropPct: '100',
        startAt: at(-60_000),
        endAt: at(3600_000),
        minParticipants: 2,
        supplierView: 'RANK_AND_BEST',
        showParticipantCount: true,
      },
      lines: [{ materialName: '热轧钢板', qty: '10', unit: 'TON' }],
    }),
  );
  const t1 = performance.now();
  for (let i = 0; i < supplierIds.length; i += 100)
    await must(
      'invite',
      call('POST', '/srm/sourcing/event/invite', buyer, { id: eventId, supplierIds: supplierIds.slice(i, i + 100) }),
    );
  await must('publish', call('POST', '/srm/sourcing/event/publish', buyer, { id: eventId }));
  const t2 = performance.now();
  await pooled(
    tokens.length,
    16,
    async (i) =>
      void (await must('accept', call('POST', '/srm/sourcing/supplier/event/accept', tokens[i]!, { id: eventId }))),
  );
  const t3 = performance.now();
  await must('start', call('POST', '/srm/auction/lot/start', buyer, { lotId }));

  const rssBeforeStreams = statusKb(pid, 'VmRSS') / 1024;
  // Streams: the buyer console first, then one per bidder.
  const console_ = new Stream(buyer, true);
  streams.push(console_);
  await console_.open(lotId);
  const openErrors: string[] = [];
  await pooled(tokens.length, OPEN_CONCURRENCY, async (i) => {
    const s = new Stream(tokens[i]!, false);
    streams.push(s);
    try {
      await s.open(lotId);
    } catch (e) {
      openErrors.push((e as Error).message);
    }
  });
  const t4 = performance.now();
  const connected = streams.filter((s) => !s.ended).length;
  const fdsAfterOpen = openFiles(pid);
  const rssIdle = statusKb(pid, 'VmRSS') / 1024;

  // Bidding: one bid every 1/RATE s, round-robin over the active bidders, each 1.00 below the last.
  const sendAt = new Map<string, number>();
  const answerMs: number[] = [];
  const refusals = new Map<string, number>();
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  const rssSamples: number[] = [];
  const cpu0 = cpuTicks(pid);
  const client0 = process.cpuUsage();
  const bidStart = performance.now();
  const sampler = setInterval(() => rssSamples.push(statusKb(pid, 'VmRSS') / 1024), 1000);
  const total = Math.round(RATE * SECONDS);
  await new Promise<void>((done) => {
    const tick = () => {
      if (sent >= total) return done();
      const n = sent++;
      const price = (startPrice - 1 - n).toFixed(2);
      const token = tokens[n % ACTIVE]!;
      const sentAt = performance.now();
      sendAt.set(price, sentAt);
      const p = call<{ reason?: string }>('POST', '/srm/auction/supplier/bid', token, {
        lotId,
        price,
        clientRequestId: `bench-${process.pid}-${n}`,
      })
        .then((a) => {
          answerMs.push(performance.now() - sentAt);
          if (a.success) accepted += 1;
          else {
            refused += 1;
            const reason = a.result?.reason ?? a.message;
            refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
          }
        })
        .catch(() => void (failed += 1))
        .finally(() => inflight.delete(p));
      inflight.add(p);
      // Steady rate: the next send is scheduled from the start, not from this one.
      setTimeout(tick, Math.max(0, bidStart + (sent * 1000) / RATE - performance.now()));
    };
    tick();
  });
  const sendEnd = performance.now();
  while (inflight.size) await Promise.race(inflight);
  const answered = performance.now();
  const cpu1 = cpuTicks(pid);
  const client1 = process.cpuUsage(client0);
  clearInterval(sampler);
  const bidSeconds = (answered - bidStart) / 1000;

  // Wait (at most 60 s) until every live stream has the last accepted seq.
  // Nothing else changes the lot meanwhile, so the accepted bids are seq 1..accepted.
  const lastSeq = accepted;
  const drainStart = performance.now();
  while (performance.now() - drainStart < 60_000) {
    const lagging = streams.filter((s) => !s.ended && s.lastId < lastSeq).length;
    if (lagging === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rssPeak = statusKb(pid, 'VmHWM') / 1024;

  // Latency per delivery: arrival of the first frame with id >= seq minus the send time of that seq's bid.
  const all: number[] = [];
  const lastScreen: number[] = [];
  let missing = 0;
  for (let seq = 1; seq <= lastSeq; seq++) {
    const sentAt = sendAt.get(priceOfSeq.get(seq) ?? '');
    const list = arrivals.get(seq) ?? [];
    missing += streams.length - list.length;
    if (sentAt === undefined) continue;
    let max = 0;
    for (const a of list) {
      all.push(a - sentAt);
      max = Math.max(max, a - sentAt);
    }
    if (list.length) lastScreen.push(max);
  }
  all.sort((a, b) => a - b);
  lastScreen.sort((a, b) => a - b);
  answerMs.sort((a, b) => a - b);
  const closedEarly = streams.filter((s) => s.ended).length;

  console.log(
    `\nProcura live auction benchmark — ${kind}, Node ${process.version}, ${os.cpus().length} cores, server and clients on one machine; load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log(
    `setup: ${BIDDERS} bidders seeded + server restart ${seededS.toFixed(1)} s; invite ${((t2 - t1) / 1000).toFixed(1)} s; ${BIDDERS} accepts over HTTP ${((t3 - t2) / 1000).toFixed(1)} s`,
  );
  console.log(
    `streams: ${connected} of ${BIDDERS + 1} connected (buyer console + bidders) in ${((t4 - t3) / 1000).toFixed(1)} s, ${OPEN_CONCURRENCY} opening at once; open errors ${openErrors.length}${openErrors.length ? ` (${[...new Set(openErrors)].slice(0, 3).join('; ')})` : ''}`,
  );
  console.log(
    `server: ${fdsAfterOpen} open files with all streams (limit ${fdLimit(pid)}), RSS ${rssBeforeStreams.toFixed(0)} MB before the streams, ${rssIdle.toFixed(0)} MB with all streams open`,
  );
  console.log(
    `bidding: ${ACTIVE} active bidders, target ${RATE} bids/s for ${SECONDS} s (${total} bids, BEAT_BEST, step 0.01, each bid 1.00 below the last)\n`,
  );
  const rows: [string, string][] = [
    ['bids sent', `${sent} in ${((sendEnd - bidStart) / 1000).toFixed(1)} s`],
    ['accepted bids/s', `${(accepted / bidSeconds).toFixed(1)} (${accepted})`],
    [
      'refused bids/s',
      `${(refused / bidSeconds).toFixed(1)} (${refused}${refusals.size ? `: ${[...refusals].map(([r, c]) => `${r} ${c}`).join(', ')}` : ''})`,
    ],
    ['failed requests', String(failed)],
    [
      'bid HTTP answer p50 / p95 / p99 ms',
      `${ms(pct(answerMs, 50))} / ${ms(pct(answerMs, 95))} / ${ms(pct(answerMs, 99))}`,
    ],
    ['deliveries (accepted × streams)', `${all.length} of ${lastSeq * streams.length}, missing ${missing}`],
    ['bid-to-screen p50 / p95 / p99 ms', `${ms(pct(all, 50))} / ${ms(pct(all, 95))} / ${ms(pct(all, 99))}`],
    ['bid-to-last-screen p50 / p99 ms', `${ms(pct(lastScreen, 50))} / ${ms(pct(lastScreen, 99))}`],
    ['server CPU while bidding', `${(((cpu1 - cpu0) / CLK_TCK / bidSeconds) * 100).toFixed(0)} % of one core`],
    // Refusals publish nothing and cost one short transaction; the fan-out follows accepted bids.
    [
      'server CPU time per accepted bid',
      `${(((cpu1 - cpu0) / CLK_TCK / Math.max(1, accepted)) * 1000).toFixed(0)} ms (refusals included)`,
    ],
    [
      'bench client CPU while bidding',
      `${(((client1.user + client1.system) / 1e6 / bidSeconds) * 100).toFixed(0)} % of one core`,
    ],
    [
      'server RSS while bidding max / peak',
      `${Math.max(rssIdle, ...rssSamples).toFixed(0)} MB / ${rssPeak.toFixed(0)} MB (VmHWM)`,
    ],
    ['streams ended before the bench closed them', String(closedEarly)],
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(42)} ${value}`);
} finally {
  for (const s of streams) s.close();
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
  if (admin) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
