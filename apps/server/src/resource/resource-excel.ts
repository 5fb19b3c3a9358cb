import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import '@fastify/multipart';
import { fieldEntries, isInForm, isInList, ok, ResultCode, type FieldDef, type ResourceDef } from '@procura/shared';
import type { AppContext } from '../app-context.js';
import { AppError, badRequest } from '../core/errors.js';
import { applyListQuery, type ListFields } from '../core/paging.js';
import { serverNowIso } from '../core/clock.js';
import { idPatternOf } from './resource-ids.js';
import { keysetBatches } from './keyset.js';
import { toWireRows, type AnyQuery } from './resource-query.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_BATCH = 2000;
/** The largest import accepted, in rows. */
export const MAX_IMPORT_ROWS = 100_000;

/** A cell that a spreadsheet would read as a formula is written as text (RPT-4). */
export function safeCell(value: unknown): unknown {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value ?? '';
}

const DATE_FMT = 'yyyy-mm-dd';
const DATETIME_FMT = 'yyyy-mm-dd hh:mm:ss';
const WIRE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** A wire date or GMT+8 datetime as the cell Excel shows with the same digits (Excel has no time zones). */
function dateCell(value: unknown): Date | undefined {
  const m = typeof value === 'string' ? WIRE_DATE_TIME.exec(value) : null;
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1);
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
}

/** An exact decimal (string on the wire, X-6) as a number cell showing its own decimal places. */
function numberCell(value: unknown): { value: number; numFmt: string } | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const scale = text.split('.')[1]?.length ?? 0;
  return { value: Number(text), numFmt: scale ? `#,##0.${'0'.repeat(scale)}` : '0' };
}

/**
 * One exported cell: the dictionary or reference text (`<field>_dictText`, which scope hooks
 * add for ids of other records) instead of the stored value, numbers as number cells and
 * dates as date cells, each with its display format.
 */
export function exportCell(
  field: FieldDef,
  name: string,
  row: Record<string, unknown>,
  textKey = `${name}_dictText`,
): ExcelCell {
  const text = row[textKey];
  if (text !== undefined && text !== null && text !== '') return { value: safeCell(text) as ExcelJS.CellValue };
  const value = row[name];
  if (field.type === 'int' || field.type === 'decimal') {
    const number = numberCell(value);
    if (number) return number;
  }
  if (field.type === 'date' || field.type === 'datetime') {
    const date = dateCell(value);
    if (date) return { value: date, numFmt: field.type === 'date' ? DATE_FMT : DATETIME_FMT };
  }
  return { value: safeCell(value) as ExcelJS.CellValue };
}

type ExcelCell = { value: ExcelJS.CellValue; numFmt?: string };

