import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startServer, stopServer, waitUp } from './bench-server.js';
import { CLK_TCK, cpuTicks, rssMb } from './measure.js';

// Volume benchmark: the user list over 1,000,000 users (first, middle and last page, filtered
// sorts), the export of 100,000 rows (time and the server's RSS while it streams) and the
// import of 100,000 rows (time, with the progress the server reports). SQLite by default;
// BENCH_DATABASE_URL (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres) runs it
// on PostgreSQL in a database it creates and drops.
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PAGE = 23;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = 31000 + (process.pid % 10000);
const base = `http://127.0.0.1:${port}/jeecg-boot`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-volume-'));
const admin = process.env.BENCH_DATABASE_URL;
const dbName = `procura_bench_${process.pid}`;
let databaseUrl = `sqlite:${path.join(dir, 'volume.db')}`;
if (admin) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}

// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const startVolumeServer = () => startServer(port, databaseUrl, { nodeArgs });
/** BENCH_LISTS=0 skips the list scenarios (the export and the import only). */
const lists = process.env.BENCH_LISTS !== '0';

/** Bulk rows straight into the database: the server migrated and seeded it first. */
async function fill(): Promise<number> {
  const started = Date.now();
  const userCols =
    'id, username, realname, password_hash, status, del_flag, is_show, user_type, rel_tenant_ids, create_by, create_time';
  const posCols = 'id, code, name, post_rank, create_by, create_time';
  if (!admin) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length));
    db.exec(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${USERS})
      INSERT INTO sys_user (${userCols}) SELECT printf('b%031d', n), 'bench' || n, '用户' || (n % 9973), 'x', 1 + (n % 50 = 0), 0, 1, 1, '', 'bench',
        strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || n || ' seconds') FROM seq`);
    db.exec(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${EXPORT_ROWS})
      INSERT INTO sys_position (${posCols}) SELECT printf('p%031d', n), 'P' || n, '职务' || n, 'P' || (1 + n % 5), 'bench',
        strftime('%Y-%m-%dT%H:%M:%fZ', '2021-01-01', '+' || n || ' seconds') FROM seq`);
    db.exec('ANALYZE');
    db.close();
  } else {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`INSERT INTO sys_user (${userCols}) SELECT 'b' || lpad(n::text, 31, '0'), 'bench' || n, '用户' || (n % 9973), 'x', CASE WHEN n % 50 = 0 THEN 2 ELSE 1 END, 0, 1, 1, '', 'bench',
      to_char(timestamp '2020-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM generate_series(1, ${USERS}) n`);
    await c.query(`INSERT INTO sys_position (${posCols}) SELECT 'p' || lpad(n::text, 31, '0'), 'P' || n, '职务' || n, 'P' || (1 + n % 5), 'bench',
      to_char(timestamp '2021-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM generate_series(1, ${EXPORT_ROWS}) n`);
    // As autovacuum would: the visibility map lets index-only scans skip the heap.
    await c.query('VACUUM ANALYZE');
    await c.end();
  }
  return Date.now() - started;
}

/** The data rows of an exported xlsx (the header row not counted): a short count is a truncated export. */
async function sheetRows(file: Buffer): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    styles: 'ignore',
  });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows - 1;
}

