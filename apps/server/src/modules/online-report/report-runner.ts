import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { AppError, businessError } from '../../core/errors.js';
import type { ReportSqlPart } from './report-sql.js';
import { REPORT_TABLES, REPORT_TENANT_TABLES, reportLimits } from './report-tables.js';
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
  /** The request's tenant: its report reads only its rows of tenant tables (0: the platform, every row). */
  tenantId: number;
};

/** Column names of report items (checked on save); the only names that reach the wrapping query. */
export const REPORT_FIELD = /^[a-z][a-z0-9_]{0,63}$/;

const refusedTable = (table: string) =>
  businessError(`报表SQL只能查询允许的数据表（${REPORT_TABLES.join('、')}），不能查询 ${table}`);
const failed = () => businessError('报表SQL执行失败，请检查SQL与字段配置');
const timedOut = () => businessError('报表查询超时，请缩小查询范围');

const TENANT_WORD = new RegExp(`\\b(${Object.keys(REPORT_TENANT_TABLES).join('|')})\\b`, 'gi');
const QUALIFIED = new RegExp(`\\.\\s*(${Object.keys(REPORT_TENANT_TABLES).join('|')})\\b`, 'i');

/**
 * Tenant isolation of a report (issue 16; JeecgBoot injects a tenant condition): a report run
 * in a tenant reads each tenant table it names through a common table expression of the same
 * name, which holds only that tenant's rows, the tenant a bound parameter. An unqualified
 * table name anywhere in the SELECT (joins, subqueries, unions) then means the filtered copy;
 * a qualified one (`public.sys_depart`, `main.sys_depart`) would reach the table itself, so it
 * is refused, on save as on every run. The administrator's SQL cannot hold a WITH of its own (report-sql).
 */
function tenantPrefix(run: ReportRun, sqlite: boolean): RawBuilder<unknown> {
  const text = run.parts.map((p) => ('text' in p ? p.text : ' ')).join('');
  // Refused for the platform too: its reports also run in tenants.
  const qualified = QUALIFIED.exec(text);
  if (qualified)
    throw businessError(`报表SQL不能带库名或模式名引用按租户隔离的表 ${qualified[1]}，请直接写表名，以便按租户过滤`);
  if (run.tenantId === 0) return sql``;
  const used = [...new Set([...text.matchAll(TENANT_WORD)].map((m) => m[1]!.toLowerCase()))];
  if (used.length === 0) return sql``;
  // Inside the expression the name is the table itself: qualified on SQLite (where a WITH may
  // refer to itself), bare on PostgreSQL (where a plain WITH never does).
  const table = (name: string) => (sqlite ? sql.id('main', name) : sql.id(name));
  const tenant = run.tenantId;
  const copies = used.map((name) => {
    const kind = REPORT_TENANT_TABLES[name]!;
    const rows =
      kind === 'own'
        ? sql`select * from ${table(name)} where tenant_id = ${tenant}`
        : kind === 'shared'
          ? sql`select * from ${table(name)} where tenant_id in (0, ${tenant})`
          : sql`select * from ${table(name)} where dict_id in (select id from ${table('sys_dict')} where tenant_id in (0, ${tenant}))`;
    return sql`${sql.id(name)} as (${rows})`;
  });
  return sql`with ${sql.join(copies, sql`, `)} `;
}

/** The administrator's SELECT with its placeholders as bound parameters, wrapped so filters, sort and paging apply outside it. */
function statements(
  run: ReportRun,
  sqlite: boolean,
): {
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
  const prefix = tenantPrefix(run, sqlite);
  return {
    page: sql`${prefix}select * from (${inner}) q${where}${order} limit ${size} offset ${(run.pageNo - 1) * size}`,
    count: sql`${prefix}select count(*) as total from (${inner}) q${where}`,
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
  const { page, count } = statements(run, ctx.kind !== 'postgres');
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
