import { add, compare, subtract, trim } from '@procura/shared';
import { badRequest, businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';

/**
 * What became of a final award's lines (§13 follow-up, CON-1, PO-3): the award line's
 * `qtyContracted` (the whole awarded quantity once one contract is made from the line, zero
 * again when that contract is deleted or cancelled) and `qtyOrdered` (Σ ordered, never above the
 * awarded quantity). Both move in the caller's transaction and only if still as read (X-4), so two
 * buyers generating at once cannot both win.
 */

/** One awarded line of a supplier with what its sourcing line says about the material. */
export type AwardedLine = {
  id: string;
  awardId: string;
  supplierId: string;
  supplierName: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  qtyContracted: string;
  qtyOrdered: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string;
  spec: string | null;
  categoryId: string | null;
  unit: string;
  needByDate: string | null;
  deliveryPlace: string | null;
};

/** The final award of the tenant (refused otherwise) with its event's title and currency. */
export async function finalAward(db: Db, tenantId: number, awardId: string) {
  const award = await db
    .selectFrom('sourcingAward as a')
    .innerJoin('sourcingEvent as e', 'e.id', 'a.eventId')
    .select([
      'a.id',
      'a.code',
      'a.status',
      'a.priceValidFrom',
      'a.priceValidTo',
      'e.id as eventId',
      'e.title',
      'e.type',
      'e.currency',
    ])
    .where('a.id', '=', awardId)
    .where('a.tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!award || award.status !== 'FINAL')
    throw badRequest('定标单不存在或尚未定标完成', { sourceAwardId: '定标单不存在或尚未定标完成' });
  return award;
}

/** The award's lines, of one supplier or all, in line order. */
export async function awardedLines(db: Db, awardId: string, supplierId?: string): Promise<AwardedLine[]> {
  let q = db
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select([
      'a.id',
      'a.awardId',
      'a.supplierId',
      'a.supplierName',
      'a.qty',
      'a.unitPrice',
      'a.taxRate',
      'a.qtyContracted',
      'a.qtyOrdered',
      'l.lineNo',
      'l.materialId',
      'l.materialCode',
      'l.materialName',
      'l.spec',
      'l.categoryId',
      'l.unit',
      'l.needByDate',
      'l.deliveryPlace',
    ])
    .where('a.awardId', '=', awardId);
  if (supplierId) q = q.where('a.supplierId', '=', supplierId);
  return q.orderBy('l.lineNo').orderBy('a.supplierName').execute();
}

/** The contract (not cancelled) holding an award line, for the refusal's message. */
async function contractOfLine(db: Db, awardLineId: string): Promise<string | null> {
  const row = await db
    .selectFrom('srmContractLine as l')
    .innerJoin('srmContract as c', 'c.id', 'l.contractId')
    .select('c.code')
    .where('l.awardLineId', '=', awardLineId)
    .where('c.status', '<>', 'CANCELLED')
    .executeTakeFirst();
  return row?.code ?? null;
}

/**
 * CON-1: one contract per award line. Claims each line for a new contract; a line already in a
 * contract refuses the whole contract, naming the line and the contract.
 */
export async function contractAwardLines(db: Db, lines: readonly AwardedLine[]): Promise<void> {
  for (const l of lines) {
    const moved = await db
      .updateTable('sourcingAwardLine')
      .set({ qtyContracted: l.qty })
      .where('id', '=', l.id)
      .where('qtyContracted', '=', '0')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      const code = await contractOfLine(db, l.id);
      throw businessError(
        `定标明细第${l.lineNo}行（${l.materialName}）已生成合同${code ? ` ${code}` : ''}，不能重复生成合同（CON-1）`,
      );
    }
  }
}

/** A deleted or cancelled contract gives its award lines back (another contract may be made from them). */
export async function uncontractAwardLines(db: Db, awardLineIds: readonly string[]): Promise<void> {
  if (awardLineIds.length === 0) return;
  await db
    .updateTable('sourcingAwardLine')
    .set({ qtyContracted: '0' })
    .where('id', 'in', [...awardLineIds])
    .execute();
}

/** What is left to order of an award line. */
export const awardRemaining = (l: Pick<AwardedLine, 'qty' | 'qtyOrdered'>): string => subtract(l.qty, l.qtyOrdered, 6);

/** PO-3: Σ ordered per award line ≤ the awarded quantity; moves `qtyOrdered` only if still as read. */
export async function orderAwardLines(db: Db, taken: readonly { awardLineId: string; qty: string }[]): Promise<void> {
  for (const t of taken) {
    const line = await db
      .selectFrom('sourcingAwardLine')
      .select(['id', 'qty', 'qtyOrdered'])
      .where('id', '=', t.awardLineId)
      .executeTakeFirst();
    if (!line) throw businessError('定标明细不存在', { rule: 'PO-3' });
    const next = trim(add([line.qtyOrdered, t.qty], 6));
    if (compare(next, line.qty) > 0)
      throw businessError(`订货数量超过定标数量：定标 ${trim(line.qty)}，剩余可下单 ${awardRemaining(line)}`, {
        rule: 'PO-3',
      });
    const moved = await db
      .updateTable('sourcingAwardLine')
      .set({ qtyOrdered: next })
      .where('id', '=', line.id)
      .where('qtyOrdered', '=', line.qtyOrdered)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw businessError('定标明细已被他人下单，请重试', { rule: 'PO-3' });
  }
}

/** An order's award lines given back (draft edited or deleted, order cancelled). */
export async function unorderAwardLines(db: Db, given: readonly { awardLineId: string; qty: string }[]): Promise<void> {
  for (const g of given) {
    const line = await db
      .selectFrom('sourcingAwardLine')
      .select(['id', 'qtyOrdered'])
      .where('id', '=', g.awardLineId)
      .executeTakeFirst();
    if (!line) continue;
    const back = subtract(line.qtyOrdered, g.qty, 6);
    await db
      .updateTable('sourcingAwardLine')
      .set({ qtyOrdered: back.startsWith('-') ? '0' : back })
      .where('id', '=', line.id)
      .execute();
  }
}
