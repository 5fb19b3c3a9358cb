import type { Kysely } from 'kysely';
import { newId } from '../core/ids.js';
import type { Database } from '../db/schema.js';
import { MODULES } from '../modules/index.js';

type Audit = { createBy: string; createTime: string; updateBy: null; updateTime: null };

export function parseDictItems(items: string): { value: string; text: string }[] {
  return items.split(' · ').map((pair) => {
    const at = pair.indexOf(' ');
    return { value: pair.slice(0, at), text: pair.slice(at + 1) };
  });
}

/** Adds every module's dictionaries an installation has not received yet (see `syncBaseData`). */
export async function syncDictionaries(
  trx: Kysely<Database>,
  apply: (key: string) => boolean,
  audit: Audit,
): Promise<void> {
  const dictCodes = new Set((await trx.selectFrom('sysDict').select('dictCode').execute()).map((d) => d.dictCode));
  for (const [dictCode, dictName, items] of MODULES.flatMap((m) => m.dictionaries ?? [])) {
    if (!apply(`dict:${dictCode}`) || dictCodes.has(dictCode)) continue;
    const dictId = newId();
    await trx
      .insertInto('sysDict')
      .values({ id: dictId, dictCode, dictName, description: null, delFlag: 0, ...audit })
      .execute();
    let sortOrder = 0;
    for (const item of parseDictItems(items)) {
      await trx
        .insertInto('sysDictItem')
        .values({
          id: newId(),
          dictId,
          itemValue: item.value,
          itemText: item.text,
          description: null,
          sortOrder: sortOrder++,
          status: 1,
          ...audit,
        })
        .execute();
    }
  }
}
