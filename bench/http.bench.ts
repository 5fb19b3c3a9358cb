import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, stopServer, waitUp } from './bench-server.js';

// HTTP benchmark of the real server: bare route (ceiling), the bare Kysely page route (the
// lists' baseline), login, permission load, the user list, a resource list, a document list
// and a sourcing detail.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = 30000 + (process.pid % 10000);
const origin = `http://127.0.0.1:${port}`;
const base = `${origin}/jeecg-boot`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.db')}`;
const server = startServer(port, databaseUrl, {
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
});
const barePort = port + 1;
const bareScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-page-server.js');

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(scenario: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

try {
  await waitUp(base);
  const login = await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Procura@2026' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const auth = { 'X-Access-Token': token, tenant_id: '0' };
  // The bare page route runs in its own process over the database the server has just seeded.
  const bare = spawn(process.execPath, [bareScript], {
    env: { ...process.env, PORT: String(barePort), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const events = (await (
    await fetch(`${base}/srm/sourcing/event/list?pageNo=1&pageSize=10`, { headers: auth })
  ).json()) as { result: { records: { id: string }[] } };
  const eventId = events.result.records[0]?.id;

  const rows: Row[] = [];
  rows.push(await load('bare route (ceiling)', { url: `${base}/sys/health` }));
  await waitUp(`http://127.0.0.1:${barePort}/bare/user/list`, '');
  rows.push(await load('bare Kysely page (23)', { url: `http://127.0.0.1:${barePort}/bare/user/list` }));
  await stopServer(bare);
  rows.push(
    await load('login (scrypt, 8 conn.)', {
      url: `${base}/sys/login`,
      method: 'POST',
      connections: 8,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'buyer', password: 'Procura@2026' }),
    }),
  );
  rows.push(await load('permission load', { url: `${base}/sys/permission/getUserPermissionByToken`, headers: auth }));
  rows.push(
    await load('paged list (23 rows)', {
      url: `${base}/sys/user/list?pageNo=1&pageSize=23&column=createTime&order=desc`,
      headers: auth,
    }),
  );
  rows.push(
    await load('resource list', { url: `${base}/srm/supplierMaterial/list?pageNo=1&pageSize=10`, headers: auth }),
  );
  rows.push(await load('document list', { url: `${base}/srm/requisition/list?pageNo=1&pageSize=10`, headers: auth }));
  if (eventId)
    rows.push(
      await load('sourcing detail', { url: `${base}/srm/sourcing/event/queryById?id=${eventId}`, headers: auth }),
    );

  console.log(
    `\nProcura HTTP benchmark — ${databaseUrl.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}, ${connections} connections, ${seconds} s each, Node ${process.version}, ${os.cpus().length} cores\n`,
  );
  console.log('scenario                     req/s    p50 ms   p99 ms   errors  non-2xx');
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(27)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`,
    );
  }
} finally {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
