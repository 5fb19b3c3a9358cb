import type { Config } from '../../config.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { compare } from '@procura/shared';
import { masterKey, openPayload } from './sealing.js';
import { eventFor, logState, moveEvent, notifyBuyer, type Actor, type EventRow } from './sourcing-service.js';

/** What a sealed response holds (§9.4): every price and commercial field. */
export type QuotePayload = {
  totalAmount: string;
  validUntil: string;
  paymentTerms: string | null;
  deliveryTerms: string | null;
  lines: {
    sourcingLineId: string;
    qtyOffered: string;
    unitPrice: string;
    taxRate: string;
    amount: string;
    leadTimeDays: number | null;
    promisedDate: string | null;
    minOrderQty: string | null;
    remark: string | null;
  }[];
};

/** Responses that count in a round (the latest submitted version of each supplier, RFQ-6). */
export const EFFECTIVE_OPENED = ['OPENED', 'VALID', 'AWARDED', 'NOT_AWARDED'] as const;

/**
 * The `open` transition (§9.4, RFQ-5, RFQ-7): only at or after the response deadline by the
 * server clock; with fewer effective quotes than `minQuotes` the event goes to INSUFFICIENT
 * and nothing is decrypted. Otherwise every submitted and superseded version of the round is
 * decrypted into its plain columns, effective ones become OPENED, an opening record is
 * written and the event is OPENED. `force` is the manager's "continue" from INSUFFICIENT.
 */
export async function openEvent(
  trx: Db,
  config: Config,
  actor: Actor,
  id: string,
  force: boolean,
  reason: string | null = null,
): Promise<'OPENED' | 'INSUFFICIENT'> {
  const event = await eventFor(trx, actor, id);
  // P2: a tender opens only through its officers' quorum (modules/tender).
  if (event.type === 'TENDER') throw businessError('招标项目须由开标人确认后开标（P2）');
  const now = serverNowIso();
  const effective = await trx
    .selectFrom('sourcingResponse')
    .select(['id'])
    .where('eventId', '=', event.id)
    .where('round', '=', event.currentRound)
    .where('status', '=', 'SUBMITTED')
    .execute();
  if (force) {
    if (event.status !== 'INSUFFICIENT') throw businessError('只有响应不足的询价单可以继续开标（RFQ-7）');
    if (effective.length === 0) throw businessError('没有任何有效报价，不能继续开标，请延期或流标（RFQ-7）');
  } else {
    if (event.status !== 'PUBLISHED' && event.status !== 'CLOSED') throw businessError('只有已发布的询价单可以开标');
    if (!event.responseDeadline || now < event.responseDeadline)
      throw businessError(`报价截止（${toWireDateTime(event.responseDeadline)}）前不能开标（RFQ-5）`);
    if (effective.length < event.minParticipants) {
      await moveEvent(
        trx,
        actor,
        event,
        ['PUBLISHED', 'CLOSED'],
        'INSUFFICIENT',
        'open',
        {},
        `有效报价${effective.length}家，少于${event.minParticipants}家`,
      );
      await notifyBuyer(
        trx,
        event,
        `询价响应不足：${event.title}`,
        `有效报价${effective.length}家，少于最少报价数${event.minParticipants}家（RFQ-7）`,
      );
      return 'INSUFFICIENT';
    }
  }

  const versions = await trx
    .selectFrom('sourcingResponse')
    .select(['id', 'status', 'sealedPayload', 'supplierId', 'code', 'versionNo', 'payloadHash'])
    .where('eventId', '=', event.id)
    .where('round', '=', event.currentRound)
    .where('status', 'in', ['SUBMITTED', 'SUPERSEDED'])
    .execute();
  const master = event.sealed ? masterKey(config) : null;
  const summary: {
    supplierId: string;
    code: string;
    versionNo: number;
    payloadHash: string | null;
    totalAmount: string | null;
  }[] = [];
  for (const r of versions) {
    let total: string | null = null;
    if (event.sealed && r.sealedPayload) {
      const p = openPayload<QuotePayload>(master!, event.sealedKey!, event.id, r.id, r.sealedPayload);
      total = p.totalAmount;
      await trx
        .updateTable('sourcingResponse')
        .set({
          totalAmount: p.totalAmount,
          validUntil: p.validUntil,
          paymentTerms: p.paymentTerms,
          deliveryTerms: p.deliveryTerms,
        })
        .where('id', '=', r.id)
        .execute();
      for (const l of p.lines) {
        await trx
          .updateTable('sourcingResponseLine')
          .set({
            qtyOffered: l.qtyOffered,
            unitPrice: l.unitPrice,
            taxRate: l.taxRate,
            amount: l.amount,
            leadTimeDays: l.leadTimeDays,
            promisedDate: l.promisedDate,
            minOrderQty: l.minOrderQty,
            remark: l.remark,
          })
          .where('responseId', '=', r.id)
          .where('sourcingLineId', '=', l.sourcingLineId)
          .execute();
      }
    } else {
      total = (
        await trx.selectFrom('sourcingResponse').select('totalAmount').where('id', '=', r.id).executeTakeFirstOrThrow()
      ).totalAmount;
    }
    await trx
      .updateTable('sourcingResponse')
      .set({ status: r.status === 'SUBMITTED' ? 'OPENED' : r.status, openedAt: now, updateTime: now })
      .where('id', '=', r.id)
      .execute();
    if (r.status === 'SUBMITTED')
      await logState(trx, actor, {
        eventId: event.id,
        docType: 'RESPONSE',
        docId: r.id,
        action: 'open',
        fromStatus: 'SUBMITTED',
        toStatus: 'OPENED',
      });
    if (r.status === 'SUBMITTED')
      summary.push({
        supplierId: r.supplierId,
        code: r.code,
        versionNo: r.versionNo,
        payloadHash: r.payloadHash,
        totalAmount: total,
      });
  }
  await trx
    .insertInto('sourcingOpeningRecord')
    .values({
      id: newId(),
      eventId: event.id,
      round: event.currentRound,
      openedBy: actor.user.id,
      openedByName: actor.user.realname || actor.user.username,
      openedAt: now,
      responseCount: summary.length,
      summary: JSON.stringify(summary),
    })
    .execute();
  await moveEvent(
    trx,
    actor,
    event,
    ['PUBLISHED', 'CLOSED', 'INSUFFICIENT'],
    'OPENED',
    force ? 'continue' : 'open',
    { openedAt: now },
    reason,
  );
  return 'OPENED';
}

