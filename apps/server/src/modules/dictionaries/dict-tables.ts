import { badRequest, forbidden } from '../../core/errors.js';

/**
 * The tables a table dictionary, tree select or linked dropdown may read, and the columns of
 * each it may name (SQLI-1, SQLI-2, CVE-2023-38992). Nothing else ever reaches SQL: names
 * come from this list, values are bound parameters. `live` rows are the only ones shown;
 * `suppliers` says whether supplier users may read the table (people and departments are
 * internal).
 */
export type DictTable = {
  columns: readonly string[];
  live?: { column: string; value: number | string };
  suppliers: boolean;
  /** The list permission of the table's own screen: its dictionary shows nothing that screen would not. */
  permission?: string;
  /** The tenant column: rows of the caller's tenant only. */
  tenant?: string;
};

/** Who asks for a table dictionary: their kind, permission codes and tenant. */
export type DictCaller = { userType: number | undefined; permissions: ReadonlySet<string>; tenantId: number };

export const DICT_TABLES: Readonly<Record<string, DictTable>> = {
  sys_category: { columns: ['id', 'pid', 'name', 'code', 'has_child'], suppliers: true },
  sys_depart: {
    columns: ['id', 'parent_id', 'depart_name', 'org_code', 'org_category', 'status'],
    live: { column: 'del_flag', value: 0 },
    suppliers: false,
    permission: 'depart:list',
  },
  sys_user: {
    columns: ['id', 'username', 'realname', 'org_code', 'status'],
    live: { column: 'del_flag', value: 0 },
    suppliers: false,
    permission: 'user:list',
  },
  sys_position: {
    columns: ['id', 'code', 'name', 'post_rank'],
    suppliers: false,
    permission: 'position:list',
    tenant: 'tenant_id',
  },
};

/**
 * Personal columns (contact details, identity numbers, secrets) are never dictionary columns
 * (issue 16 finding 3), whatever the table list above says: a dictionary is an option list,
 * and these would hand every account's mobile to any signed-in user.
 */
const PERSONAL_COLUMN = /phone|mobile|tel|e_?mail|id_?card|id_?no|password|salt|secret|token|birthday|address/i;

export const DICT_CODE_MESSAGE = '字典Code格式不正确！';
export const CONDITION_MESSAGE = '组件JTreeSelect-condition传值有误，需要一个json字符串!';
const NOT_ALLOWED = '字典表或字段不在允许范围内';

/** Equality filters on allow-listed columns. */
export type Filters = [column: string, value: string | number][];

/** The allow-listed table of a request, refused when unknown or not for this kind of user. */
export function dictTable(name: string, caller: DictCaller): DictTable {
  const table = Object.hasOwn(DICT_TABLES, name) ? DICT_TABLES[name] : undefined;
  if (!table) throw badRequest(NOT_ALLOWED);
  if (caller.userType === 2 && !table.suppliers) throw forbidden();
  if (table.permission && !caller.permissions.has(table.permission)) throw forbidden();
  return table;
}

/** A column of the table, refused when not allow-listed. */
export function dictColumn(table: DictTable, name: string | undefined, label = '字段'): string {
  if (!name || !table.columns.includes(name) || PERSONAL_COLUMN.test(name))
    throw badRequest(NOT_ALLOWED, { [label]: NOT_ALLOWED });
  return name;
}

export type TableDictCode = { table: string; text: string; code: string; filters: Filters };

/**
 * `table,text,code[,condition]`. The condition, where JeecgBoot took raw SQL, is one equality
 * `column=value` (or `column='value'`) on an allow-listed column; anything else is refused.
 */
export function parseTableDictCode(raw: string, caller: DictCaller): TableDictCode & { def: DictTable } {
  const parts = raw.split(',');
  if (parts.length < 3 || parts.length > 4) throw badRequest(DICT_CODE_MESSAGE);
  const [table = '', text = '', code = '', condition] = parts.map((p) => p.trim());
  const def = dictTable(table, caller);
  const filters: Filters = [];
  if (condition !== undefined && condition !== '') {
    const m = /^([a-z_]+)\s*=\s*(?:'([^'\\]*)'|([A-Za-z0-9_\-.]*))$/.exec(condition);
    if (!m) throw badRequest(DICT_CODE_MESSAGE);
    filters.push([dictColumn(def, m[1]), m[2] ?? m[3] ?? '']);
  }
  return { table, text: dictColumn(def, text), code: dictColumn(def, code), filters, def };
}

/**
 * A tree select's `condition`: empty, or a JSON object of equality filters on allow-listed
 * columns (values text or numbers). Anything else gets the widget's own message.
 */
export function parseCondition(def: DictTable, raw: string | undefined): Filters {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(CONDITION_MESSAGE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(CONDITION_MESSAGE);
  return Object.entries(parsed).map(([column, value]) => {
    if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(CONDITION_MESSAGE);
    return [dictColumn(def, column), value];
  });
}
