import { ResultCode, TENDER_ENVELOPE_TEXT } from '@procura/shared';
import type { Config } from '../../config.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { AppError, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import type { TenderSettingsTable } from './tender-tables.js';
import type { QuotePayload } from '../sourcing/opening.js';
import { masterKey, openPayload } from '../sourcing/sealing.js';
import {
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  participantIds,
  failOnPortal,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { appendTenderEvent } from './audit.js';
import { INSUFFICIENT_BIDS, MIN_BIDS, officersOf } from './tender-service.js';

/** The sealed technical part of a bid (§11.2 step 4). */
export type TechnicalPayload = { text: string; fileIds: string[] };

/** The AAD name of a bid's technical envelope (the commercial one is the response id itself). */
export const technicalAad = (responseId: string) => `${responseId}:technical`;

export type Envelope = 'SINGLE' | 'TECHNICAL' | 'COMMERCIAL';
export type OpenResult = {
  result: 'FAILED' | 'PENDING' | 'OPENED';
  envelope: Envelope | null;
  approvals: number;
  quorum: number;
};

/**
 * One step of the opening (TND-8/9, security P2): refused before the deadline (409); with fewer
 * than 3 effective bids the tender fails (INSUFFICIENT_BIDS) and nothing is decrypted;
 * otherwise the caller, who must be one of the named opening officers, approves the envelope
 * and, once `openingQuorum` distinct officers approved, the envelope is decrypted.
 */
export async function approveOpening(
  trx: Db,
  config: Config,
  actor: Actor,
  event: EventRow,
  settings: TenderSettingsTable,
  envelope: Envelope,
): Promise<OpenResult> {
  const now = serverNowIso();
  const quorum = settings.openingQuorum;
  if (envelope === 'COMMERCIAL') {
    if (event.envelopeMode !== 'TWO') throw businessError('本项目不是双信封招标，没有单独的商务标开标');
    if (event.status !== 'OPENED' && event.status !== 'EVALUATING') throw businessError('技术标开标后才能开启商务标');
    const technical = await trx
      .selectFrom('tenderOpeningRecord')
      .select('id')
      .where('eventId', '=', event.id)
      .where('envelope', '=', 'TECHNICAL')
      .executeTakeFirst();
    if (!technical) throw businessError('技术标开标后才能开启商务标');
    const done = await trx
      .selectFrom('tenderOpeningRecord')
      .select('id')
      .where('eventId', '=', event.id)
      .where('envelope', '=', 'COMMERCIAL')
      .executeTakeFirst();
    if (done) throw businessError('商务标已开启');
  } else {
    if (event.status !== 'PUBLISHED' && event.status !== 'CLOSED')
      throw businessError(`当前状态（${event.status === 'OPENED' ? '已开标' : event.status}）不能开标`);
    if (!event.responseDeadline || now < event.responseDeadline)
      throw new AppError(
        `投标截止时间（${toWireDateTime(event.responseDeadline)}）前不能开标（TND-8）`,
        409,
        ResultCode.ERROR,
      );
    const bids = await trx
      .selectFrom('sourcingResponse')
      .select('id')
      .where('eventId', '=', event.id)
      .where('status', '=', 'SUBMITTED')
      .execute();
    if (bids.length < MIN_BIDS) {
      const reason = `投标人少于${MIN_BIDS}家（${bids.length}家），不得开标，招标失败（TND-9）`;
      await moveEvent(
        trx,
        actor,
        event,
        ['PUBLISHED', 'CLOSED'],
        'FAILED',
        'fail',
        { failReason: INSUFFICIENT_BIDS },
        reason,
      );
      // TND-24 / §23: 已流标 on the portal and a failure notice among the results.
      await failOnPortal(trx, event, {
        reason: '投标人不足3家，已流标',
        content: noticeHtml`<p>${event.title}（${event.code}）投标截止时投标人少于3家，依法不予开标，本项目流标，将另行组织招标。</p>`,
      });
      await appendTenderEvent(trx, {
        eventId: event.id,
        tenantId: event.tenantId,
        actor,
        action: 'fail',
        payload: { reason: INSUFFICIENT_BIDS, bids: bids.length },
      });
      await notifySuppliers(trx, event, await participantIds(trx, event.id), `招标已流标：${event.title}`, reason);
      await notifyBuyer(trx, event, `招标已流标：${event.title}`, reason);
      return { result: 'FAILED', envelope: null, approvals: 0, quorum };
    }
  }
  // P2: only named officers, each once; the buyer alone never reaches the quorum (≥ 2).
  if (!officersOf(settings).includes(actor.user.id))
    throw businessError('您不是本项目指定的开标人，不能确认开标（P2）');
  const already = await trx
    .selectFrom('tenderOpeningApproval')
    .select('id')
    .where('eventId', '=', event.id)
    .where('envelope', '=', envelope)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  if (already) throw businessError('您已确认开标，请等待其他开标人确认（P2）');
  await trx
    .insertInto('tenderOpeningApproval')
    .values({
      id: newId(),
      eventId: event.id,
      envelope,
      userId: actor.user.id,
      userName: actor.user.realname || actor.user.username,
      at: now,
    })
    .execute();
  const approvals = await trx
    .selectFrom('tenderOpeningApproval')
    .select(['userName'])
    .where('eventId', '=', event.id)
    .where('envelope', '=', envelope)
    .orderBy('at')
    .execute();
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'openApprove',
    payload: { envelope, approvals: approvals.length, quorum },
  });
  if (approvals.length < quorum) return { result: 'PENDING', envelope, approvals: approvals.length, quorum };
  await unseal(trx, config, actor, event, envelope, approvals.map((a) => a.userName).join('、'));
  return { result: 'OPENED', envelope, approvals: approvals.length, quorum };
}

