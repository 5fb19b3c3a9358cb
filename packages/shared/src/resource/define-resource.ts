/**
 * A resource definition: one business entity described once, from which the server derives
 * its validation and CRUD routes (list, queryById, add, edit, delete, deleteBatch,
 * exportXls, importExcel) and the web its list page, search form, edit form and detail view.
 * See `docs/adding-an-entity.md` for the recipe.
 */
import type { WorkflowDef } from '../workflow.js';
import type { LineSetDef, LineTotalDef } from '../workflow-lines.js';

export type FieldType =
  /** Short text (varchar). */
  | 'string'
  /** Long text. */
  | 'text'
  | 'int'
  /** Exact decimal, kept as a string on the wire and in storage (money rule X-6). */
  | 'decimal'
  /** `yyyy-MM-dd`. */
  | 'date'
  /** `yyyy-MM-dd HH:mm:ss` (GMT+8 on the wire, UTC in storage). */
  | 'datetime'
  /** A value of the dictionary named by `dict`; lists also carry `<field>_dictText`. */
  | 'dict';

/** How a field may be searched: `like` takes the text value modes (`*x*`, `!x`, `a,b`), `eq` exact ones, `range` `_begin`/`_end`. */
export type FilterMode = 'like' | 'eq' | 'range';

export type FieldDef = {
  label: string;
  type: FieldType;
  /** The database column; the snake_case of the key by default. */
  column?: string;
  required?: boolean;
  /** Longest text, or largest number. */
  max?: number;
  /** Shortest text, or smallest number. */
  min?: number;
  /** A regular expression the value must match, with the message shown when it does not. */
  pattern?: { source: string; message: string };
  /** Dictionary code: the value of a `dict` field must be one of its items; on any field it adds `<field>_dictText` to lists and exports. */
  dict?: string;
  /**
   * The id of another record: the key of the row value holding its name, which the server's
   * list adds (a join in the module's scope hook). Lists carry it as `<field>_dictText` too,
   * and exports show it instead of the id.
   */
  refText?: string;
  /** Several dictionary values, comma-joined (multi-select). */
  multiple?: boolean;
  filter?: FilterMode;
  /** Other fields whose columns the filter matches as well (a material's code beside its name). */
  alsoMatches?: readonly string[];
  sortable?: boolean;
  /** No two live rows may share the value; also what `/sys/duplicate/check` may ask about. */
  unique?: boolean;
  /** Set on add, never changed by edit. */
  immutable?: boolean;
  /** Written by the server only (status of a workflow, ledger figures): never taken from a request. */
  readOnly?: boolean;
  /** Shown in the list (default true), the form (default true unless readOnly), the detail (default true). */
  list?: boolean;
  form?: boolean;
  detail?: boolean;
  /** Column width in the list, in px. */
  width?: number;
  /** Placeholder / help text in the form. */
  placeholder?: string;
};

export type Capabilities = {
  /** `queryById`; off when a module serves its own detail route. */
  detail: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
  deleteBatch: boolean;
  export: boolean;
  import: boolean;
};