/**
 * The comparison matrix (§10): per line each effective quote's unit price, amount and lead
 * time with the lowest price flagged; per supplier the total; and every version of every
 * supplier (RFQ-6 history). Refused before opening (RFQ-5).
 */
export async function comparisonMatrix(db: Db, event: EventRow) {
  if (!event.openedAt) throw businessError('开标前不能查看报价（RFQ-5）');
  const [lines, responses] = await Promise.all([
    db
      .selectFrom('sourcingLine')
      .select(['id', 'lineNo', 'materialId', 'materialCode', 'materialName', 'spec', 'qty', 'unit', 'targetPrice'])
      .where('eventId', '=', event.id)
      .orderBy('lineNo')
      .execute(),
    db
      .selectFrom('sourcingResponse as r')
      .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
      .select([
        'r.id',
        'r.supplierId',
        'p.supplierName',
        'r.code',
        'r.round',
        'r.versionNo',
        'r.status',
        'r.submittedAt',
        'r.payloadHash',
        'r.totalAmount',
        'r.validUntil',
        'r.paymentTerms',
        'r.deliveryTerms',
      ])
      .where('r.eventId', '=', event.id)
      .where('r.status', '<>', 'DRAFT')
      .orderBy('p.supplierName')
      .orderBy('r.round')
      .orderBy('r.versionNo')
      .execute(),
  ]);
  const ids = responses.map((r) => r.id);
  const rlines = ids.length
    ? await db
        .selectFrom('sourcingResponseLine')
        .select([
          'id',
          'responseId',
          'sourcingLineId',
          'offered',
          'qtyOffered',
          'unitPrice',
          'taxRate',
          'amount',
          'leadTimeDays',
          'promisedDate',
          'remark',
        ])
        .where('responseId', 'in', ids)
        .execute()
    : [];
  const effective = responses.filter(
    (r) => r.round === event.currentRound && (EFFECTIVE_OPENED as readonly string[]).includes(r.status),
  );
  const matrix = lines.map((line) => {
    const quotes = effective.flatMap((r) => {
      const rl = rlines.find((l) => l.responseId === r.id && l.sourcingLineId === line.id);
      if (!rl || !rl.offered || rl.unitPrice === null) return [];
      return [
        {
          supplierId: r.supplierId,
          supplierName: r.supplierName,
          responseId: r.id,
          responseLineId: rl.id,
          unitPrice: rl.unitPrice,
          taxRate: rl.taxRate,
          amount: rl.amount,
          leadTimeDays: rl.leadTimeDays,
          promisedDate: rl.promisedDate,
          lowest: false,
        },
      ];
    });
    const low = quotes.reduce<string | null>(
      (min, q) => (min === null || compare(q.unitPrice, min) < 0 ? q.unitPrice : min),
      null,
    );
    for (const q of quotes) q.lowest = low !== null && compare(q.unitPrice, low) === 0;
    return { ...line, lowestPrice: low, quotes };
  });
  const wire = <T extends { submittedAt: string | null }>(r: T) => ({
    ...r,
    submittedAt: toWireDateTime(r.submittedAt),
  });
  return {
    eventId: event.id,
    round: event.currentRound,
    lines: matrix,
    suppliers: effective.map(wire),
    history: responses.map((r) => ({ ...wire(r), lines: rlines.filter((l) => l.responseId === r.id) })),
  };
}
