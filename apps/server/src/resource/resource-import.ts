import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { columnOf, fieldEntries, isInForm, ok, type FieldDef, type ResourceDef } from '@procura/shared';
import type { AppContext } from '../app-context.js';
import { badRequest } from '../core/errors.js';
import { serverNowIso } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { startImportJob, type ImportAnswer, type ImportProgress } from './import-jobs.js';
import {
  cellText,
  MAX_IMPORT_ROWS,
  partialImportAnswer,
  sheetOf,
  uploadedFile,
  type ImportError,
} from './resource-excel.js';
import { nextIdOf, numberNew } from './resource-ids.js';
import { dictMapsOf, type AnyDb } from './resource-query.js';
import type { ResourceHooks, Values } from './resource-routes.js';
import { dictErrors, toColumns } from './resource-routes.js';
import { sameTenant, tenantColumns } from './tenant-scope.js';

/** Rows between two progress reports (and two yields to the other requests). */
const STEP = 1000;
/** Values per bound-parameter list: far below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 8000;

type Column = { col: number; name: string; field: FieldDef };

/** Headers name fields by label (with or without the required star) or by key. */
function columnsOf(def: ResourceDef, sheet: ExcelJS.Worksheet): Column[] {
  const byHeader = new Map<string, [string, FieldDef]>();
  for (const [name, f] of fieldEntries(def)) {
    byHeader.set(f.label, [name, f]);
    byHeader.set(`${f.label}*`, [name, f]);
    byHeader.set(name, [name, f]);
  }
  const columns: Column[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const hit = byHeader.get(cellText(cell.value));
    if (hit && isInForm(hit[1]) && !hit[1].readOnly) columns.push({ col, name: hit[0], field: hit[1] });
  });
  if (columns.length === 0) throw badRequest('表头与导入模板不一致');
  return columns;
}

/** The values of unique fields already taken by live rows (of the tenant), looked up in chunks. */
async function takenValues(db: AnyDb, def: ResourceDef, tenantId: number, name: string, values: unknown[]) {
  const f = def.fields[name]!;
  const taken = new Set<string>();
  const distinct = [...new Set(values.map(String))];
  for (let i = 0; i < distinct.length; i += 500) {
    let q = db
      .selectFrom(def.table)
      .select(sql.ref(columnOf(name, f)).as('value'))
      .where(sql.ref(columnOf(name, f)), 'in', distinct.slice(i, i + 500));
    if (def.softDelete) q = q.where(sql.ref('del_flag'), '=', 0);
    for (const row of await sameTenant(def, q, tenantId).execute()) taken.add(String(row.value));
  }
  return taken;
}

/**
 * Reads an xlsx made from the template, validates every row, and adds all valid rows in one
 * transaction (a fatal error leaves nothing written). When some rows fail, the answer is code
 * 201 with their reasons and a downloadable details file (row, field, message); the valid rows
 * are kept (documented in docs/adding-an-entity.md). Dictionary and uniqueness checks read the
 * database once per chunk of rows, and rows are inserted in multi-row statements.
 */
