import { createHash } from 'node:crypto';
import { add, compare, decimals, isDecimal, multiply } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDay, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { QuotePayload } from '../sourcing/opening.js';
import { masterKey, eventDataKey, payloadHash, sealPayload } from '../sourcing/sealing.js';
import { sealFilesAtRest } from '../files/sealed-files.js';
import {
  assertMayRespond,
  logState,
  notifyBuyer,
  supplierEventFor,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { appendTenderEvent } from './audit.js';
import { technicalAad, type TechnicalPayload } from './tender-opening.js';
import { statusText } from './tender-service.js';

/**
 * A supplier's sealed two-part bid (TND-5/6/7, P3): the bid window, submitting a new version and
 * withdrawing it. Sign-up, invitations and the opening record are bidder-service.ts.
 */

/** A bid as the supplier sends it. */
export type BidInput = {
  eventId: string;
  clientRequestId?: string | undefined;
  technical: { text: string; fileIds: string[]; files: string[] };
  commercial: {
    paymentTerms?: string | undefined;
    deliveryTerms?: string | undefined;
    lines: {
      sourcingLineId: string;
      unitPrice: string;
      taxRate: string;
      leadTimeDays?: number | undefined;
      remark?: string | undefined;
    }[];
  };
};

/** SRC-5 / TND-6 / X-1: the bid window by the server clock, strictly before the deadline. */
export function assertBidWindow(event: EventRow, now: string, what: string): void {
  if (event.status !== 'PUBLISHED') throw businessError(`招标项目${statusText(event.status)}，不能${what}（TND-6）`);
  if (event.responseStartAt && now < event.responseStartAt)
    throw businessError(`投标尚未开始（开始时间 ${toWireDateTime(event.responseStartAt)}），不能${what}（SRC-5）`);
  if (!event.responseDeadline || now >= event.responseDeadline)
    throw businessError(
      `投标已截止（截止时间 ${toWireDateTime(event.responseDeadline)}），不能${what}，本次提交未保存（TND-6）`,
    );
}

/** A tender as a supplier user reaches it: one it takes part in, published (X-5, SRC-8). */
export async function supplierTender(db: Db, actor: Actor, eventId: string) {
  const found = await supplierEventFor(db, actor, eventId);
  if (found.event.type !== 'TENDER') throw notFound('招标项目不存在');
  return found;
}

/**
 * Seals and stores a new bid version (SRC-7 checks, TND-7 supersedes): its response id and the
 * plaintexts of its newly sealed attachments, for the caller to remove once committed.
 */
export async function submitBid(
  trx: Db,
  config: AppContext['config'],
  actor: Actor,
  supplierId: string,
  body: BidInput,
): Promise<{ responseId: string; plaintexts: string[] }> {
  const { event, participation } = await supplierTender(trx, actor, body.eventId);
  const now = serverNowIso();
  assertBidWindow(event, now, '投标');
  if (participation.status === 'INVITED') throw businessError('请先接受邀请再投标');
  if (participation.status !== 'ACCEPTED' && participation.status !== 'APPROVED')
    throw businessError('贵公司未报名或未受邀参加本项目，不能投标（SRC-5）');
  await assertMayRespond(trx, supplierId);
  const settings = await trx
    .selectFrom('tenderSettings')
    .select(['bidValidityDays'])
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();

  // SRC-7: every line of the tender, once; prices > 0 within the precision.
  const eventLines = await trx
    .selectFrom('sourcingLine')
    .select(['id', 'lineNo', 'qty'])
    .where('eventId', '=', event.id)
    .execute();
  const seen = new Set<string>();
  const lines: QuotePayload['lines'] = [];
  for (const l of body.commercial.lines) {
    const line = eventLines.find((e) => e.id === l.sourcingLineId);
    if (!line) throw badRequest('报价行不属于本招标项目（SRC-7）');
    if (seen.has(line.id)) throw badRequest(`第${line.lineNo}行重复报价（SRC-7）`);
    seen.add(line.id);
    const at = `第${line.lineNo}行`;
    if (!isDecimal(l.unitPrice) || compare(l.unitPrice, '0') <= 0) throw badRequest(`${at}单价必须大于0（SRC-7）`);
    if (decimals(l.unitPrice) > event.pricePrecision)
      throw badRequest(`${at}单价最多${event.pricePrecision}位小数（SRC-7）`);
    if (!isDecimal(l.taxRate) || compare(l.taxRate, '100') > 0) throw badRequest(`${at}税率在 0 到 100 之间`);
    lines.push({
      sourcingLineId: line.id,
      qtyOffered: line.qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: multiply(line.qty, l.unitPrice, 2),
      leadTimeDays: l.leadTimeDays ?? null,
      promisedDate: null,
      minOrderQty: null,
      remark: l.remark ?? null,
    });
  }
  if (seen.size !== eventLines.length) throw badRequest('须对招标项目的全部物料行报价（SRC-7）');
  const fileIds = [...new Set(body.technical.fileIds)];
  if (body.technical.files.length) {
    const paths = [...new Set(body.technical.files)];
    const owned = await trx
      .selectFrom('sysFile')
      .select('id')
      .where('path', 'in', paths)
      .where('ownerId', '=', actor.user.id)
      .execute();
    if (owned.length !== paths.length) throw badRequest('技术标附件不存在或不是本人上传的文件');
    for (const f of owned) if (!fileIds.includes(f.id)) fileIds.push(f.id);
  }
  if (fileIds.length > 50) throw badRequest('技术标附件不能超过50个');
  if (fileIds.length) {
    const files = await trx
      .selectFrom('sysFile')
      .select('id')
      .where('id', 'in', fileIds)
      .where('ownerId', '=', actor.user.id)
      .execute();
    if (files.length !== fileIds.length) throw badRequest('技术标附件不存在或不是本人上传的文件');
  }
  const wrapped = await eventDataKey(trx, config, event);
  // Sealed with the envelope, bytes included: only their uploader reads them until it is opened (issue 16 #5).
  const plaintexts = await sealFilesAtRest(trx, config, { id: event.id, sealedKey: wrapped }, fileIds);
  // The bid is valid for bidValidityDays from the deadline (投标有效期).
  const validUntil = businessDay(new Date(event.responseDeadline!), settings.bidValidityDays);
  const commercial: QuotePayload = {
    totalAmount: add(lines.map((l) => l.amount)),
    validUntil,
    paymentTerms: body.commercial.paymentTerms ?? null,
    deliveryTerms: body.commercial.deliveryTerms ?? null,
    lines,
  };
  const technical: TechnicalPayload = { text: body.technical.text, fileIds };

  // TND-7: a new version supersedes the effective one.
  const previous = await trx
    .selectFrom('sourcingResponse')
    .select(['id', 'status', 'versionNo'])
    .where('eventId', '=', event.id)
    .where('supplierId', '=', supplierId)
    .orderBy('versionNo', 'desc')
    .execute();
  const effective = previous.find((p) => p.status === 'SUBMITTED');
  const versionNo = (previous[0]?.versionNo ?? 0) + 1;
  const rid = newId();
  const master = masterKey(config);
  const sealedCommercial = sealPayload(master, wrapped, event.id, rid, commercial);
  const sealedTechnical = sealPayload(master, wrapped, event.id, technicalAad(rid), technical);
  if (effective)
    await trx
      .updateTable('sourcingResponse')
      .set({ status: 'SUPERSEDED', updateTime: now })
      .where('id', '=', effective.id)
      .where('status', '=', 'SUBMITTED')
      .execute();
  await trx
    .insertInto('sourcingResponse')
    .values({
      id: rid,
      tenantId: event.tenantId,
      code: `${event.code}-${String(versionNo).padStart(2, '0')}-${rid.slice(-6).toUpperCase()}`,
      eventId: event.id,
      supplierId,
      participationId: participation.id,
      round: event.currentRound,
      versionNo,
      status: 'SUBMITTED',
      submittedAt: now,
      sealedPayload: sealedCommercial,
      payloadHash: payloadHash(sealedCommercial),
      clientRequestId: body.clientRequestId ?? null,
      totalAmount: null,
      validUntil: null,
      paymentTerms: null,
      deliveryTerms: null,
      rejectReason: null,
      openedAt: null,
      createBy: actor.user.username,
      createTime: now,
      updateTime: null,
    })
    .execute();
  await trx
    .insertInto('sourcingResponseLine')
    .values(
      lines.map((l) => ({
        id: newId(),
        responseId: rid,
        sourcingLineId: l.sourcingLineId,
        offered: 1,
        qtyOffered: null,
        unitPrice: null,
        taxRate: null,
        amount: null,
        leadTimeDays: null,
        promisedDate: null,
        minOrderQty: null,
        ladder: null,
        remark: null,
      })),
    )
    .execute();
  await trx
    .insertInto('tenderBid')
    .values({
      responseId: rid,
      eventId: event.id,
      technicalSealed: sealedTechnical,
      technicalHash: createHash('sha256').update(sealedTechnical).digest('hex'),
      technicalText: null,
      technicalFiles: null,
      technicalOpenedAt: null,
      commercialOpenedAt: null,
    })
    .execute();
  await trx
    .updateTable('sourcingParticipation')
    .set({ respondedAt: now, updateTime: now })
    .where('id', '=', participation.id)
    .execute();
  const action = effective ? 'revise' : 'submit';
  if (effective)
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: effective.id,
      action,
      fromStatus: 'SUBMITTED',
      toStatus: 'SUPERSEDED',
    });
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'RESPONSE',
    docId: rid,
    action,
    fromStatus: null,
    toStatus: 'SUBMITTED',
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: effective ? 'reviseBid' : 'submitBid',
    payload: {
      responseId: rid,
      versionNo,
      payloadHash: payloadHash(sealedCommercial),
      supersedes: effective?.id ?? null,
    },
  });
  return { responseId: rid, plaintexts };
}

/** Withdraws the effective bid before the deadline, when the tender allows it (TND-7). */
export async function withdrawBid(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const { event, participation } = await supplierTender(trx, actor, eventId);
  assertBidWindow(event, serverNowIso(), '撤回投标');
  if (!event.allowWithdraw) throw businessError('本项目不允许撤回投标（TND-7）');
  const current = await trx
    .selectFrom('sourcingResponse')
    .select('id')
    .where('eventId', '=', event.id)
    .where('supplierId', '=', participation.supplierId)
    .where('status', '=', 'SUBMITTED')
    .executeTakeFirst();
  if (!current) throw businessError('没有可撤回的投标');
  await trx
    .updateTable('sourcingResponse')
    .set({ status: 'WITHDRAWN', updateTime: serverNowIso() })
    .where('id', '=', current.id)
    .where('status', '=', 'SUBMITTED')
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'RESPONSE',
    docId: current.id,
    action: 'withdraw',
    fromStatus: 'SUBMITTED',
    toStatus: 'WITHDRAWN',
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'withdrawBid',
    payload: { responseId: current.id },
  });
  await notifyBuyer(trx, event, `有投标人撤回投标：${event.title}`);
}
