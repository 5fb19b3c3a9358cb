import { AppError, badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { addDays, businessDayCompact, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { wireDateMessage } from '../../http/wire.js';
import { amountReaches, isAmount } from '../approval/approval-amount.js';

/** One price for a supplier and a material (domain §3 PriceRecord). Awards and contracts call `recordPrice`. */
export type PriceInput = {
  tenantId: number;
  supplierId: string;
  materialId: string;
  orgCode?: string | null;
  currency?: string | null;
  unitPrice: string;
  taxRate: string;
  ladder?: string | null;
  /** yyyy-MM-dd */
  validFrom: string;
  validTo: string;
  sourceType: 'AWARD' | 'CONTRACT' | 'MANUAL';
  sourceId?: string | null;
  remark?: string | null;
  createBy: string;
};

/** MAT-5: ladder breaks strictly increasing in fromQty, the first at 0; prices valid amounts. Returns the normalised JSON. */
export function checkLadder(ladder: string | null | undefined): string | null {
  if (ladder === null || ladder === undefined || ladder.trim() === '') return null;
  let breaks: unknown;
  try {
    breaks = JSON.parse(ladder);
  } catch {
    throw badRequest('阶梯价格式不正确', { ladder: '阶梯价格式不正确，请逐档填写起订量和单价' });
  }
  const bad = (message: string) => badRequest(message, { ladder: message });
  if (!Array.isArray(breaks) || breaks.length === 0) throw bad('阶梯价至少填写一档起订量和单价');
  const rows = breaks.map((b: unknown) => {
    const r = b as { fromQty?: unknown; unitPrice?: unknown };
    const fromQty = String(r.fromQty ?? '');
    const unitPrice = String(r.unitPrice ?? '');
    if (!isAmount(fromQty) || !isAmount(unitPrice)) throw bad('阶梯价的起订量和单价必须是不小于0的数字');
    return { fromQty, unitPrice };
  });
  if (Number(rows[0]!.fromQty) !== 0) throw bad('第一档阶梯价的起订量必须为 0');
  for (let i = 1; i < rows.length; i++) {
    if (amountReaches(rows[i - 1]!.fromQty, rows[i]!.fromQty)) throw bad('阶梯价的起订量必须严格递增');
  }
  return JSON.stringify(rows);
}

/**
 * Writes a price record. MAT-4: records of the same supplier, material, purchasing entity and
 * currency never overlap; a record starting later supersedes the current one, whose validTo
 * becomes the day before the new validFrom. One that would start inside or before a later
 * record is refused. MAT-3: the material must be active.
 */
export async function recordPrice(trx: Db, input: PriceInput): Promise<string> {
  const row = await preparePrice(trx, input);
  await trx.insertInto('srmPriceRecord').values(row).execute();
  return row.id;
}

/** Checks and supersedes as `recordPrice` does, returning the row to insert (the generic add route inserts it itself). */
export async function preparePrice(trx: Db, input: PriceInput) {
  const orgCode = input.orgCode?.trim() ?? '';
  const currency = input.currency || 'CNY';
  // Every field error at once, each beside its field (issue 19 item 10): the form is fixed in one go.
  const errors: Record<string, string> = {};
  const fromDay = wireDateMessage(input.validFrom, '生效日期');
  const toDay = wireDateMessage(input.validTo, '失效日期');
  if (fromDay) errors.validFrom = fromDay;
  if (toDay) errors.validTo = toDay;
  if (!fromDay && !toDay && input.validTo < input.validFrom) errors.validTo = '失效日期不能早于生效日期';
  if (!isAmount(input.unitPrice)) errors.unitPrice = '不含税单价必须是不小于0的数字';
  if (!isAmount(input.taxRate) || !amountReaches('100', input.taxRate)) errors.taxRate = '税率在 0 到 100 之间';
  let ladder: string | null = null;
  try {
    ladder = checkLadder(input.ladder);
  } catch (e) {
    const ladderError =
      e instanceof AppError ? (e.result as { errors?: Record<string, string> } | null)?.errors?.ladder : undefined;
    if (!ladderError) throw e;
    errors.ladder = ladderError;
  }
  const material = await trx
    .selectFrom('srmMaterial')
    .select(['status'])
    .where('id', '=', input.materialId)
    .where('tenantId', '=', input.tenantId)
    .executeTakeFirst();
  if (!material) errors.materialId = '物料不存在';
  const supplier = await trx
    .selectFrom('supplier')
    .select('id')
    .where('id', '=', input.supplierId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!supplier) errors.supplierId = '供应商不存在';
  const messages = Object.values(errors);
  if (messages.length) throw badRequest(messages.join('；'), errors);
  if (material!.status !== 'ACTIVE') throw businessError('物料未启用或已停用，不能登记价格（MAT-3）');

  const same = await trx
    .selectFrom('srmPriceRecord')
    .select(['id', 'validFrom', 'validTo'])
    .where('tenantId', '=', input.tenantId)
    .where('supplierId', '=', input.supplierId)
    .where('materialId', '=', input.materialId)
    .where('orgCode', '=', orgCode)
    .where('currency', '=', currency)
    .where('validTo', '>=', input.validFrom)
    .execute();
  for (const old of same) {
    if (old.validFrom >= input.validFrom) {
      throw businessError(
        `与已有价格记录的有效期重叠（${old.validFrom} 至 ${old.validTo}），新记录须晚于其生效日期（MAT-4）`,
      );
    }
  }
  const now = serverNowIso();
  for (const old of same) {
    await trx
      .updateTable('srmPriceRecord')
      .set({ validTo: addDays(input.validFrom, -1), status: 'SUPERSEDED', updateBy: input.createBy, updateTime: now })
      .where('id', '=', old.id)
      .execute();
  }
  return {
    id: newId(),
    tenantId: input.tenantId,
    supplierId: input.supplierId,
    materialId: input.materialId,
    orgCode,
    currency,
    unitPrice: input.unitPrice,
    taxRate: input.taxRate,
    ladder,
    validFrom: input.validFrom,
    validTo: input.validTo,
    sourceType: input.sourceType,
    sourceId: input.sourceId ?? null,
    status: 'ACTIVE',
    remark: input.remark ?? null,
    createBy: input.createBy,
    createTime: now,
    updateBy: null,
    updateTime: null,
  };
}

/** The price in force for a supplier and material on a day (orders read it), or undefined. */
export async function priceOn(
  db: Db,
  key: { tenantId: number; supplierId: string; materialId: string; orgCode?: string; currency?: string },
  day: string,
) {
  return db
    .selectFrom('srmPriceRecord')
    .selectAll()
    .where('tenantId', '=', key.tenantId)
    .where('supplierId', '=', key.supplierId)
    .where('materialId', '=', key.materialId)
    .where('orgCode', '=', key.orgCode ?? '')
    .where('currency', '=', key.currency ?? 'CNY')
    .where('validFrom', '<=', day)
    .where('validTo', '>=', day)
    .executeTakeFirst();
}

/**
 * ACTIVE → EXPIRED once validTo has passed (the SYS transition of §3), in the business
 * timezone. Run before prices are listed or exported; readers of a price never rely on the
 * status, they test the validity dates.
 */
export async function expireDuePrices(db: Db, tenantId: number): Promise<void> {
  const day = businessDayCompact();
  const today = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
  await db
    .updateTable('srmPriceRecord')
    .set({ status: 'EXPIRED', updateTime: serverNowIso() })
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where('validTo', '<', today)
    .execute();
}
