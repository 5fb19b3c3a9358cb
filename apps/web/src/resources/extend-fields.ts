import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EXTENDABLE_TABLES, isExtendReadOnly, isExtendRequired } from '@procura/shared';
import type { ExtendField, FieldDef, ResourceDef } from '@procura/shared';
import { getFeedback } from '../lib/feedback';
import { getAction, postAction } from '../lib/http';

/** What a resource page adds for configurable fields: the definition with them, and which of them are extended or read-only. */
export type Extension = { def: ResourceDef; names: ReadonlySet<string>; readOnly: ReadonlySet<string> };

const TYPE: Record<string, FieldDef['type']> = {
  String: 'string',
  number: 'decimal',
  date: 'date',
  dateTime: 'datetime',
};
const FILTER: Record<string, FieldDef['filter']> = { String: 'like', number: 'eq', date: 'range', dateTime: 'range' };

/** A configurable field as a field of the definition: listed when the list style names it, in the form when the edit style does. */
export function asFieldDef(f: ExtendField, inList: boolean, inForm: boolean): FieldDef {
  return {
    label: f.labelName,
    type: TYPE[f.dataType] ?? 'string',
    max: f.dataType === 'String' ? 1000 : undefined,
    required: isExtendRequired(f) && !isExtendReadOnly(f),
    filter: FILTER[f.dataType] ?? 'like',
    list: inList,
    form: inForm,
    detail: false,
    width: f.width ?? undefined,
  };
}

/** The definition with its configurable fields appended (spec part 2 §5), for an opted-in table; otherwise the definition itself. */
export function extendDef(
  def: ResourceDef,
  form: readonly ExtendField[],
  list: readonly { fieldName: string; width?: number | null }[],
): Extension {
  const listed = new Set(list.map((c) => c.fieldName));
  const all = [
    ...form,
    ...list.filter((c) => !form.some((f) => f.fieldName === c.fieldName)).map((c) => c as ExtendField),
  ];
  const fields: Record<string, FieldDef> = { ...def.fields };
  const readOnly = new Set<string>();
  for (const f of all) {
    if (f.fieldName in def.fields) continue;
    fields[f.fieldName] = asFieldDef(f, listed.has(f.fieldName), form.includes(f));
    if (isExtendReadOnly(f)) readOnly.add(f.fieldName);
  }
  const names = new Set(Object.keys(fields).filter((k) => !(k in def.fields)));
  return { def: names.size ? { ...def, fields } : def, names, readOnly };
}

/** A failed extended-field or form-style fetch: an error toast with the server's message (spec part 2 §8). */
async function load<T>(call: () => Promise<{ success: boolean; message: string; result: T }>): Promise<T | []> {
  const body = await call();
  if (body.success) return body.result;
  getFeedback().message.error(body.message);
  return [];
}

/** The configurable fields of a resource's table (none for tables that did not opt in). */
export function useExtension(def: ResourceDef): Extension {
  const table = Object.hasOwn(EXTENDABLE_TABLES, def.table) ? def.table : null;
  const form = useQuery({
    queryKey: ['extend-fields', table],
    enabled: Boolean(table),
    queryFn: () => load(() => getAction<ExtendField[]>('/extendField/getList', { type: table! })),
  });
  const list = useQuery({
    queryKey: ['form-style-list', table],
    enabled: Boolean(table),
    queryFn: () =>
      load(() =>
        postAction<{ fieldName: string; labelName: string; width: number }[]>('/formStyle/getList', {
          tableName: table!,
          formStyle: 'list',
        }),
      ),
  });
  return useMemo(() => extendDef(def, form.data ?? [], list.data ?? []), [def, form.data, list.data]);
}
