import type { ApprovalDocumentDetail, FieldDef } from '@procura/shared';
import type { DictService } from '../dictionaries/dict-service.js';

type Fields = ApprovalDocumentDetail['fields'];
type Value = string | number | null | undefined;

/** A value as text: empty stays null (shown as -). */
const text = (v: Value): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The fields of a resource row as the approver reads them: each field's label, and its
 * dictionary text where it has one. `names` replaces the value of reference fields (an id
 * becomes its name); `skip` leaves fields out.
 */
export async function resourceFields(
  dicts: DictService,
  fields: Record<string, FieldDef>,
  row: Record<string, unknown>,
  opts: { names?: Record<string, string | null>; skip?: string[] } = {},
): Promise<Fields> {
  const entries = Object.entries(fields).filter(([name]) => !opts.skip?.includes(name));
  const codes = [...new Set(entries.map(([, f]) => f.dict).filter((d): d is string => !!d))];
  const maps = await dicts.textMaps(codes);
  return entries.map(([name, f]) => {
    if (opts.names && name in opts.names) return { label: f.label, value: opts.names[name] ?? null };
    const raw = text(row[name] as Value);
    const map = f.dict ? maps[f.dict] : undefined;
    if (!raw || !map) return { label: f.label, value: raw };
    return { label: f.label, value: (f.multiple ? raw.split(',') : [raw]).map((v) => map.get(v) ?? v).join('、') };
  });
}

/** value → text of one dictionary (raw value when it has no item). */
export async function dictText(dicts: DictService, code: string): Promise<(v: Value) => string | null> {
  const map = (await dicts.textMaps([code]))[code];
  return (v) => {
    const raw = text(v);
    return raw === null ? null : (map?.get(raw) ?? raw);
  };
}

type Cell = string | number | null | undefined;
type DetailTable = ApprovalDocumentDetail['tables'][number];
/** A column of an approval table: its key and title, and its cell (the row's own `key` when no `value`). */
export type DetailColumn<T> = { key: string; title: string; value?: (row: T) => Cell };

/** The material column of a line table: code, name and spec in one cell (lines of awards, tenders). */
export function materialColumn<
  T extends { materialCode?: string | null; materialName?: string | null; spec?: string | null },
>(): DetailColumn<T> {
  return {
    key: 'material',
    title: '物料',
    value: (l) => [l.materialCode, l.materialName, l.spec].filter(Boolean).join(' '),
  };
}

/**
 * One table of an approval detail (lines, steps, scores): the columns in order, and every row
 * mapped through them, so each builder states a column once instead of in two lists.
 */
export function detailTable<T extends object>(
  title: string,
  columns: DetailColumn<T>[],
  rows: readonly T[],
): DetailTable {
  return {
    title,
    columns: columns.map(({ key, title }) => ({ key, title })),
    rows: rows.map((row) =>
      Object.fromEntries(
        columns.map((c) => [c.key, (c.value ? c.value(row) : (row as Record<string, Cell>)[c.key]) ?? null]),
      ),
    ),
  };
}
