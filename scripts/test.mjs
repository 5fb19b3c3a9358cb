// `npm test`: every quality gate and test suite, then one closing line `N passed, N failed`.
// Lint starts beside the build; after the build, two lanes run side by side, so both cores of a
// 2-core machine stay busy:
//   - the browser suite in the system Chromium, in full on SQLite and, when TEST_DATABASE_URL
//     is set, in full again on a new PostgreSQL database. A serial browser run leaves a third of
//     the machine idle (the browser, the server and the runner wait on one another), which the
//     other lane fills;
//   - type-check, lint's result, then the unit and integration tests on SQLite, then the server's
//     integration tests on PostgreSQL (when TEST_DATABASE_URL is set).
// The browser lane streams its output; the other lane prints each step's output as it ends.
// Browser traces are recorded on a retry only (as in CI); a spec run on its own keeps a failure's trace.
// Type-check and lint keep their caches in .tmp/ (tsc build info, eslint and prettier caches):
// a second run checks only what changed. A gate that fails (build, type-check, lint) counts as
// one failed test; browser tests that did not run, or were skipped, count as failures too.
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
// Names of what failed, printed just above the totals: CI keeps only the tail of the output.
const failures = [];

/** Runs a step that resolves with a summary row, and adds how long it took to the row's note. */
async function timed(step) {
  const started = performance.now();
  const [name, p, f, note = ''] = await step();
  const s = Math.round((performance.now() - started) / 1000);
  const took = `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return [name, p, f, note ? `${took}, ${note}` : took];
}

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
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${name}: ${where} › ${t.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${name}: ${where}: ${String(file.message ?? '').split('\n')[0]}`);
  }
  const f = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  return [name, r.numPassedTests, f, r.numPendingTests ? `${r.numPendingTests} skipped` : ''];
}

/** A Playwright run; resolves with its summary row. */
async function playwright(name, env, args = []) {
  const out = path.join(tmp, `playwright-${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  // Traces as in CI (on a retry only): recording one for every test, as a direct run of a spec
  // does to keep it on failure, took a large share of the browser lane's CPU.
  const trace = '--trace=on-first-retry';
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json', trace, ...args], {
    cwd: path.join(root, 'e2e'),
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const r = readJson(out);
  if (!r?.stats) return [name, 0, 1, `playwright exited ${code} without results`];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const retried = spec.tests?.some((t) => t.status === 'flaky');
      if (!spec.ok || retried)
        failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title}${spec.ok ? ' (passed on retry)' : ''}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats;
  // Browser tests must run: none at all, or skipped ones, are failures.
  const none = expected + unexpected + flaky === 0 ? 1 : 0;
  const notes = [skipped ? `${skipped} skipped` : '', flaky ? `${flaky} passed only on retry` : ''].filter(Boolean);
  return [
    name,
    expected + flaky,
    unexpected + skipped + none + (code !== 0 && unexpected === 0 && none === 0 ? 1 : 0),
    notes.join(', '),
  ];
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
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const sqliteEnv = { TEST_DATABASE_URL: '' };
// Lint needs no build: it runs beside it, on the core the build leaves idle.
const lintRun = timed(() => gate('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint'], { buffered: true }));
const buildRow = await timed(async () => {
  const ok = (await build({ force: true })) === 0;
  return ['build', ok ? 1 : 0, ok ? 0 : 1];
});
const built = buildRow[1] === 1;
record(...buildRow);

/** The browser suite on SQLite, then on PostgreSQL; resolves with its summary rows. */
async function browserLane() {
  if (!built) return [['browser tests', 0, 1, 'not run: the build failed']];
  const lane = [await timed(() => playwright('browser, Chromium (SQLite)', sqliteEnv))];
  if (pgUrl)
    lane.push(
      await timed(() =>
        withPostgresDatabase((url) => playwright('browser, Chromium (PostgreSQL)', { E2E_DATABASE_URL: url })),
      ),
    );
  return lane;
}

/** The gates and the unit and integration tests, one after another; resolves with their rows. */
async function checksLane() {
  const lane = [
    await timed(() => gate('type-check (all workspaces)', 'npm', ['run', '--silent', 'typecheck'], { buffered: true })),
    await lintRun,
    await timed(() => vitest('unit + integration (SQLite)', 'sqlite', [], { env: sqliteEnv, buffered: true })),
  ];
  if (pgUrl)
    lane.push(
      await timed(() =>
        vitest('server integration (PostgreSQL)', 'postgres', ['--project', 'server'], {
          env: { TEST_DATABASE_URL: pgUrl },
          buffered: true,
        }),
      ),
    );
  return lane;
}

const [checks, browsers] = await Promise.all([checksLane(), browserLane()]);
for (const row of [...checks, ...browsers]) record(...row);

if (failures.length) console.log(`\nfailed or retried:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${rows.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