/** The import of IMPORT_ROWS new positions from one xlsx, asking for progress (`progress=1`). */
async function importBench(headers: Record<string, string>): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('职务');
  sheet.addRow(['职务编码*', '职务名称*', '职级']);
  for (let n = 1; n <= IMPORT_ROWS; n++) sheet.addRow([`I${n}`, `导入职务${n}`, `P${1 + (n % 5)}`]);
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([file]), 'import.xlsx');
  let peak = rssMb(server.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 100);
  const t0 = Date.now();
  const res = await fetch(`${base}/sys/position/importExcel?progress=1`, { method: 'POST', headers, body: form });
  type Answer = { success: boolean; code: number; message: string; result?: Record<string, unknown> | null };
  let answer = (await res.json()) as Answer;
  let polls = 0;
  const jobId = answer.result?.jobId;
  while (typeof jobId === 'string') {
    await new Promise((r) => setTimeout(r, 500));
    const job = (await (await fetch(`${base}/sys/common/importJob/${jobId}`, { headers })).json()) as Answer;
    polls++;
    const state = job.result as { done: boolean; answer?: Answer } | undefined;
    if (!job.success || state?.done) {
      answer = state?.answer ?? job;
      break;
    }
  }
  clearInterval(sampler);
  const ms = Date.now() - t0;
  console.log(
    `import of ${IMPORT_ROWS.toLocaleString()} positions (${(file.length / 1024 / 1024).toFixed(1)} MB xlsx): ${(ms / 1000).toFixed(1)} s, ${polls} progress polls, server RSS peak ${peak.toFixed(0)} MB, answer ${answer.code} ${answer.message}`,
  );
}

let server = startVolumeServer();
try {
  await waitUp(base);
  await stopServer(server);
  const fillMs = await fill();
  server = startVolumeServer();
  await waitUp(base);
  const login = await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Procura@2026' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const headers = { 'X-Access-Token': token };

  const lastPage = Math.ceil(USERS / PAGE);
  const middlePage = Math.ceil(lastPage / 2);
  const scenarios: [string, string][] = [
    ['page 1, newest first', `/sys/user/list?pageNo=1&pageSize=${PAGE}`],
    [`middle page ${middlePage}`, `/sys/user/list?pageNo=${middlePage}&pageSize=${PAGE}`],
    [`last page ${lastPage}`, `/sys/user/list?pageNo=${lastPage}&pageSize=${PAGE}`],
    ['sort username, middle page', `/sys/user/list?column=username&order=asc&pageNo=${middlePage}&pageSize=${PAGE}`],
    ['filter status, sort username', `/sys/user/list?status=2&column=username&order=asc&pageSize=${PAGE}`],
    [
      'filter status, sort username, last',
      `/sys/user/list?status=2&column=username&order=asc&pageNo=${Math.ceil(USERS / 50 / PAGE)}&pageSize=${PAGE}`,
    ],
    [
      'like *bench4242*, sort realname',
      `/sys/user/list?username=*bench4242*&column=realname&order=asc&pageSize=${PAGE}`,
    ],
  ];
  const kind = admin ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nProcura list volume benchmark — ${kind}, ${USERS.toLocaleString()} users (bulk insert ${(fillMs / 1000).toFixed(1)} s), 10 connections, ${seconds} s each\n`,
  );
  console.log('scenario                              req/s    p50 ms   p99 ms   non-2xx');
  for (const [name, url] of lists ? scenarios : []) {
    const r = await autocannon({ url: base + url, connections: 10, duration: seconds, headers });
    console.log(
      `${name.padEnd(36)} ${String(Math.round(r.requests.average)).padStart(6)} ${String(r.latency.p50).padStart(9)} ${String(r.latency.p99).padStart(8)} ${String(r.non2xx).padStart(9)}`,
    );
  }

  // RSS sampled every 50 ms while the export streams: the peak of the export itself, not of the start-up.
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
  const t0 = Date.now();
  const cpu0 = cpuTicks(server.pid!);
  const res = await fetch(`${base}/sys/position/exportXls`, { headers });
  const file = Buffer.from(await res.arrayBuffer());
  const exportMs = Date.now() - t0;
  const exportCpu = (cpuTicks(server.pid!) - cpu0) / CLK_TCK;
  clearInterval(sampler);
  const exported = await sheetRows(file);
  console.log(
    `\nexport of ${EXPORT_ROWS.toLocaleString()} positions: ${(exportMs / 1000).toFixed(1)} s (server CPU ${exportCpu.toFixed(1)} s), ${(file.length / 1024 / 1024).toFixed(1)} MB xlsx, ${exported.toLocaleString()} rows in it, server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during (HTTP ${res.status}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  if (IMPORT_ROWS > 0) await importBench(headers);
} finally {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
  if (admin) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