export function attachment(reply: FastifyReply, name: string): void {
  reply.header('content-type', XLSX);
  reply.header(
    'content-disposition',
    `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
}

const CREATE_TIME: FieldDef = { label: '创建时间', type: 'datetime' };
const exportColumns = (def: ResourceDef) => fieldEntries(def).filter(([, f]) => isInList(f));

/**
 * Streams the rows of the current filter (or the `selections`) as xlsx: labels as headers,
 * dictionary texts, formatted dates. Rows are read in keyset batches, so memory stays flat and
 * the last batch costs what the first does.
 */
export async function exportRows(
  ctx: AppContext,
  def: ResourceDef,
  base: AnyQuery,
  fields: ListFields,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = request.query as Record<string, unknown>;
  const sortColumn = def.defaultSort.field === 'createTime' ? 't.create_time' : fields[def.defaultSort.field]!.column;
  const applied = applyListQuery(ctx.kind, base, query, fields, { column: sortColumn, order: def.defaultSort.order });
  let filtered = applied.filtered;
  if (typeof query.selections === 'string' && query.selections.trim() !== '') {
    const ids = query.selections
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.some((i) => !idPatternOf(def).test(i))) throw badRequest('记录编号不正确');
    filtered = filtered.where(sql.ref('t.id'), 'in', ids);
  }

  const stream = new PassThrough();
  // Styles carry the number and date formats.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(def.label);
  const columns = exportColumns(def);
  sheet.columns = [
    ...columns.map(([name, f]) => ({ header: f.label, key: name, width: Math.max(12, f.label.length * 2 + 4) })),
    { header: '创建时间', key: 'createTime', width: 20 },
  ];

  // One style object per display format, shared by every cell that shows it: ExcelJS looks a
  // style it has seen up by identity, where a new object per cell costs a style rendering each.
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  const styleOf = (numFmt: string | undefined) => {
    const key = numFmt ?? '';
    let style = styles.get(key);
    if (!style) styles.set(key, (style = numFmt ? { numFmt } : {}));
    return style;
  };
  // Each column's field, name and text key, worked out once, not per cell.
  const cells = [...columns, ['createTime', CREATE_TIME] as const].map(
    ([name, f]) => [f, name, `${name}_dictText`] as const,
  );
  const batches = keysetBatches(ctx.kind, filtered, applied.sortColumn, applied.direction, 't.id', EXPORT_BATCH);
  // The first batch is read before the 200 goes out, so a failing query answers as a JSON error
  // rather than as a cut-off file.
  const wireOf = (rows: Record<string, unknown>[]) => toWireRows(ctx, def, rows, request.tenantId);
  const first = await batches.next();
  const firstWire = first.done ? [] : await wireOf(first.value);
  async function* wireBatches() {
    if (first.done) return;
    yield firstWire;
    for await (const rows of batches) yield await wireOf(rows);
  }
  const write = async () => {
    for await (const wire of wireBatches()) {
      for (const row of wire) {
        const exported = cells.map(([f, name, textKey]) => exportCell(f, name, row, textKey));
        const line = sheet.addRow(exported.map((c) => c.value));
        // Set after the values: a cell's numFmt setter would change the shared style object.
        for (let i = 0; i < exported.length; i++) line.getCell(i + 1).style = styleOf(exported[i]!.numFmt);
        line.commit();
      }
      // SQLite answers synchronously: without this the zip's compression (on the thread pool) and
      // the socket would wait for the last row, and the whole xlsx would be held in memory.
      await yieldToIo();
      // The client reads slower than rows are made: wait for it.
      if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      // The client went away: stop reading rows.
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    request.log.error({ err: error }, 'export failed');
    stream.destroy(error as Error);
  });
  attachment(reply, `${def.label}.xlsx`);
  return reply.send(stream);
}

/** An empty workbook with the form fields as headers: the import template. */
export async function exportTemplate(def: ResourceDef, reply: FastifyReply) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.label);
  sheet.columns = fieldEntries(def)
    .filter(([, f]) => isInForm(f) && !f.readOnly)
    .map(([name, f]) => ({
      header: f.required ? `${f.label}*` : f.label,
      key: name,
      width: Math.max(12, f.label.length * 2 + 4),
    }));
  attachment(reply, `${def.label}导入模板.xlsx`);
  return reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
}

export function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof cell === 'object') {
    if ('text' in cell && typeof cell.text === 'string') return cell.text;
    if ('result' in cell) return cellText(cell.result as ExcelJS.CellValue);
    if ('richText' in cell) return cell.richText.map((r) => r.text).join('');
    return '';
  }
  return String(cell).trim();
}

/** The request's one multipart file, refused unless it is an xlsx (a zip archive) within the upload limit. */
export async function uploadedFile(request: FastifyRequest): Promise<{ buffer: Buffer; filename: string }> {
  const file = await request.file();
  if (!file) throw badRequest('请选择要导入的文件');
  const buffer = await file.toBuffer();
  if (file.file.truncated) throw new AppError('文件过大', 413, 413);
  // An xlsx is a zip archive: anything else is refused before parsing.
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50)
    throw badRequest(`${file.filename} 不是有效的 xlsx 文件`);
  return { buffer, filename: file.filename };
}

/** The first sheet of an uploaded xlsx, refused unless it is one with rows. */
export async function sheetOf({ buffer, filename }: { buffer: Buffer; filename: string }): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(`${filename} 无法读取，请使用导入模板`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 1) throw badRequest('文件中没有数据');
  return sheet;
}

/** The first sheet of the uploaded xlsx (the request's one multipart file), refused unless it is one with rows. */
export async function uploadedSheet(request: FastifyRequest): Promise<ExcelJS.Worksheet> {
  return sheetOf(await uploadedFile(request));
}

/** A failed row: its number in the sheet, and each field's problem (`field` null for the row as a whole). */
export type ImportError = { row: number; message: string; fields?: { field: string | null; message: string }[] };

/** The details file's lines: one per failed field, with the row number and the field's label. */
function reportLines(errors: readonly ImportError[]): string[] {
  return errors.flatMap((e) =>
    e.fields?.length
      ? e.fields.map((f) => (f.field ? `第${e.row}行 ${f.field}：${f.message}` : `第${e.row}行：${f.message}`))
      : [`第${e.row}行: ${e.message}`],
  );
}

/**
 * JeecgBoot's answer to an import with failed rows (code 201, reference §4.6): the counts, and a
 * log of the failed rows to download, kept per user (`logName` is the log file's prefix).
 */
export async function partialImportAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  logName: string,
  errors: readonly ImportError[],
  successCount: number,
) {
  const total = successCount + errors.length;
  const stamp = serverNowIso().replace(/\D/g, '').slice(0, 14);
  const fileName = `${logName}${stamp}${Math.floor(Math.random() * 10000)}.txt`;
  const dir = importLogDir(ctx, request.user!.id);
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, fileName), reportLines(errors).join('\n') + '\n', 'utf8');
  const msg = `总上传行数：${total}，已导入行数：${successCount}，错误行数：${errors.length}`;
  return {
    ...ok(
      {
        totalCount: total,
        errorCount: errors.length,
        successCount,
        msg,
        fileUrl: `/sys/common/importLog/${fileName}`,
        fileName,
        errors: errors.slice(0, 100),
      },
      '文件导入成功，但有错误。',
    ),
    code: ResultCode.IMPORT_PARTIAL,
  };
}

/** Where import error logs go, per user: nobody reads another user's log. */
export function importLogDir(ctx: AppContext, userId: string): string {
  return path.join(ctx.config.storageDir, 'import-logs', userId);
}
