import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DictItem } from '@procura/shared';
import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import {
  dictColumn,
  dictTable,
  parseCondition,
  parseTableDictCode,
  type DictCaller,
  type DictTable,
  type Filters,
} from './dict-tables.js';

// Table and column names reaching these queries come from DICT_TABLES only (checked by the
// parsers of dict-tables.ts); every value is a bound parameter.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Most options one search answers: a search-select is for finding, not listing everything. */
export const DICT_SEARCH_LIMIT = 200;

/** A tree select node (jeecg-api.md §5: the JSON key is `leaf`). */
export type TreeNode = {
  key: string;
  title: string;
  value: string;
  code: string;
  leaf: boolean;
  parentId: string | null;
};
/** A linked-dropdown option. */
export type SelectOption = { id: string; store: string; label: string };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function scoped(q: AnyQuery, def: DictTable, filters: Filters, caller: DictCaller): AnyQuery {
  let out = def.live ? q.where(def.live.column, '=', def.live.value) : q;
  if (def.tenant) out = out.where(def.tenant, '=', caller.tenantId);
  for (const [column, value] of filters) out = out.where(column, '=', value);
  return out;
}

export class DictTableService {
  private readonly db: AnyDb;
  constructor(db: Db) {
    this.db = db as unknown as AnyDb;
  }

  /** `loadDict/{table,text,code[,cond]}`: options whose text or value contains the keyword (commas: any of the exact values). */
  async search(
    rawCode: string,
    keyword: string,
    pageSize: number | undefined,
    caller: DictCaller,
  ): Promise<DictItem[]> {
    const d = parseTableDictCode(rawCode, caller);
    let q = scoped(
      this.db.selectFrom(d.table).select([`${d.text} as txt`, `${d.code} as val`]),
      d.def,
      d.filters,
      caller,
    );
    const kw = keyword.trim();
    if (kw.includes(',')) {
      const values = kw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length > 0) q = q.where((eb) => eb.or([eb(d.text, 'in', values), eb(d.code, 'in', values)]));
    } else if (kw !== '') {
      const like = `%${escapeLike(kw)}%`;
      q = q.where((eb) =>
        eb.or([
          sql<boolean>`${sql.ref(d.text)} like ${like} escape ${'\\'}`,
          sql<boolean>`${sql.ref(d.code)} like ${like} escape ${'\\'}`,
        ]),
      );
    }
    const limit = Math.min(pageSize && pageSize > 0 ? pageSize : DICT_SEARCH_LIMIT, DICT_SEARCH_LIMIT);
    const rows = (await q.orderBy(d.code).limit(limit).execute()) as { txt: unknown; val: unknown }[];
    return rows.map((r) => ({ value: text(r.val), text: text(r.txt), title: text(r.txt), label: text(r.txt) }));
  }

  /** `loadDictItem/{table,text,code}`: the texts of the keys, in the keys' order; unknown keys dropped or echoed. */
  async texts(rawCode: string, keys: string[], delNotExist: boolean, caller: DictCaller): Promise<string[]> {
    const d = parseTableDictCode(rawCode, caller);
    if (keys.length === 0) return [];
    const q = scoped(
      this.db
        .selectFrom(d.table)
        .select([`${d.text} as txt`, `${d.code} as val`])
        .where(d.code, 'in', keys),
      d.def,
      d.filters,
      caller,
    );
    const rows = (await q.execute()) as { txt: unknown; val: unknown }[];
    const byValue = new Map(rows.map((r) => [text(r.val), text(r.txt)]));
    return keys.flatMap((k) => (byValue.has(k) ? [byValue.get(k)!] : delNotExist ? [] : [k]));
  }

  /** `loadTreeData`: one level of an allow-listed table's tree (roots when `pid` is empty). */
  async treeLevel(
    p: {
      tableName: string;
      text: string;
      code: string;
      pidField: string;
      pid?: string;
      hasChildField?: string;
      condition?: string;
    },
    caller: DictCaller,
  ): Promise<TreeNode[]> {
    const def = dictTable(p.tableName, caller);
    const textCol = dictColumn(def, p.text, 'text');
    const codeCol = dictColumn(def, p.code, 'code');
    const pidCol = dictColumn(def, p.pidField, 'pidField');
    const hasChildCol = p.hasChildField ? dictColumn(def, p.hasChildField, 'hasChildField') : null;
    const filters = parseCondition(def, p.condition);
    const idCol = def.columns.includes('id') ? 'id' : codeCol;
    let q = scoped(
      this.db
        .selectFrom(p.tableName)
        .select([`${idCol} as nid`, `${textCol} as txt`, `${codeCol} as val`, `${pidCol} as parent`]),
      def,
      filters,
      caller,
    );
    q = p.pid ? q.where(pidCol, '=', p.pid) : q.where((eb) => eb.or([eb(pidCol, 'is', null), eb(pidCol, '=', '')]));
    if (hasChildCol) q = q.select(`${hasChildCol} as hc`);
    const rows = (await q.orderBy(codeCol).limit(1000).execute()) as {
      nid: unknown;
      txt: unknown;
      val: unknown;
      parent: unknown;
      hc?: unknown;
    }[];
    const parents = hasChildCol
      ? null
      : await this.withChildren(
          p.tableName,
          def,
          pidCol,
          rows.map((r) => text(r.nid)),
          caller,
        );
    return rows.map((r) => {
      const key = text(r.nid);
      const leaf = hasChildCol ? text(r.hc) !== '1' : !parents!.has(key);
      return {
        key,
        title: text(r.txt),
        value: key,
        code: text(r.val),
        leaf,
        parentId: r.parent ? text(r.parent) : null,
      };
    });
  }

  /** `querySelectOptions`: one level of linked dropdowns; the first (the roots) by `condition`, later ones by the parent's id. */
  async linkedOptions(
    p: {
      table: string;
      txt: string;
      key: string;
      idField: string;
      pidField: string;
      condition?: string;
      pidValue?: string;
    },
    caller: DictCaller,
  ): Promise<SelectOption[]> {
    const def = dictTable(p.table, caller);
    const txt = dictColumn(def, p.txt, 'txt');
    const key = dictColumn(def, p.key, 'key');
    const idField = dictColumn(def, p.idField, 'idField');
    const pidField = dictColumn(def, p.pidField, 'pidField');
    let q = this.db.selectFrom(p.table).select([`${idField} as nid`, `${key} as store`, `${txt} as label`]);
    if (p.pidValue !== undefined && p.pidValue !== '') {
      q = scoped(q, def, [], caller).where(pidField, '=', p.pidValue);
    } else {
      // The first level: the roots, narrowed by the caller's condition.
      q = scoped(q, def, parseCondition(def, p.condition), caller).where((eb) =>
        eb.or([eb(pidField, 'is', null), eb(pidField, '=', '')]),
      );
    }
    const rows = (await q
      .orderBy(key)
      .limit(DICT_SEARCH_LIMIT * 5)
      .execute()) as { nid: unknown; store: unknown; label: unknown }[];
    return rows.map((r) => ({ id: text(r.nid), store: text(r.store), label: text(r.label) }));
  }

  /** Which of the ids have at least one live child. */
  private async withChildren(
    table: string,
    def: DictTable,
    pidCol: string,
    ids: string[],
    caller: DictCaller,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = (await scoped(
      this.db.selectFrom(table).select(`${pidCol} as parent`).where(pidCol, 'in', ids),
      def,
      [],
      caller,
    )
      .groupBy(pidCol)
      .execute()) as { parent: unknown }[];
    return new Set(rows.map((r) => text(r.parent)));
  }
}
