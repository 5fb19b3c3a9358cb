import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { AppError, businessError } from '../../core/errors.js';
import type { ReportSqlPart } from './report-sql.js';
import { REPORT_TABLES, reportLimits } from './report-tables.js';
import { runSqliteReport } from './sqlite-report-process.js';

/** A condition on one report column; `column` is a field name of the report's own items, never the request's text. */
export type ReportFilter = { column: string; op: '=' | 'like' | '>=' | '<='; value: string };

export type ReportRun = {
  parts: ReportSqlPart[];
  /** Values of the SQL's `${name}` placeholders (missing ones are null). */
  params: Record<string, string | null>;
  filters: ReportFilter[];
  sort?: { column: string; order: 'asc' | 'desc' };
  pageNo: number;
  pageSize: number;
};

/** Column names of report items (checked on save); the only names that reach the wrapping query. */
export const REPORT_FIELD = /^[a-z][a-z0-9_]{0,63}$/;

const refusedTable = (table: string) =>
  businessError(`报表SQL只能查询允许的数据表（${REPORT_TABLES.join('、')}），不能查询 ${table}`);
const failed = () => businessError('报表SQL执行失败，请检查SQL与字段配置');
const timedOut = () => businessError('报表查询超时，请缩小查询范围');

/** The administrator's SELECT with its placeholders as bound parameters, wrapped so filters, sort and paging apply outside it. */
function statements(run: ReportRun): {
  page: RawBuilder<Record<string, unknown>>;
  count: RawBuilder<Record<string, unknown>>;
} {
  const inner = sql.join(
    run.parts.map(
      (p) =>
        'param' in p
          ? sql`${run.params[p.param] ?? null}`
          : // The administrator's own SELECT text, read and refused token by token by parseReportSql, then
            // checked against the allow-list by the database's plan before it runs (the one reviewed raw use).
            sql.raw(p.text), // eslint-disable-line no-restricted-syntax
    ),
    sql``,
  );
  const col = (name: string) => {
    if (!REPORT_FIELD.test(name)) throw failed();
    return sql.ref(`q.${name}`);
  };
  const compare = (f: ReportFilter) => {
    const c = col(f.column);
    if (f.op === 'like') return sql`${c} like ${`%${f.value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`;
    if (f.op === '>=') return sql`${c} >= ${f.value}`;
    if (f.op === '<=') return sql`${c} <= ${f.value}`;
    return sql`${c} = ${f.value}`;
  };
  const conditions = run.filters.map(compare);
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = run.sort
    ? sql` order by ${col(run.sort.column)} ${run.sort.order === 'asc' ? sql`asc` : sql`desc`}`
    : sql``;
  const size = Math.min(run.pageSize, reportLimits.maxPageSize);
  return {
    page: sql`select * from (${inner}) q${where}${order} limit ${size} offset ${(run.pageNo - 1) * size}`,
    count: sql`select count(*) as total from (${inner}) q${where}`,
  };
}

/** Every relation a PostgreSQL plan reads (EXPLAIN VERBOSE names them with their schema). */
function relationsOf(
  plan: unknown,
  out: { schema: string; name: string }[] = [],
  functions: string[] = [],
): { relations: typeof out; functions: string[] } {
  if (Array.isArray(plan)) plan.forEach((p) => relationsOf(p, out, functions));
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (typeof node['Relation Name'] === 'string')
      out.push({ schema: String(node.Schema ?? ''), name: node['Relation Name'] });
    if (typeof node['Function Name'] === 'string') functions.push(node['Function Name']);
    Object.values(node).forEach((v) => relationsOf(v, out, functions));
  }
  return { relations: out, functions };
}

async function runOnPostgres(
  ctx: AppContext,
  page: RawBuilder<Record<string, unknown>>,
  count: RawBuilder<Record<string, unknown>>,
) {
  // Raw column names as the administrator's SQL gives them: no camelCase plugin here.
  const db = ctx.db.withoutPlugins();
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.floor(reportLimits.timeoutMs)))}, true)`.execute(
      trx,
    );
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(trx)).rows[0]?.s;
    const explained = await sql<Record<string, unknown>>`explain (verbose, format json) ${page}`.execute(trx);
    const { relations, functions } = relationsOf(explained.rows.map((r) => Object.values(r)[0]));
    if (functions.length) throw refusedTable(functions[0]!);
    for (const r of relations) if (r.schema !== schema || !REPORT_TABLES.includes(r.name)) throw refusedTable(r.name);
    const total = Number((await count.execute(trx)).rows[0]?.total ?? 0);
    const records = (await page.execute(trx)).rows;
    return { total, records };
  });
}

/**
 * Runs a report read-only, within the time limit, and answers one page of its rows and the
 * total. Errors are told in general terms (the database's text stays in the log, ERR-1).
 */
export async function runReport(
  ctx: AppContext,
  run: ReportRun,
  log: { warn: (o: object, m: string) => void },
): Promise<{ total: number; records: Record<string, unknown>[] }> {
  const { page, count } = statements(run);
  if (ctx.kind === 'postgres') {
    try {
      return await runOnPostgres(ctx, page, count);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      log.warn({ event: 'report.failed', code, err: (error as Error).message }, 'report failed');
      if (code === '57014') throw timedOut();
      throw failed();
    }
  }
  const file = ctx.config.databaseUrl.slice('sqlite:'.length) || './data/procura.db';
  if (file === ':memory:') throw businessError('内存数据库不支持在线报表');
  const db = ctx.db.withoutPlugins();
  const answer = await runSqliteReport(path.resolve(file), [count.compile(db), page.compile(db)], {
    allowed: REPORT_TABLES,
    maxRows: reportLimits.maxPageSize,
    timeoutMs: reportLimits.timeoutMs,
  });
  if (answer.ok) return { total: Number(answer.results[0]?.[0]?.total ?? 0), records: answer.results[1] ?? [] };
  if (answer.error === 'timeout') throw timedOut();
  if (answer.error === 'table') throw refusedTable(answer.table ?? '');
  if (answer.error === 'write') throw businessError('报表SQL只能是一条SELECT语句');
  log.warn({ event: 'report.failed', err: answer.detail }, 'report failed');
  throw failed();
}
