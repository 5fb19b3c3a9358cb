import { sql, type Kysely } from 'kysely';
import { columnOf, resourceDictionaries, type DictItem, type DictMap, type ResourceDef } from '@procura/shared';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { CacheVersions, VersionedCache } from '../../core/cache-versions.js';

/** A plain dictionary code. Table dictionaries (`table,text,code`) come through an allow-list in a later module. */
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

const toItem = (r: { itemValue: string; itemText: string }): DictItem => ({
  value: r.itemValue,
  text: r.itemText,
  title: r.itemText,
  label: r.itemText,
});

/**
 * The items of a dictionary served by a resource table (`dictionary` in its definition):
 * its active rows in the resource's default order. Table and column names come from the
 * definition, never from a request.
 */
async function tableItems(db: Db, def: ResourceDef): Promise<DictItem[]> {
  const d = def.dictionary!;
  const col = (field: string) => sql.ref(columnOf(field, def.fields[field]!));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table comes from a definition
  let q = (db as unknown as Kysely<any>)
    .selectFrom(def.table)
    .select([col(d.value).as('itemValue'), col(d.text).as('itemText')]);
  if (d.active) q = q.where(col(d.active.field), '=', d.active.value);
  const sort = def.defaultSort;
  q = q.orderBy(col(sort.field === 'createTime' ? 'createTime' : sort.field), sort.order).orderBy(col(d.value));
  const rows = (await q.execute()) as { itemValue: string; itemText: string }[];
  return rows.map(toItem);
}

type DictRow = { dictCode: string; tenantId: number; itemValue: string; itemText: string };

/**
 * Dictionaries per tenant (issue 16): tenant 0's are the platform's, shared by every tenant; a
 * tenant may keep its own, and a code it has itself is read from its own dictionary instead of
 * the shared one. The rows of `tenantId` (shared ones last) by code: the tenant's first.
 */
function resolve(rows: readonly DictRow[], tenantId: number): Map<string, DictRow[]> {
  const own = new Map<string, DictRow[]>();
  const shared = new Map<string, DictRow[]>();
  for (const r of rows) {
    const into = r.tenantId === tenantId ? own : r.tenantId === 0 ? shared : undefined;
    if (into) (into.get(r.dictCode) ?? into.set(r.dictCode, []).get(r.dictCode)!).push(r);
  }
  for (const [code, items] of shared) if (!own.has(code)) own.set(code, items);
  return own;
}

export class DictService {
  /**
   * Every enabled item of every tenant's sys_dict dictionaries, read for each list's
   * `_dictText`: kept until any change to sys_dict or sys_dict_item bumps the `dict` stamp
   * (migration 0054), then resolved per tenant in memory. Dictionaries served by resource
   * tables are read each time (no stamp covers their tables).
   */
  private readonly enabled: VersionedCache<DictRow[]>;

  constructor(
    private readonly db: Db,
    versions: CacheVersions,
  ) {
    this.enabled = versions.cache<DictRow[]>('dict', 1);
  }

  private enabledRows(): Promise<DictRow[]> {
    return this.enabled.get('', () =>
      this.db
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as d', 'd.id', 'i.dictId')
        .select(['d.dictCode', 'd.tenantId', 'i.itemValue', 'i.itemText'])
        .where('i.status', '=', 1)
        .where('d.delFlag', '=', 0)
        .orderBy('d.dictCode')
        .orderBy('i.sortOrder')
        .orderBy('i.itemValue')
        .execute(),
    );
  }

  /** Every enabled item of every dictionary `tenantId` reads, ordered: the login payload and `queryAllDictItems`. */
  async allItems(tenantId = 0): Promise<DictMap> {
    const map: DictMap = {};
    for (const [code, rows] of resolve(await this.enabledRows(), tenantId)) map[code] = rows.map(toItem);
    for (const [code, def] of Object.entries(resourceDictionaries)) map[code] = await tableItems(this.db, def);
    return map;
  }

  /**
   * The enabled items of one dictionary as `tenantId` reads it (its own of that code, else the
   * platform's shared one); a malformed code is refused (SQLI-1).
   */
  async items(code: string, tenantId = 0): Promise<DictItem[]> {
    if (!DICT_CODE.test(code)) throw badRequest('字典Code格式不正确！');
    const served = Object.hasOwn(resourceDictionaries, code) ? resourceDictionaries[code] : undefined;
    if (served) return tableItems(this.db, served);
    // JeecgBoot answers an unknown code with an empty list; stock forms ask for codes we do not seed.
    return (resolve(await this.enabledRows(), tenantId).get(code) ?? []).map(toItem);
  }

  /**
   * value → text maps of several dictionaries, as `tenantId` reads them, for `<field>_dictText`
   * on list records. Codes come from the server's own list definitions, never from the request.
   */
  async textMaps<C extends string>(codes: readonly C[], tenantId = 0): Promise<Record<C, Map<string, string>>> {
    const maps = Object.fromEntries(codes.map((c) => [c, new Map<string, string>()])) as Record<C, Map<string, string>>;
    const resolved = resolve(await this.enabledRows(), tenantId);
    for (const code of codes) for (const r of resolved.get(code) ?? []) maps[code].set(r.itemValue, r.itemText);
    for (const code of codes) {
      const served = Object.hasOwn(resourceDictionaries, code) ? resourceDictionaries[code] : undefined;
      if (served) for (const i of await tableItems(this.db, served)) maps[code].set(i.value, i.text);
    }
    return maps;
  }
}