async function runImport(
  ctx: AppContext,
  def: ResourceDef,
  schema: z.ZodType,
  hooks: ResourceHooks,
  request: FastifyRequest,
  upload: { buffer: Buffer; filename: string },
  progress: (p: ImportProgress) => void,
): Promise<ImportAnswer> {
  progress({ phase: 'read', done: 0, total: 1 });
  const sheet = await sheetOf(upload);
  const columns = columnsOf(def, sheet);
  const dataRows = sheet.rowCount - 1;
  if (dataRows > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行`);

  const dicts = await dictMapsOf(ctx, def, request.tenantId);
  // A dictionary cell may hold the text (as exported) or the value.
  const byText = Object.fromEntries(
    Object.entries(dicts).map(([code, map]) => [code, new Map([...map].map(([value, text]) => [text, value]))]),
  );
  const db = ctx.db as unknown as AnyDb;
  const labelOf = (name: unknown) => (typeof name === 'string' ? (def.fields[name]?.label ?? null) : null);
  const errors: ImportError[] = [];
  const parsedRows: { row: number; values: Values; problems: ImportError['fields'] & object }[] = [];

  for (let r = 2; r <= sheet.rowCount; r++) {
    if ((r - 2) % STEP === 0) {
      progress({ phase: 'check', done: r - 2, total: dataRows });
      await yieldToRequests();
    }
    const row = sheet.getRow(r);
    const raw: Values = {};
    let empty = true;
    for (const { col, name, field } of columns) {
      const cell = row.getCell(col).value;
      // A date typed (or exported) as a date cell is that day, whatever time Excel keeps.
      let text = field.type === 'date' && cell instanceof Date ? cell.toISOString().slice(0, 10) : cellText(cell);
      if (text !== '') empty = false;
      if (field.dict && text !== '') text = byText[field.dict]!.get(text) ?? text;
      raw[name] = text;
    }
    if (empty) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ field: labelOf(i.path[0]), message: i.message }));
      errors.push({ row: r, message: fields.map((f) => f.message).join('；'), fields });
      continue;
    }
    const values = parsed.data as Values;
    const problems = Object.entries(dictErrors(def, dicts, values)).map(([name, message]) => ({
      field: labelOf(name),
      message,
    }));
    parsedRows.push({ row: r, values, problems });
  }

  // Unique fields: taken by a live row, or by an earlier row of the file.
  for (const [name, f] of fieldEntries(def)) {
    if (!f.unique) continue;
    const present = parsedRows.filter((p) => p.values[name] !== null && p.values[name] !== undefined);
    const taken = await takenValues(
      db,
      def,
      request.tenantId,
      name,
      present.map((p) => p.values[name]),
    );
    const seen = new Map<string, number>();
    for (const p of present) {
      const key = String(p.values[name]);
      if (taken.has(key)) p.problems.push({ field: f.label, message: `${f.label}已存在` });
      else if (seen.has(key)) p.problems.push({ field: f.label, message: `${f.label}与第${seen.get(key)}行重复` });
      else seen.set(key, p.row);
    }
  }
  const valid = parsedRows.filter((p) => p.problems.length === 0);
  for (const p of parsedRows)
    if (p.problems.length)
      errors.push({ row: p.row, message: p.problems.map((f) => f.message).join('；'), fields: p.problems });
  errors.sort((a, b) => a.row - b.row);

  if (valid.length > 0) {
    progress({ phase: 'write', done: 0, total: valid.length });
    await db.transaction().execute(async (trx) => {
      const now = serverNowIso();
      // Integer ids: the next free one once (the table is locked on PostgreSQL), then counted up.
      let nextInt = def.idType === 'int' ? Number(await nextIdOf(def, trx, ctx.kind)) : 0;
      const rowOf = (values: Values): Values => ({
        id: def.idType === 'int' ? nextInt++ : newId(),
        ...toColumns(def, values),
        ...tenantColumns(def, request),
        create_by: request.user!.username,
        create_time: now,
        ...(def.softDelete ? { del_flag: 0 } : {}),
      });
      // A hook may read the rows added before its own (a parent, a clash): row by row then, as an add does.
      const width =
        Object.keys({ id: 0, ...toColumns(def, valid[0]!.values), ...tenantColumns(def, request) }).length + 3;
      const perStatement = hooks.beforeAdd ? 1 : Math.max(1, Math.min(500, Math.floor(MAX_PARAMS / width)));
      for (let i = 0; i < valid.length; i += perStatement) {
        const rows: Values[] = [];
        for (const { values } of valid.slice(i, i + perStatement)) {
          await hooks.beforeAdd?.(values, trx, request, {});
          await numberNew(ctx.codes, def, values, request.tenantId, trx);
          rows.push(rowOf(values));
        }
        // One statement per column set: a missing key is the column's default, which SQLite's VALUES cannot say.
        const bySet = new Map<string, Values[]>();
        for (const row of rows) {
          const key = Object.keys(row).join(',');
          const same = bySet.get(key);
          if (same) same.push(row);
          else bySet.set(key, [row]);
        }
        for (const same of bySet.values()) await trx.insertInto(def.table).values(same).execute();
        const done = Math.min(valid.length, i + perStatement);
        if (done % STEP < perStatement || done === valid.length) {
          progress({ phase: 'write', done, total: valid.length });
          await yieldToRequests();
        }
      }
    });
  }
  request.log.info(
    { event: 'resource.imported', resource: def.key, added: valid.length, failed: errors.length },
    'imported',
  );

  const total = valid.length + errors.length;
  if (errors.length === 0)
    return ok(
      { totalCount: total, successCount: valid.length, errorCount: 0 },
      `文件导入成功！数据行数：${valid.length}`,
    );
  return partialImportAnswer(ctx, request, `${def.key}ImportErrorLog`, errors, valid.length);
}

/**
 * `POST …/importExcel`: JeecgBoot's import, answered when done. With `progress=1` (our web
 * client) it answers at once with `{ jobId }`, and the import runs on: its progress and, at
 * the end, the same answer come from `GET /sys/common/importJob/{jobId}`.
 */
export async function importRows(
  ctx: AppContext,
  def: ResourceDef,
  schema: z.ZodType,
  hooks: ResourceHooks,
  request: FastifyRequest,
) {
  const upload = await uploadedFile(request);
  if ((request.query as Record<string, unknown> | undefined)?.progress !== '1')
    return runImport(ctx, def, schema, hooks, request, upload, () => {});
  const jobId = startImportJob(
    request.user!.id,
    (progress) => runImport(ctx, def, schema, hooks, request, upload, progress),
    (error) => request.log.error({ err: error, resource: def.key }, 'import failed'),
  );
  return ok({ jobId }, '导入已开始');
}
