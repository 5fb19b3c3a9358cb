import { add, multiply } from './decimal.js';
import type { FieldDef } from './resource/define-resource.js';
import { fieldSchema } from './resource/resource-schemas.js';

/**
 * The lines of a workflow document (issue 17): a definition names one or more line sets (a
 * contract's `lines` and `payPlan`), each a child table keyed to the header. The generic add
 * and edit of a draft take the arrays in the body and replace the draft's lines in the same
 * transaction; queryById returns them; header totals are sums of a line field (X-6, exact).
 */
export type LineSetDef = {
  /** What the set is called (合同明细), the title of its table. */
  label: string;
  /** The child table (snake_case). */
  table: string;
  /** The column holding the header's id (snake_case). */
  parentColumn: string;
  /** The column numbering the lines from 1, in the order they were given (snake_case). */
  orderColumn: string;
  /** The line fields, in the same field DSL as headers (columns are the snake_case of the keys). */
  fields: Record<string, FieldDef>;
  /** Fields the server computes on every save: `amount: ['qty', 'price']` is round(qty × price, 2). */
  products?: Record<string, readonly [string, string]>;
  /** The fewest lines a saved draft holds (0 by default). */
  min?: number;
  /** The most lines (500 by default). */
  max?: number;
};

/** A header field computed as the sum of a line field (X-6: exact decimals, 2 places). */
export type LineTotalDef = { lines: string; field: string; places?: number };

/** The error key of one line's field, as the web's editable table finds its cell: `lines[2].qty`. */
export const lineFieldKey = (set: string, index: number, field: string) => `${set}[${index}].${field}`;

/** The antd form path of a line error key: `lines[2].qty` → ['lines', 2, 'qty']. */
export function lineFieldPath(key: string): (string | number)[] | null {
  const m = /^([A-Za-z0-9]+)\[(\d+)\]\.([A-Za-z0-9]+)$/.exec(key);
  return m ? [m[1]!, Number(m[2]), m[3]!] : null;
}

export type LineRow = Record<string, unknown>;

/** The line fields a user fills in (not computed by the server, not read-only). */
export function lineInputFields(set: LineSetDef): [string, FieldDef][] {
  return Object.entries(set.fields).filter(([name, f]) => !f.readOnly && !set.products?.[name]);
}

/**
 * One line set's rows checked with the field schemas: the parsed rows with the products
 * computed, or the first message per cell keyed `lines[2].qty`.
 */
export function checkLines(
  name: string,
  set: LineSetDef,
  given: unknown,
): { rows: LineRow[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!Array.isArray(given)) return { rows: [], errors: { [name]: `${set.label}格式不正确` } };
  const max = set.max ?? 500;
  if (given.length > max) errors[name] = `${set.label}最多${max}行`;
  if (given.length < (set.min ?? 0)) errors[name] = `请至少填写${set.min}行${set.label}`;
  const inputs = lineInputFields(set);
  const rows = given.map((raw, index) => {
    const line = (raw && typeof raw === 'object' ? raw : {}) as LineRow;
    const row: LineRow = {};
    for (const [field, def] of inputs) {
      const parsed = fieldSchema(def).safeParse(line[field]);
      if (parsed.success) row[field] = parsed.data;
      else errors[lineFieldKey(name, index, field)] ??= parsed.error.issues[0]?.message ?? '格式不正确';
    }
    for (const [field, [a, b]] of Object.entries(set.products ?? {}))
      row[field] = row[a] != null && row[b] != null ? multiply(String(row[a]), String(row[b]), 2) : null;
    return row;
  });
  return { rows, errors };
}

/** The header totals of the given line sets (only those given are recomputed). */
export function lineTotals(
  totals: Readonly<Record<string, LineTotalDef>> | undefined,
  sets: Readonly<Record<string, LineRow[]>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [header, t] of Object.entries(totals ?? {})) {
    const rows = sets[t.lines];
    if (!rows) continue;
    out[header] = add(
      rows.map((r) => (r[t.field] == null || r[t.field] === '' ? '0' : String(r[t.field]))),
      t.places ?? 2,
    );
  }
  return out;
}
