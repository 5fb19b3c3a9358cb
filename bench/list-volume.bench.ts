import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startServer, waitUp } from './bench-server.js';
import { peakRssMb, rssMb } from './measure.js';

// Volume benchmark: the user list filtered and sorted over 1,000,000 users, and the export of
// 100,000 rows (time and the server's peak memory). SQLite by default; BENCH_DATABASE_URL
// (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres) runs it on PostgreSQL in
// a database it creates and drops.
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
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

const startVolumeServer = () => startServer(port, databaseUrl);

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
    await c.query('ANALYZE');
    await c.end();
  }
  return Date.now() - started;
}

let server = startVolumeServer();
try {
  await waitUp(base);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
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

  const scenarios: [string, string][] = [
    ['first page, newest first', '/sys/user/list?pageNo=1&pageSize=23'],
    ['page 100, newest first', '/sys/user/list?pageNo=100&pageSize=23'],
    ['filter status, sort username', '/sys/user/list?status=2&column=username&order=asc&pageSize=23'],
    ['like *bench4242*, sort realname', '/sys/user/list?username=*bench4242*&column=realname&order=asc&pageSize=23'],
  ];
  const kind = admin ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nProcura list volume benchmark — ${kind}, ${USERS.toLocaleString()} users (bulk insert ${(fillMs / 1000).toFixed(1)} s), 10 connections, ${seconds} s each\n`,
  );
  console.log('scenario                              req/s    p50 ms   p99 ms   non-2xx');
  for (const [name, url] of scenarios) {
    const r = await autocannon({ url: base + url, connections: 10, duration: seconds, headers });
    console.log(
      `${name.padEnd(36)} ${String(Math.round(r.requests.average)).padStart(6)} ${String(r.latency.p50).padStart(9)} ${String(r.latency.p99).padStart(8)} ${String(r.non2xx).padStart(9)}`,
    );
  }

  const before = rssMb(server.pid!);
  const t0 = Date.now();
  const res = await fetch(`${base}/sys/position/exportXls`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportMs = Date.now() - t0;
  console.log(
    `\nexport of ${EXPORT_ROWS.toLocaleString()} positions: ${(exportMs / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB xlsx, server RSS ${before.toFixed(0)} MB before, peak ${peakRssMb(server.pid!).toFixed(0)} MB (HTTP ${res.status})`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
  if (admin) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}
