import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { fieldEntries, isInDetail, isInForm, isInList } from '@procura/shared';
import type { FieldDef, ResourceDef } from '@procura/shared';
import type { SearchField } from '../components/paged-table/list-params';

/** Wire formats of dates (spec part 2 §5). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Lists shown inside a detail view page by 10 (spec part 2 §9). */
export const DETAIL_PAGE_SIZE = 10;

export type NamedField = { name: string; field: FieldDef };

/** Every resource row carries these; createTime is always range-filterable and sortable. */
export const AUDIT_FIELDS: readonly NamedField[] = [
  { name: 'createBy', field: { label: '创建人', type: 'string' } },
  { name: 'createTime', field: { label: '创建时间', type: 'datetime', filter: 'range', sortable: true } },
  { name: 'updateBy', field: { label: '更新人', type: 'string' } },
  { name: 'updateTime', field: { label: '更新时间', type: 'datetime' } },
];
const CREATE_TIME = AUDIT_FIELDS[1]!;

const named = (def: ResourceDef): NamedField[] => fieldEntries(def).map(([name, field]) => ({ name, field }));

export const listFields = (def: ResourceDef) => named(def).filter(({ field }) => isInList(field));
export const detailFields = (def: ResourceDef) => named(def).filter(({ field }) => isInDetail(field));

/** The fields a user fills in, less those the page fixes itself (`hidden`). */
export function formFields(def: ResourceDef, hidden: readonly string[] = []): NamedField[] {
  return named(def).filter(({ name, field }) => isInForm(field) && !field.readOnly && !hidden.includes(name));
}

/** What a list cell or a detail item shows: the dictionary text beside a coded value, '-' for nothing. */
export function displayValue({ name, field }: NamedField, record: Readonly<Record<string, unknown>>): string {
  const raw = field.dict ? (record[`${name}_dictText`] ?? record[name]) : record[name];
  return raw === null || raw === undefined || raw === '' ? '-' : String(raw);
}

// ---- search ----

export type SearchControl = NamedField & { kind: 'text' | 'dict' | 'dateRange' | 'numberRange' };

/** The search form of a resource: one control per filterable field (less `hidden`), then createTime. */
export function searchControls(def: ResourceDef, hidden: readonly string[] = []): SearchControl[] {
  const controls: SearchControl[] = [];
  for (const { name, field } of named(def)) {
    if (!field.filter || hidden.includes(name)) continue;
    controls.push({ name, field, kind: controlKind(field) });
  }
  if (!(CREATE_TIME.name in def.fields)) controls.push({ ...CREATE_TIME, kind: 'dateRange' });
  return controls;
}

function controlKind(field: FieldDef): SearchControl['kind'] {
  if (field.filter === 'range') {
    if (field.type === 'date' || field.type === 'datetime') return 'dateRange';
    if (field.type === 'int' || field.type === 'decimal') return 'numberRange';
  }
  return field.dict && field.filter !== 'like' ? 'dict' : 'text';
}

/** The query parameters the controls fill: like fields wrapped as *x*, exact ones as typed, ranges as `_begin`/`_end`. */
export function searchFieldsOf(controls: readonly SearchControl[]): SearchField[] {
  return controls.flatMap(({ name, field, kind }): SearchField[] => {
    if (kind === 'dateRange' || kind === 'numberRange') {
      return [
        { name: `${name}_begin`, label: field.label, mode: 'eq' },
        { name: `${name}_end`, label: field.label, mode: 'eq' },
      ];
    }
    return [{ name, label: field.label, mode: field.filter === 'like' ? 'like' : 'eq' }];
  });
}

/** Search form values → filter strings keyed by query parameter (a date range becomes `_begin`/`_end`). */
export function toFilters(
  controls: readonly SearchControl[],
  values: Readonly<Record<string, unknown>>,
): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));
  for (const { name, kind } of controls) {
    if (kind === 'dateRange') {
      const range = values[name] as [Dayjs | null, Dayjs | null] | null | undefined;
      filters[`${name}_begin`] = range?.[0]?.format(DATE_FORMAT);
      filters[`${name}_end`] = range?.[1]?.format(DATE_FORMAT);
    } else if (kind === 'numberRange') {
      filters[`${name}_begin`] = text(values[`${name}_begin`]);
      filters[`${name}_end`] = text(values[`${name}_end`]);
    } else {
      filters[name] = text(values[name]);
    }
  }
  return filters;
}

// ---- add / edit form ----

/** A record as form values: dates as dayjs, multi-select values as arrays, coded numbers as their text. */
export function toFormValues(
  fields: readonly NamedField[],
  record: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!record) return values;
  for (const { name, field } of fields) {
    const v = record[name];
    if (v === null || v === undefined || v === '') continue;
    if (field.type === 'date' || field.type === 'datetime') values[name] = dayjs(String(v));
    else if (field.dict && field.multiple) values[name] = String(v).split(',').filter(Boolean);
    else if (field.dict) values[name] = String(v);
    else values[name] = v;
  }
  return values;
}

/** One form value as the API takes it; empty is null (the server stores optional empties as null). */
export function toWireValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (dayjs.isDayjs(value)) return value.format(field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT);
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(',');
  if (field.type === 'int') return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (field.type === 'decimal') return String(value);
  return value;
}

/** The body of add / edit: every given field in wire form. */
export function toRequestBody(
  fields: readonly NamedField[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(fields.map(({ name, field }) => [name, toWireValue(field, values[name])]));
}

/** Validation issues (zod's, or the server's `result.errors`) as one message per top-level field. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}
