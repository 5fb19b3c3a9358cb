import { createHash } from 'node:crypto';
import { add, compare, decimals, isDecimal, multiply } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDayCompact, serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { QuotePayload } from './opening.js';
import { masterKey, eventDataKey, payloadHash, sealPayload } from './sealing.js';
import {
  assertMayRespond,
  EVENT_STATUS_TEXT,
  logState,
  notifyBuyer,
  supplierEventFor,
  type Actor,
} from './sourcing-service.js';

/**
 * The supplier's side of an RFQ (§9, §10), bound to its own supplier: accept or decline an
 * invitation, submit a sealed quote (SRC-5..7, RFQ-4, RFQ-6, §9.4), withdraw it (SRC-6).
 */

/** A quote as the supplier sends it. */
export type QuoteInput = {
  eventId: string;
  clientRequestId?: string | undefined;
  validUntil: string;
  paymentTerms?: string | undefined;
  deliveryTerms?: string | undefined;
  lines: {
    sourcingLineId: string;
    unitPrice: string;
    taxRate: string;
    qtyOffered?: string | undefined;
    leadTimeDays?: number | undefined;
    promisedDate?: string | undefined;
    minOrderQty?: string | undefined;
    remark?: string | undefined;
  }[];
};

/** Today in the business timezone (GMT+8), `yyyy-MM-dd`, by the server clock. */
const today = () => {
  const d = businessDayCompact(serverNow());
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
};

/** SRC-5 / RFQ-4 / X-1: the response window by the server clock, strictly before the deadline. */
function assertWindowOpen(
  event: { status: string; responseStartAt: string | null; responseDeadline: string | null },
  now: string,
  what: string,
): void {
  if (event.status !== 'PUBLISHED')
    throw businessError(`询价单${EVENT_STATUS_TEXT[event.status] ?? event.status}，不能${what}`);
  if (event.responseStartAt && now < event.responseStartAt)
    throw businessError(`报价尚未开始（开始时间 ${toWireDateTime(event.responseStartAt)}），不能${what}（SRC-5）`);
  if (!event.responseDeadline || now >= event.responseDeadline)
    throw businessError(
      `报价已截止（截止时间 ${toWireDateTime(event.responseDeadline)}），不能${what}，本次提交未保存（RFQ-4）`,
    );
}

/** An invitation accepted or declined, in the response window (SRC-5). */
export async function moveParticipation(
  trx: Db,
  actor: Actor,
  eventId: string,
  to: 'ACCEPTED' | 'DECLINED',
  changes: { declineReason?: string; contactName?: string | null; contactMobile?: string | null },
): Promise<void> {
  const { event, participation } = await supplierEventFor(trx, actor, eventId);
  if (participation.status !== 'INVITED')
    throw businessError(to === 'ACCEPTED' ? '只有待确认的邀请可以接受' : '只有待确认的邀请可以拒绝');
  assertWindowOpen(event, serverNowIso(), to === 'ACCEPTED' ? '接受邀请' : '拒绝邀请');
  if (to === 'ACCEPTED') await assertMayRespond(trx, participation.supplierId);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('sourcingParticipation')
    .set({ ...changes, status: to, respondedAt: now, updateTime: now })
    .where('id', '=', participation.id)
    .where('status', '=', 'INVITED')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('邀请已被处理，请刷新后重试');
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'PARTICIPATION',
    docId: participation.id,
    action: to === 'ACCEPTED' ? 'accept' : 'decline',
    fromStatus: 'INVITED',
    toStatus: to,
    reason: changes.declineReason ?? null,
  });
  await notifyBuyer(
    trx,
    event,
    to === 'ACCEPTED'
      ? `供应商已接受询价邀请：${participation.supplierName}`
      : `供应商已拒绝询价邀请：${participation.supplierName}`,
    changes.declineReason ?? '',
  );
}

