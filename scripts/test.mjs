// `npm test`: every quality gate and test suite, then one closing line `N passed, N failed`.
//   build → type-check → lint → unit and integration tests on SQLite → the server's
//   integration tests on PostgreSQL (when TEST_DATABASE_URL is set) → browser tests in
//   the system Chromium on SQLite (and on PostgreSQL when TEST_DATABASE_URL is set).
// A gate that fails (build, type-check, lint) counts as one failed test; browser tests
// that did not run, or were skipped, count as failures too.
import fs from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { root, run } from './lib.mjs';

const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const pgUrl = process.env.TEST_DATABASE_URL || '';
const rows = [];
let passed = 0;
let failed = 0;

function record(name, p, f, note = '') {
  passed += p;
  failed += f;
  rows.push(`${name.padEnd(38)} ${String(p).padStart(4)} passed, ${String(f).padStart(3)} failed${note ? `  (${note})` : ''}`);
}

async function gate(name, command, args, env) {
  const code = await run(command, args, { env });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function vitest(name, args, env) {
  const out = path.join(tmp, `vitest-${rows.length}.json`);
  fs.rmSync(out, { force: true });
  const code = await run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  const r = readJson(out);
  if (!r) return record(name, 0, 1, `vitest exited ${code} without results`);
  const f = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, f, r.numPendingTests ? `${r.numPendingTests} skipped` : '');
}

async function playwright(name, env) {
  const out = path.join(tmp, `playwright-${rows.length}.json`);
  fs.rmSync(out, { force: true });
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], { cwd: path.join(root, 'e2e'), env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  const r = readJson(out);
  if (!r?.stats) return record(name, 0, 1, `playwright exited ${code} without results`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats;
  // Browser tests must run: none at all, or skipped ones, are failures.
  const none = expected + unexpected + flaky === 0 ? 1 : 0;
  record(name, expected + flaky, unexpected + skipped + none + (code !== 0 && unexpected === 0 && none === 0 ? 1 : 0), skipped ? `${skipped} skipped` : '');
}

async function withPostgresDatabase(fn) {
  const { default: pg } = await import('pg');
  const name = `procura_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const sqliteEnv = { TEST_DATABASE_URL: '' };
const built = (await build({ force: true })) === 0;
record('build', built ? 1 : 0, built ? 0 : 1);
await gate('type-check (all workspaces)', 'npm', ['run', '--silent', 'typecheck']);
await gate('lint (eslint, react-hooks)', 'npx', ['eslint', '.', '--max-warnings=0']);
await vitest('unit + integration (SQLite)', [], sqliteEnv);
if (pgUrl) await vitest('server integration (PostgreSQL)', ['--project', 'server'], { TEST_DATABASE_URL: pgUrl });
if (built) {
  await playwright('browser, Chromium (SQLite)', sqliteEnv);
  if (pgUrl) await withPostgresDatabase((url) => playwright('browser, Chromium (PostgreSQL)', { E2E_DATABASE_URL: url }));
} else {
  record('browser tests', 0, 1, 'not run: the build failed');
}

console.log(`\n${rows.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