export type ResourceDef<K extends string = string> = {
  /** camelCase key, unique: `sysPosition`. */
  key: string;
  /** snake_case table. */
  table: string;
  /** API path under the base: `/sys/position` gives `/sys/position/list` and so on. */
  path: string;
  /** What one row is called in the UI: 职务. */
  label: string;
  /** Permission code prefix: `position` gives `position:list`, `position:add`, … */
  permission: string;
  fields: Record<K, FieldDef>;
  defaultSort: { field: K | 'createTime'; order: 'asc' | 'desc' };
  capabilities: Capabilities;
  /** Deletes set `del_flag` instead of removing the row (recycle bin). */
  softDelete: boolean;
  /**
   * Rows belong to a tenant (`tenant_id integer not null`): every read and write is limited to
   * the request's current tenant, adds take it from the session (never from the body), and
   * unique fields are unique within a tenant.
   * `'system'`: system data (roles, …) of JeecgBoot's multi-tenant mode: rows belong to a tenant
   * the same way, but the platform (tenant 0: users without tenants) sees and changes every
   * tenant's rows, and unique fields stay unique across tenants (codes users sign in with or
   * the code refers to), unless `tenantUnique`.
   * `'shared'`: rows of tenant 0 (the platform's) are shared: every tenant reads them, only the
   * platform changes them; a tenant reads and changes its own rows as well; unique fields are
   * unique within a tenant (dictionaries, issue 16).
   */
  tenant: boolean | 'system' | 'shared';
  /** `tenant: 'system'`: unique fields are unique within the row's tenant (role codes). */
  tenantUnique?: boolean;
  /**
   * `string` (default): 32-hex UUIDv7 ids made by the server. `int`: positive integer ids
   * (JeecgBoot's tenant ids), the next one (from 1000) given by the server on add.
   */
  idType: 'string' | 'int';
  /**
   * The resource also serves a dictionary: `code` is the dictionary code other fields name
   * (`dict: 'srm_unit'`), its items are the rows' `value` field with the `text` field as
   * text, limited to the rows where `active.field` equals `active.value`, in the default
   * sort. Master data kept as a table, offered everywhere as a plain dictionary.
   */
  dictionary?: ResourceDictionary<K>;
  /**
   * The document number: on add, `field` (read-only) gets the next code of the code rule `rule`
   * (编码规则, per tenant: X-9), unless the module's hook gave one.
   */
  numbering?: { field: K; rule: string };
  /**
   * A workflow document (issue 17): the generic routes add one `POST <path>/<action>` per
   * transition, `GET <path>/logs`, `GET <path>/statusCount`; edit and delete only in the
   * editable states; supplier users see their own rows only, from `supplierVisibleFrom`.
   */
  workflow?: ResourceWorkflow<K>;
};

export type ResourceWorkflow<K extends string = string> = {
  def: WorkflowDef;
  /** The status field (a readOnly field of the definition). */
  status: K;
  /** The states in which the document is edited and deleted (drafts). */
  editable: readonly string[];
  /** The field naming the supplier that owns the document (X-5 isolation); none: suppliers never see it. */
  supplierField?: K;
  /** Fields holding the document's attachments (comma-joined stored file paths), shown in the detail. */
  attachments?: readonly K[];
  /** The field whose amount the print view writes out in Chinese capitals (decimal string, X-6). */
  amountField?: K;
  /** The document's line sets by body key (`lines`, `payPlan`): replaced with the draft, returned by queryById. */
  lines?: Readonly<Record<string, LineSetDef>>;
  /** Header fields (read-only) computed server-side as the sum of a line field. */
  totals?: Readonly<Partial<Record<K, LineTotalDef>>>;
};

export type ResourceDictionary<K extends string = string> = {
  code: string;
  value: K;
  text: K;
  active?: { field: K; value: string };
};

export type ResourceAction = 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'export' | 'import';

/** The permission code of an action on a resource: `position:add`. */
export function permissionCode(def: Pick<ResourceDef, 'permission'>, action: ResourceAction): string {
  return `${def.permission}:${action}`;
}

const ALL: Capabilities = {
  detail: true,
  add: true,
  edit: true,
  delete: true,
  deleteBatch: true,
  export: true,
  import: true,
};

export type ResourceInput<K extends string> = Omit<
  ResourceDef<K>,
  'capabilities' | 'softDelete' | 'tenant' | 'idType' | 'defaultSort' | 'dictionary' | 'workflow' | 'numbering'
> & {
  capabilities?: Partial<Capabilities>;
  softDelete?: boolean;
  tenant?: boolean | 'system' | 'shared';
  idType?: 'string' | 'int';
  defaultSort?: { field: NoInfer<K> | 'createTime'; order: 'asc' | 'desc' };
  dictionary?: ResourceDictionary<NoInfer<K>>;
  workflow?: ResourceWorkflow<NoInfer<K>>;
  numbering?: { field: NoInfer<K>; rule: string };
};

