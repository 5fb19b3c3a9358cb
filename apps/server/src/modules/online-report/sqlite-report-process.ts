import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Runs report statements on SQLite in a separate, short-lived process with a read-only
 * connection: better-sqlite3 cannot interrupt a running statement, so a time limit means
 * killing the process that runs it. Before running, each statement must be read-only
 * (`stmt.readonly`) and its plan (EXPLAIN opcodes) may open only tables of `allowed`: every
 * table the statement reads, through views too, is named by the root page it opens.
 */
const SCRIPT = `
const Database = require(process.argv[1]);
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const job = JSON.parse(input);
  const out = (o) => process.stdout.write(JSON.stringify(o));
  let db;
  try {
    db = new Database(job.file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    const roots = new Map();
    for (const r of db.prepare('select type, name, tbl_name, rootpage from sqlite_schema').all()) if (r.rootpage) roots.set(r.rootpage, r.tbl_name);
    const results = [];
    for (const s of job.statements) {
      const stmt = db.prepare(s.sql);
      if (!stmt.readonly || !stmt.reader) return out({ ok: false, error: 'write' });
      for (const op of db.prepare('EXPLAIN ' + s.sql).all(...s.parameters)) {
        if (/^V(Open|Filter|Column|Next|Update|Begin|Create|Destroy|Rename|Check|InitIn)$/.test(op.opcode) || op.opcode === 'OpenWrite') return out({ ok: false, error: 'table', table: '虚拟表' });
        if (op.opcode === 'OpenRead' || op.opcode === 'ReopenIdx') {
          const table = op.p3 === 0 ? roots.get(op.p2) : undefined;
          if (!table || !job.allowed.includes(table)) return out({ ok: false, error: 'table', table: table || '系统表' });
        }
      }
      const rows = [];
      for (const row of stmt.iterate(...s.parameters)) {
        rows.push(row);
        if (rows.length >= job.maxRows) break;
      }
      results.push(rows);
    }
    out({ ok: true, results });
  } catch (e) {
    out({ ok: false, error: 'sql', detail: String(e && e.message) });
  } finally {
    if (db) db.close();
  }
});
`;

export type SqliteReportStatement = { sql: string; parameters: readonly unknown[] };
export type SqliteReportAnswer =
  | { ok: true; results: Record<string, unknown>[][] }
  | { ok: false; error: 'write' | 'table' | 'sql' | 'timeout'; table?: string; detail?: string };

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

export function runSqliteReport(
  file: string,
  statements: SqliteReportStatement[],
  options: { allowed: readonly string[]; maxRows: number; timeoutMs: number },
): Promise<SqliteReportAnswer> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', SCRIPT, driver], { stdio: ['pipe', 'pipe', 'ignore'] });
    let output = '';
    let done = false;
    const finish = (answer: SqliteReportAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, error: 'timeout' });
    }, options.timeoutMs);
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', (e) => finish({ ok: false, error: 'sql', detail: e.message }));
    child.on('close', () => {
      try {
        finish(JSON.parse(output) as SqliteReportAnswer);
      } catch {
        finish({ ok: false, error: 'sql', detail: 'no answer from the report process' });
      }
    });
    child.stdin.end(JSON.stringify({ file, statements, allowed: options.allowed, maxRows: options.maxRows }));
  });
}
