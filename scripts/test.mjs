// `npm test`: every quality gate and test suite, then one closing line `N passed, N failed`.
//   build → type-check, lint, the unit and integration tests on SQLite and the server's
//   integration tests on PostgreSQL (when TEST_DATABASE_URL is set) side by side → browser
//   tests in the system Chromium on SQLite, then those tagged @postgres on PostgreSQL.
// The side-by-side steps keep both cores of a 2-core machine busy instead of waiting for one
// another; their output is printed as each ends. The browser suite alone keeps both cores
// busy, so it runs once in full (SQLite) and on PostgreSQL only for the flows tagged
// @postgres (see e2e/tests/helpers.ts ON_POSTGRES); the whole run stays within 30 minutes.
// A gate that fails (build, type-check, lint) counts as one failed test; browser tests
// that did not run, or were skipped, count as failures too.
import fs from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { root, run, runBuffered } from './lib.mjs';

const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const pgUrl = process.env.TEST_DATABASE_URL || '';
const rows = [];
let passed = 0;
let failed = 0;

function record(name, p, f, note = '') {
  passed += p;
  failed += f;
  rows.push(
    `${name.padEnd(42)} ${String(p).padStart(4)} passed, ${String(f).padStart(3)} failed${note ? `  (${note})` : ''}`,
  );
}

/** A pass/fail step; `buffered` when it runs beside others. Resolves with its summary row. */
async function gate(name, command, args, { env, buffered = false } = {}) {
  const code = await (buffered ? runBuffered : run)(command, args, { env });
  return [name, code === 0 ? 1 : 0, code === 0 ? 0 : 1];
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A vitest run; resolves with its summary row. */
async function vitest(name, file, args, { env, buffered = false } = {}) {
  const out = path.join(tmp, `vitest-${file}.json`);
  fs.rmSync(out, { force: true });
  const code = await (buffered ? runBuffered : run)(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  const r = readJson(out);
  if (!r) return [name, 0, 1, `vitest exited ${code} without results`];
  const f = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  return [name, r.numPassedTests, f, r.numPendingTests ? `${r.numPendingTests} skipped` : ''];
}

async function playwright(name, env, args = []) {
  const out = path.join(tmp, `playwright-${rows.length}.json`);
  fs.rmSync(out, { force: true });
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json', ...args], {
    cwd: path.join(root, 'e2e'),
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const r = readJson(out);
  if (!r?.stats) return record(name, 0, 1, `playwright exited ${code} without results`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats;
  // Browser tests must run: none at all, or skipped ones, are failures.
  const none = expected + unexpected + flaky === 0 ? 1 : 0;
  const notes = [skipped ? `${skipped} skipped` : '', flaky ? `${flaky} passed only on retry` : ''].filter(Boolean);
  record(
    name,
    expected + flaky,
    unexpected + skipped + none + (code !== 0 && unexpected === 0 && none === 0 ? 1 : 0),
    notes.join(', '),
  );
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
const [typecheck, lint, sqlite, postgres] = await Promise.all([
  gate('type-check (all workspaces)', 'npm', ['run', '--silent', 'typecheck'], { buffered: true }),
  gate('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint'], { buffered: true }),
  vitest('unit + integration (SQLite)', 'sqlite', [], { env: sqliteEnv, buffered: true }),
  pgUrl
    ? vitest('server integration (PostgreSQL)', 'postgres', ['--project', 'server'], {
        env: { TEST_DATABASE_URL: pgUrl },
        buffered: true,
      })
    : null,
]);
for (const row of [typecheck, lint, sqlite, postgres]) if (row) record(...row);
if (built) {
  await playwright('browser, Chromium (SQLite)', sqliteEnv);
  if (pgUrl)
    await withPostgresDatabase((url) =>
      playwright('browser, Chromium (PostgreSQL @postgres)', { E2E_DATABASE_URL: url }, ['--grep', '@postgres']),
    );
} else {
  record('browser tests', 0, 1, 'not run: the build failed');
}

console.log(`\n${rows.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
