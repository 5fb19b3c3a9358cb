import type { Kysely } from 'kysely';
import { newId } from '../core/ids.js';
import type { Database } from '../db/schema.js';
import { MODULES } from '../modules/index.js';

/** Every module's document number rules, in the order of the module list. */
export const DOCUMENT_PREFIXES = MODULES.flatMap((m) => m.fillRules ?? []);

type Audit = { createBy: string; createTime: string; updateBy: null; updateTime: null };

/**
 * Adds the base check and fill rules an installation has not received yet (`apply(key)` is
 * the base-data ledger of `syncBaseData`); rules an administrator already has are kept.
 */
export async function syncCodeRules(
  trx: Kysely<Database>,
  apply: (key: string) => boolean,
  audit: Audit,
): Promise<void> {
  const checkCodes = new Set(
    (await trx.selectFrom('sysCheckRule').select('ruleCode').execute()).map((r) => r.ruleCode),
  );
  for (const r of MODULES.flatMap((m) => m.checkRules ?? [])) {
    if (!apply(`checkRule:${r.ruleCode}`) || checkCodes.has(r.ruleCode)) continue;
    await trx
      .insertInto('sysCheckRule')
      .values({
        id: newId(),
        ruleCode: r.ruleCode,
        ruleName: r.ruleName,
        ruleJson: JSON.stringify(r.items),
        ruleDescription: r.description,
        ...audit,
      })
      .execute();
  }
  const fillCodes = new Set((await trx.selectFrom('sysFillRule').select('ruleCode').execute()).map((r) => r.ruleCode));
  for (const [prefix, name] of DOCUMENT_PREFIXES) {
    if (!apply(`fillRule:${prefix}`) || fillCodes.has(prefix)) continue;
    await trx
      .insertInto('sysFillRule')
      .values({
        id: newId(),
        ruleCode: prefix,
        ruleName: name,
        prefix,
        dateFormat: 'yyyyMMdd',
        seqDigits: 4,
        seqReset: 'day',
        ruleDescription: `${prefix}-yyyyMMdd-NNNN，每天重新编号`,
        ...audit,
      })
      .execute();
  }
}
