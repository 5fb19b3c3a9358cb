import type { Db } from '../../db/database.js';

/**
 * JeecgBoot's user list shows department names in `orgCodeTxt` and `departIds_dictText`
 * (jeecg-api.md §7.6). Procura has one user–department link, so both name the departments
 * the user belongs to, and `departIds` holds their ids. One query for the whole page.
 */
export async function withDepartTexts<T extends { id: string }>(
  db: Db,
  records: T[],
): Promise<(T & { departIds: string; orgCodeTxt: string | null; departIds_dictText: string | null })[]> {
  const ids = records.map((r) => r.id);
  const links = ids.length
    ? await db
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
        .select(['ud.userId', 'd.id', 'd.departName'])
        .where('ud.userId', 'in', ids)
        .where('d.delFlag', '=', 0)
        .orderBy('d.departOrder')
        .orderBy('d.id')
        .execute()
    : [];
  const byUser = new Map<string, { id: string; name: string }[]>();
  for (const l of links) {
    const list = byUser.get(l.userId) ?? [];
    list.push({ id: l.id, name: l.departName });
    byUser.set(l.userId, list);
  }
  return records.map((r) => {
    const departs = byUser.get(r.id) ?? [];
    const names = departs.length ? departs.map((d) => d.name).join(',') : null;
    return { ...r, departIds: departs.map((d) => d.id).join(','), orgCodeTxt: names, departIds_dictText: names };
  });
}