/** Stores a new quote version, sealed when the event is (SRC-7 checks, RFQ-6 supersedes); its id. */
export async function submitQuote(
  trx: Db,
  config: AppContext['config'],
  actor: Actor,
  supplierId: string,
  body: QuoteInput,
): Promise<string> {
  const { event, participation } = await supplierEventFor(trx, actor, body.eventId);
  if (event.type === 'TENDER') throw businessError('招标项目请在投标页面提交投标文件（技术标与商务标）');
  const now = serverNowIso();
  assertWindowOpen(event, now, '报价');
  if (participation.status === 'INVITED') throw businessError('请先接受邀请再报价');
  if (participation.status !== 'ACCEPTED' && participation.status !== 'APPROVED')
    throw businessError('贵公司未参与本次询价，不能报价（SRC-5）');
  // X-15, and QLF-3 by date.
  await assertMayRespond(trx, supplierId, { at: serverNow(), action: '报价' });

  // SRC-7: every line is a line of this event, once; prices > 0 within the precision; all lines unless partial quotes are allowed.
  const eventLines = await trx
    .selectFrom('sourcingLine')
    .select(['id', 'lineNo', 'qty'])
    .where('eventId', '=', event.id)
    .execute();
  const seen = new Set<string>();
  const payloadLines: QuotePayload['lines'] = [];
  for (const l of body.lines) {
    const line = eventLines.find((e) => e.id === l.sourcingLineId);
    if (!line) throw badRequest('报价行不属于本询价单（SRC-7）');
    if (seen.has(line.id)) throw badRequest(`第${line.lineNo}行重复报价（SRC-7）`);
    seen.add(line.id);
    const at = `第${line.lineNo}行`;
    if (!isDecimal(l.unitPrice) || compare(l.unitPrice, '0') <= 0) throw badRequest(`${at}单价必须大于0（SRC-7）`);
    if (decimals(l.unitPrice) > event.pricePrecision)
      throw badRequest(`${at}单价最多${event.pricePrecision}位小数（SRC-7）`);
    if (!isDecimal(l.taxRate) || compare(l.taxRate, '100') > 0) throw badRequest(`${at}税率在 0 到 100 之间`);
    const qty = l.qtyOffered ?? line.qty;
    if (!isDecimal(qty) || compare(qty, '0') <= 0) throw badRequest(`${at}报价数量必须大于0`);
    if (l.minOrderQty !== undefined && !isDecimal(l.minOrderQty))
      throw badRequest(`${at}最小订购量必须是不小于0的数字`);
    payloadLines.push({
      sourcingLineId: line.id,
      qtyOffered: qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: multiply(qty, l.unitPrice, 2),
      leadTimeDays: l.leadTimeDays ?? null,
      promisedDate: l.promisedDate ?? null,
      minOrderQty: l.minOrderQty ?? null,
      remark: l.remark ?? null,
    });
  }
  if (!event.allowPartialQuote && seen.size !== eventLines.length)
    throw badRequest('本询价单须对全部物料行报价（SRC-7）');
  if (body.validUntil < today())
    throw badRequest('报价有效期不能早于今天（SRC-7）', { validUntil: '报价有效期不能早于今天' });
  const payload: QuotePayload = {
    totalAmount: add(payloadLines.map((l) => l.amount)),
    validUntil: body.validUntil,
    paymentTerms: body.paymentTerms ?? null,
    deliveryTerms: body.deliveryTerms ?? null,
    lines: payloadLines,
  };

  // RFQ-6: a new version supersedes the effective one, if revisions are allowed.
  const previous = await trx
    .selectFrom('sourcingResponse')
    .select(['id', 'status', 'versionNo'])
    .where('eventId', '=', event.id)
    .where('supplierId', '=', supplierId)
    .where('round', '=', event.currentRound)
    .orderBy('versionNo', 'desc')
    .execute();
  const effective = previous.find((p) => p.status === 'SUBMITTED');
  if (effective && !event.allowRevision) throw businessError('本询价单不允许修改报价（RFQ-6）');
  const versionNo = (previous[0]?.versionNo ?? 0) + 1;
  const rid = newId();

  let sealedPayload: string | null = null;
  let hash: string;
  if (event.sealed) {
    const wrapped = await eventDataKey(trx, config, event);
    sealedPayload = sealPayload(masterKey(config), wrapped, event.id, rid, payload);
    hash = payloadHash(sealedPayload);
  } else {
    hash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  }
  if (effective) {
    await trx
      .updateTable('sourcingResponse')
      .set({ status: 'SUPERSEDED', updateTime: now })
      .where('id', '=', effective.id)
      .where('status', '=', 'SUBMITTED')
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: effective.id,
      action: 'revise',
      fromStatus: 'SUBMITTED',
      toStatus: 'SUPERSEDED',
    });
  }
  const plain = !event.sealed;
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
      sealedPayload,
      payloadHash: hash,
      clientRequestId: body.clientRequestId ?? null,
      totalAmount: plain ? payload.totalAmount : null,
      validUntil: plain ? payload.validUntil : null,
      paymentTerms: plain ? payload.paymentTerms : null,
      deliveryTerms: plain ? payload.deliveryTerms : null,
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
      payloadLines.map((l) => ({
        id: newId(),
        responseId: rid,
        sourcingLineId: l.sourcingLineId,
        offered: 1,
        qtyOffered: plain ? l.qtyOffered : null,
        unitPrice: plain ? l.unitPrice : null,
        taxRate: plain ? l.taxRate : null,
        amount: plain ? l.amount : null,
        leadTimeDays: plain ? l.leadTimeDays : null,
        promisedDate: plain ? l.promisedDate : null,
        minOrderQty: plain ? l.minOrderQty : null,
        ladder: null,
        remark: plain ? l.remark : null,
      })),
    )
    .execute();
  await trx
    .updateTable('sourcingParticipation')
    .set({ respondedAt: now, updateTime: now })
    .where('id', '=', participation.id)
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'RESPONSE',
    docId: rid,
    action: effective ? 'revise' : 'submit',
    fromStatus: null,
    toStatus: 'SUBMITTED',
  });
  return rid;
}

/** Withdraws the effective quote before the deadline (SRC-6). */
export async function withdrawQuote(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const { event, participation } = await supplierEventFor(trx, actor, eventId);
  if (event.type === 'TENDER') throw businessError('招标项目请在投标页面撤回投标');
  assertWindowOpen(event, serverNowIso(), '撤回报价');
  if (!event.allowWithdraw) throw businessError('本询价单不允许撤回报价（SRC-6）');
  const current = await trx
    .selectFrom('sourcingResponse')
    .select('id')
    .where('eventId', '=', event.id)
    .where('supplierId', '=', participation.supplierId)
    .where('round', '=', event.currentRound)
    .where('status', '=', 'SUBMITTED')
    .executeTakeFirst();
  if (!current) throw businessError('没有可撤回的报价');
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
}