/** Fills in the defaults and checks the definition is coherent (a mistake fails at start-up, not on a user). */
export function defineResource<K extends string>(input: ResourceInput<K>): ResourceDef<K> {
  const def: ResourceDef<K> = {
    ...input,
    capabilities: { ...ALL, ...input.capabilities },
    softDelete: input.softDelete ?? false,
    tenant: input.tenant ?? false,
    idType: input.idType ?? 'string',
    defaultSort: input.defaultSort ?? { field: 'createTime', order: 'desc' },
  };
  if (!/^[a-z][A-Za-z0-9]*$/.test(def.key)) throw new Error(`resource key must be camelCase: ${def.key}`);
  if (!/^[a-z][a-z0-9_]*$/.test(def.table)) throw new Error(`resource table must be snake_case: ${def.table}`);
  if (def.numbering && !(def.fields[def.numbering.field] as FieldDef | undefined)?.readOnly)
    throw new Error(`${def.key}: the numbered field must be a read-only field`);
  for (const [name, f] of Object.entries(def.fields) as [string, FieldDef][]) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`${def.key}.${name}: field names are camelCase`);
    if (f.type === 'dict' && !f.dict) throw new Error(`${def.key}.${name}: a dict field names its dictionary`);
    if (f.column && !/^[a-z][a-z0-9_]*$/.test(f.column)) throw new Error(`${def.key}.${name}: bad column ${f.column}`);
    for (const o of f.alsoMatches ?? [])
      if (!(o in def.fields)) throw new Error(`${def.key}.${name}: alsoMatches an unknown field ${o}`);
    if (name === 'tenantId' || columnOf(name, f) === 'tenant_id')
      throw new Error(`${def.key}.${name}: tenant_id is set by the server (tenant: true)`);
  }
  // Dictionaries are global: a tenant's rows cannot back one every tenant reads.
  if (def.dictionary && def.tenant) throw new Error(`${def.key}: a resource serving a dictionary is not per tenant`);
  const wf = def.workflow;
  if (wf) {
    const fields = def.fields as Record<string, FieldDef | undefined>;
    if (!fields[wf.status]?.readOnly) throw new Error(`${def.key}: the workflow status must be a readOnly field`);
    if (wf.supplierField && !fields[wf.supplierField]) throw new Error(`${def.key}: unknown supplier field`);
    for (const f of [...(wf.attachments ?? []), ...(wf.amountField ? [wf.amountField] : [])])
      if (!fields[f]) throw new Error(`${def.key}: unknown workflow field ${f}`);
    for (const s of wf.editable) if (!(s in wf.def.states)) throw new Error(`${def.key}: unknown editable state ${s}`);
    for (const [f, t] of Object.entries(wf.totals ?? {}) as [string, LineTotalDef][])
      if (!fields[f]?.readOnly || !wf.lines?.[t.lines]?.fields[t.field])
        throw new Error(`${def.key}: total ${f} needs a readOnly field and a line field`);
    for (const name of Object.keys(wf.lines ?? {}))
      if (fields[name]) throw new Error(`${def.key}: line set ${name} clashes with a field`);
  }
  return def;
}

/** Whether a resource's unique fields are unique within a tenant (else across the installation). */
export function uniquePerTenant(def: Pick<ResourceDef, 'tenant' | 'tenantUnique'>): boolean {
  return def.tenant === true || def.tenant === 'shared' || (def.tenant === 'system' && def.tenantUnique === true);
}

/** snake_case of a camelCase name: `createTime` → `create_time`. */
export function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function columnOf(name: string, field: FieldDef): string {
  return field.column ?? toSnake(name);
}

export function fieldEntries<K extends string>(def: ResourceDef<K>): [K, FieldDef][] {
  return Object.entries(def.fields) as [K, FieldDef][];
}

export const isInForm = (f: FieldDef) => f.form ?? !f.readOnly;
export const isInList = (f: FieldDef) => f.list ?? true;
export const isInDetail = (f: FieldDef) => f.detail ?? true;