/**
 * Decrypts one envelope of the effective bids (§9.4): SINGLE both parts of every SUBMITTED bid,
 * TECHNICAL the technical parts, COMMERCIAL the prices of bids still OPENED (a bid REJECTED
 * at the technical stage stays sealed). Superseded and withdrawn versions are never decrypted
 * (P5). Writes the opening record visible to every bidder (TND-10), and for the parts with
 * prices the sourcing opening record the evaluation reads.
 */
async function unseal(
  trx: Db,
  config: Config,
  actor: Actor,
  event: EventRow,
  envelope: Envelope,
  openedBy: string,
): Promise<void> {
  const now = serverNowIso();
  const master = masterKey(config);
  const bids = await trx
    .selectFrom('sourcingResponse as r')
    .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
    .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
    .select([
      'r.id',
      'r.code',
      'r.supplierId',
      'p.supplierName',
      'r.sealedPayload',
      'r.payloadHash',
      'r.submittedAt',
      'b.technicalSealed',
      'b.technicalHash',
    ])
    .where('r.eventId', '=', event.id)
    .where('r.status', '=', envelope === 'COMMERCIAL' ? 'OPENED' : 'SUBMITTED')
    .orderBy('r.submittedAt')
    .execute();
  const entries = [];
  for (const b of bids) {
    const entry: Record<string, unknown> = {
      supplierId: b.supplierId,
      supplierName: b.supplierName,
      responseCode: b.code,
      submittedAt: toWireDateTime(b.submittedAt),
      technicalHash: b.technicalHash,
      payloadHash: b.payloadHash,
    };
    if (envelope !== 'COMMERCIAL') {
      const t = openPayload<TechnicalPayload>(
        master,
        event.sealedKey!,
        event.id,
        technicalAad(b.id),
        b.technicalSealed,
      );
      await trx
        .updateTable('tenderBid')
        .set({ technicalText: t.text, technicalFiles: JSON.stringify(t.fileIds), technicalOpenedAt: now })
        .where('responseId', '=', b.id)
        .execute();
      entry.technicalFileCount = t.fileIds.length;
    }
    if (envelope !== 'TECHNICAL') {
      const p = openPayload<QuotePayload>(master, event.sealedKey!, event.id, b.id, b.sealedPayload!);
      await trx
        .updateTable('sourcingResponse')
        .set({
          totalAmount: p.totalAmount,
          validUntil: p.validUntil,
          paymentTerms: p.paymentTerms,
          deliveryTerms: p.deliveryTerms,
        })
        .where('id', '=', b.id)
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
          .where('responseId', '=', b.id)
          .where('sourcingLineId', '=', l.sourcingLineId)
          .execute();
      }
      await trx.updateTable('tenderBid').set({ commercialOpenedAt: now }).where('responseId', '=', b.id).execute();
      const leadTimes = p.lines.map((l) => l.leadTimeDays).filter((d): d is number => d !== null);
      Object.assign(entry, {
        totalAmount: p.totalAmount,
        validUntil: p.validUntil,
        paymentTerms: p.paymentTerms,
        deliveryTerms: p.deliveryTerms,
        deliveryDays: leadTimes.length ? Math.max(...leadTimes) : null,
      });
    }
    if (envelope !== 'COMMERCIAL') {
      await trx
        .updateTable('sourcingResponse')
        .set({ status: 'OPENED', openedAt: now, updateTime: now })
        .where('id', '=', b.id)
        .where('status', '=', 'SUBMITTED')
        .execute();
      await logState(trx, actor, {
        eventId: event.id,
        docType: 'RESPONSE',
        docId: b.id,
        action: 'open',
        fromStatus: 'SUBMITTED',
        toStatus: 'OPENED',
      });
    }
    entries.push(entry);
  }
  const recordId = newId();
  await trx
    .insertInto('tenderOpeningRecord')
    .values({ id: recordId, eventId: event.id, envelope, openedAt: now, openedBy, entries: JSON.stringify(entries) })
    .execute();
  if (envelope !== 'TECHNICAL') {
    const summary = entries.map((e) => ({
      supplierId: e.supplierId,
      code: e.responseCode,
      versionNo: null,
      payloadHash: e.payloadHash,
      totalAmount: e.totalAmount,
    }));
    await trx
      .insertInto('sourcingOpeningRecord')
      .values({
        id: recordId,
        eventId: event.id,
        round: event.currentRound,
        openedBy: actor.user.id,
        openedByName: openedBy,
        openedAt: now,
        responseCount: entries.length,
        summary: JSON.stringify(summary),
      })
      .execute();
  }
  if (envelope !== 'COMMERCIAL')
    await moveEvent(
      trx,
      actor,
      event,
      ['PUBLISHED', 'CLOSED'],
      'OPENED',
      'open',
      { openedAt: now },
      envelope === 'TECHNICAL' ? TENDER_ENVELOPE_TEXT.TECHNICAL : null,
    );
  // Every decrypted envelope is one chain entry; only hashes and counts go into its digest.
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: `open${envelope[0]}${envelope.slice(1).toLowerCase()}`,
    payload: { recordId, envelope, bids: entries.map((e) => [e.responseCode, e.technicalHash, e.payloadHash]) },
  });
  await notifySuppliers(
    trx,
    event,
    bids.map((b) => b.supplierId),
    envelope === 'COMMERCIAL' ? `商务标已开标：${event.title}` : `已开标：${event.title}`,
    '开标记录已公布，请确认或提出异议（TND-10）',
  );
}
