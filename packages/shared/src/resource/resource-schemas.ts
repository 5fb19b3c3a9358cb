import { z } from 'zod';
import { EXTENDABLE_TABLES, EXTEND_VALUES_KEY } from '../extend-field.js';
import { fieldEntries, isInForm, type FieldDef, type ResourceDef } from './define-resource.js';
import { calendarMessage, calendarProblem, textMessage, textProblem } from '../wire-values.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DECIMAL = /^-?\d{1,16}(\.\d{1,6})?$/;

/** The validator of one field's value, with the messages a user sees. */
export function fieldSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (f.type) {
    case 'int': {
      let n = z.coerce.number({ message: `${f.label}必须是整数` }).int(`${f.label}必须是整数`);
      if (f.min !== undefined) n = n.min(f.min, `${f.label}不能小于${f.min}`);
      if (f.max !== undefined) n = n.max(f.max, `${f.label}不能大于${f.max}`);
      s = n;
      break;
    }
    case 'decimal':
      s = z
        .union([z.string(), z.number()], { error: `${f.label}必须是数字` })
        .transform((v) => String(v).trim())
        .pipe(z.string().regex(DECIMAL, `${f.label}必须是数字`));
      break;
    case 'date':
      s = z
        .string({ error: `${f.label}格式应为 YYYY-MM-DD` })
        .trim()
        .regex(DATE, `${f.label}格式应为 YYYY-MM-DD`)
        .superRefine(realDay(f.label));
      break;
    case 'datetime':
      s = z
        .string({ error: `${f.label}格式应为 YYYY-MM-DD HH:mm:ss` })
        .trim()
        .regex(DATETIME, `${f.label}格式应为 YYYY-MM-DD HH:mm:ss`)
        .superRefine(realDay(f.label));
      break;
    default: {
      // A value of another type (a number, an array) is named by its field, not by zod's generic words.
      let t = z.string({ error: `${f.label}应为文本` }).trim();
      if (f.required) t = t.min(1, `请输入${f.label}`);
      if (f.min !== undefined) t = t.min(f.min, `${f.label}至少${f.min}个字符`);
      t = t.max(
        f.max ?? (f.type === 'text' ? 5000 : 255),
        `${f.label}不能超过${f.max ?? (f.type === 'text' ? 5000 : 255)}个字符`,
      );
      if (f.pattern) t = t.regex(new RegExp(f.pattern.source), f.pattern.message);
      // Short text is one line; long text may span lines. Neither holds control or bidi characters.
      const multiline = f.type === 'text';
      s = t.superRefine((v, c) => {
        const problem = textProblem(v, multiline);
        if (problem) c.addIssue({ code: 'custom', message: textMessage(f.label, problem) });
      });
    }
  }
  // Empty means absent: required fields say so by name, optional ones are stored as null.
  const empty = (v: unknown) => v === '' || v === null || v === undefined;
  if (f.required) {
    return z.preprocess(
      (v) => (empty(v) ? undefined : v),
      z
        .any()
        .refine((v) => v !== undefined, `请输入${f.label}`)
        .pipe(s),
    );
  }
  return z.preprocess((v) => (empty(v) ? null : v), s.nullable());
}

/** Refuses a day or time not on the calendar (`2026-02-30`) or outside the years 1900–2999. */
function realDay(label: string) {
  return (v: string, c: z.core.$RefinementCtx<string>) => {
    const problem = calendarProblem(v);
    if (problem) c.addIssue({ code: 'custom', message: calendarMessage(label, problem) });
  };
}

type Shape = Record<string, z.ZodType>;

function formShape(def: ResourceDef, mode: 'add' | 'edit'): Shape {
  const shape: Shape = {};
  for (const [name, f] of fieldEntries(def)) {
    if (!isInForm(f) || f.readOnly) continue;
    if (mode === 'edit' && f.immutable) continue;
    shape[name] = fieldSchema(f);
  }
  return shape;
}

/**
 * The body of `add`: exactly the form fields (unknown keys refused, MASS-5); server-set
 * fields (id, audit columns, read-only and tenant) can never come from a request.
 */
export function addSchema(def: ResourceDef) {
  return z.object({ ...formShape(def, 'add'), ...tenantKey(def), ...extendKey(def), ...lineKeys(def) }).strict();
}

/**
 * Opted-in tables take their configurable field values with the record, under one key, so both
 * are written in one transaction; the server checks names, types and required/read-only rules.
 */
function extendKey(def: ResourceDef): Shape {
  if (!Object.hasOwn(EXTENDABLE_TABLES, def.table)) return {};
  const value = z.union([z.string().max(1000, '扩展字段的值不能超过1000个字符'), z.number(), z.null()]);
  return { [EXTEND_VALUES_KEY]: z.record(z.string().max(64), value).optional() };
}

/** A workflow document's line sets: arrays the server checks cell by cell (`lines[2].qty`, checkLines). */
function lineKeys(def: ResourceDef): Shape {
  return Object.fromEntries(
    Object.keys(def.workflow?.lines ?? {}).map((name) => [name, z.array(z.unknown()).max(1000).optional()]),
  );
}

/** JeecgBoot clients may send a row's `tenantId`: accepted and ignored, the server sets it (TEN-2). */
function tenantKey(def: ResourceDef): Shape {
  return def.tenant ? { tenantId: z.unknown().optional() } : {};
}

/** The body of `edit`: the id and the editable fields; immutable fields are ignored if sent unchanged. */
export function editSchema(def: ResourceDef) {
  const shape = formShape(def, 'edit');
  const optional: Shape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()]));
  // JeecgBoot clients send back whole records: audit and read-only keys are accepted and ignored.
  const ignored: Shape = Object.fromEntries(
    [
      ...fieldEntries(def)
        .filter(([, f]) => f.readOnly || f.immutable)
        .map(([k]) => k),
      'createBy',
      'createTime',
      'updateBy',
      'updateTime',
    ]
      .flatMap((k) => [k, `${k}_dictText`])
      .map((k) => [k, z.unknown().optional()]),
  );
  const id =
    def.idType === 'int' ? z.union([z.string().min(1, '缺少记录编号'), z.number()]) : z.string().min(1, '缺少记录编号');
  return z.object({ id, ...ignored, ...tenantKey(def), ...extendKey(def), ...lineKeys(def), ...optional }).strict();
}

const bodySchemas = new WeakMap<
  ResourceDef,
  { add: ReturnType<typeof addSchema>; edit: ReturnType<typeof editSchema> }
>();

/**
 * The add and edit bodies of a constant definition, built once: the server registers every
 * resource's routes at each start, and building their validators was a fifth of a start (each
 * server test file starts its own server).
 */
export function bodySchemasOf(def: ResourceDef): {
  add: ReturnType<typeof addSchema>;
  edit: ReturnType<typeof editSchema>;
} {
  let schemas = bodySchemas.get(def);
  if (!schemas) bodySchemas.set(def, (schemas = { add: addSchema(def), edit: editSchema(def) }));
  return schemas;
}
