import { add, multiply } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { submitForApproval } from '../approval/index.js';
import {
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  supplierEventFor,
  type Actor,
} from '../sourcing/sourcing-service.js';
import { evaluationSettings, openedBids, tenderAuditHook, tenderFor, tenderSettingsOf } from './evaluation-service.js';
import { candidatesFor } from './tender-award-queries.js';
import { assertWinnerEligible } from './tender-award-approval.js';
import { finalizeIfDue } from './award-finalization.js';

/**
 * The rules of a tender award (§11.3, §13): proposing the winner from the candidates (TND-16,
 * TND-21) for approval, finalising after the publicity, and objections (TND-4, TND-18).
 */

/** Tender awards go through their own approval document type: approval starts the publicity (AWD-5). */
export const TENDER_AWARD_DOC_TYPE = 'TENDER_AWARD';

const DAY = 86_400_000;

/** A proposal as the buyer sends it. */
export type TenderAwardProposal = {
  eventId: string;
  responseId?: string | undefined;
  recommendation?: string | undefined;
  deviationReason?: string | undefined;
  priceValidFrom: string;
  priceValidTo: string;
};

/** An objection as a bidder sends it. */
export type ObjectionInput = { eventId: string; stage: 'DOCUMENTS' | 'RESULT'; content: string };

/** Records the proposed winner's award and submits it for approval (AWD-4: never approved by its submitter). */
export async function proposeTenderAward(trx: Db, codes: AppContext['codes'], actor: Actor, body: TenderAwardProposal) {
  const event = await tenderFor(trx, actor, body.eventId);
  const existing = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', event.id)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  if (existing?.status === 'FINAL') throw businessError('定标已生效，不能修改（AWD-6）');
  if (existing && existing.status !== 'DRAFT') throw businessError('定标审批或公示中，不能修改');
  if (event.status !== 'EVALUATING') throw businessError('只有评标结束的招标项目可以定标');
  const report = await trx
    .selectFrom('tenderEvaluationReport')
    .select('status')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (report?.status !== 'SIGNED') throw businessError('评标报告尚未经全体评委签字，不能定标（TND-16）');
  const candidates = await candidatesFor(trx, event.id);
  const chosen = body.responseId ? candidates.find((c) => c.responseId === body.responseId) : candidates[0];
  if (!chosen) throw businessError('只能从评标报告推荐的中标候选人中确定中标人（TND-16）');
  const settings = await evaluationSettings(trx, event.id);
  const deviates = chosen.rank !== 1;
  if (deviates && settings?.mustAwardRank1) throw businessError('本项目须确定排名第一的中标候选人为中标人（TND-21）');
  if (deviates && !body.deviationReason) throw businessError('未选择排名第一的中标候选人，请填写理由（§13）');
  await assertWinnerEligible(trx, chosen.supplierId);
  const lines = await trx
    .selectFrom('sourcingLine as l')
    .leftJoin('sourcingResponseLine as rl', (j) =>
      j.onRef('rl.sourcingLineId', '=', 'l.id').on('rl.responseId', '=', chosen.responseId),
    )
    .select(['l.id', 'l.lineNo', 'l.qty', 'rl.id as responseLineId', 'rl.unitPrice', 'rl.taxRate', 'rl.offered'])
    .where('l.eventId', '=', event.id)
    .orderBy('l.lineNo')
    .execute();
  const rows = lines.map((l) => {
    if (!l.responseLineId || !l.offered || l.unitPrice === null)
      throw businessError(`中标人未对第${l.lineNo}行报价，不能整体授予`);
    return {
      sourcingLineId: l.id,
      supplierId: chosen.supplierId,
      supplierName: chosen.supplierName,
      responseLineId: l.responseLineId,
      qty: l.qty,
      sharePct: 100,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate ?? '0',
      amount: multiply(l.qty, l.unitPrice, 2),
    };
  });
  const now = serverNowIso();
  const values = {
    recommendation: body.recommendation ?? null,
    deviatesFromRank1: deviates ? 1 : 0,
    deviationReason: deviates ? (body.deviationReason ?? null) : null,
    priceValidFrom: body.priceValidFrom,
    priceValidTo: body.priceValidTo,
    totalAmount: add(rows.map((r) => r.amount)),
    status: 'PENDING_APPROVAL',
    recommendedBy: actor.user.id,
  };
  let awardId: string;
  if (existing) {
    awardId = existing.id;
    await trx
      .updateTable('sourcingAward')
      .set({ ...values, version: existing.version + 1, updateBy: actor.user.username, updateTime: now })
      .where('id', '=', existing.id)
      .where('status', '=', 'DRAFT')
      .execute();
    await trx.deleteFrom('sourcingAwardLine').where('awardId', '=', existing.id).execute();
  } else {
    awardId = newId();
    await trx
      .insertInto('sourcingAward')
      .values({
        id: awardId,
        tenantId: event.tenantId,
        code: await codes.next('AWD', { tenantId: event.tenantId, trx }),
        eventId: event.id,
        lotId: chosen.lotId,
        followUp: 'CONTRACT',
        version: 1,
        createBy: actor.user.username,
        createTime: now,
        updateBy: null,
        updateTime: null,
        ...values,
      })
      .execute();
  }
  await trx
    .insertInto('sourcingAwardLine')
    .values(
      rows.map((r) => ({
        id: newId(),
        awardId,
        ...r,
        priceValidFrom: body.priceValidFrom,
        priceValidTo: body.priceValidTo,
        qtyContracted: '0',
        qtyOrdered: '0',
      })),
    )
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'AWARD',
    docId: awardId,
    action: 'submit',
    fromStatus: existing ? 'DRAFT' : null,
    toStatus: 'PENDING_APPROVAL',
    reason: deviates ? body.deviationReason : null,
  });
  await moveEvent(trx, actor, event, ['EVALUATING'], 'AWARD_PENDING_APPROVAL', 'recommend');
  await tenderAuditHook(trx, actor, event.id, 'propose', {
    awardId,
    responseId: chosen.responseId,
    rank: chosen.rank,
  });
  // AWD-4 / X-10: the submitter never approves it.
  return submitForApproval(trx, {
    docType: TENDER_AWARD_DOC_TYPE,
    docId: awardId,
    title: `招标定标：${event.code} ${event.title}`,
    amount: values.totalAmount,
    submitterId: actor.user.id,
    tenantId: actor.tenantId,
  });
}

/** The buyer's explicit finalisation once the publicity is over without open objections. */
export async function finalizeTenderAward(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const event = await tenderFor(trx, actor, eventId);
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', event.id)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  if (!award) throw businessError('尚未定标');
  if (award.status === 'FINAL') throw businessError('定标已生效');
  if (award.status === 'SUSPENDED') throw businessError('有异议尚未答复，定标暂停（TND-18）');
  if (award.status !== 'PUBLICITY') throw businessError('定标尚未进入公示');
  if (!(await finalizeIfDue(trx, event.id, actor)))
    throw businessError(
      `公示期至${toWireDateTime(award.publicityEndAt)}结束，期满且无未答复异议后定标方可生效（TND-17，AWD-5）`,
    );
}

/** Answers an objection; the last answer resumes the tender (TND-4) or the publicity (TND-18). */
export async function answerObjection(trx: Db, actor: Actor, objectionId: string, answer: string): Promise<void> {
  const objection = await trx
    .selectFrom('tenderObjection')
    .selectAll()
    .where('id', '=', objectionId)
    .where('tenantId', '=', actor.tenantId)
    .executeTakeFirst();
  if (!objection) throw notFound('异议不存在');
  const event = await tenderFor(trx, actor, objection.eventId);
  if (objection.status !== 'RECEIVED') throw businessError('该异议已答复');
  const now = serverNowIso();
  await trx
    .updateTable('tenderObjection')
    .set({ status: 'ANSWERED', answer: answer, answeredAt: now, answeredBy: actor.user.id })
    .where('id', '=', objection.id)
    .where('status', '=', 'RECEIVED')
    .execute();
  await notifySuppliers(trx, event, [objection.supplierId], `异议答复：${event.title}`, answer);
  const open = await trx
    .selectFrom('tenderObjection')
    .select('id')
    .where('eventId', '=', event.id)
    .where('status', '=', 'RECEIVED')
    .executeTakeFirst();
  if (!open && objection.stage === 'DOCUMENTS' && event.status === 'SUSPENDED') {
    // TND-4: all objections to the documents answered → the tender continues.
    await moveEvent(trx, actor, event, ['SUSPENDED'], 'PUBLISHED', 'resume');
  }
  if (!open && objection.awardId) {
    const resumed = await trx
      .updateTable('sourcingAward')
      .set({ status: 'PUBLICITY', updateBy: actor.user.username, updateTime: now })
      .where('id', '=', objection.awardId)
      .where('status', '=', 'SUSPENDED')
      .executeTakeFirst();
    if (Number(resumed.numUpdatedRows) === 1) {
      await logState(trx, actor, {
        eventId: event.id,
        docType: 'AWARD',
        docId: objection.awardId,
        action: 'resume',
        fromStatus: 'SUSPENDED',
        toStatus: 'PUBLICITY',
      });
      await moveEvent(trx, actor, event, ['SUSPENDED'], 'PUBLICITY', 'resume');
    }
  }
  await tenderAuditHook(trx, actor, event.id, 'answerObjection', { objectionId: objection.id });
}

/** A bidder's objection to the documents (TND-4) or to the result (TND-18), suspending what it objects to. */
export async function raiseObjection(trx: Db, actor: Actor, body: ObjectionInput): Promise<void> {
  const { event, participation } = await supplierEventFor(trx, actor, body.eventId);
  if (event.type !== 'TENDER') throw businessError('只有招标项目受理异议');
  if (['DECLINED', 'CANCELLED', 'REJECTED', 'BANNED'].includes(participation.status))
    throw businessError('贵公司未参与本项目，不能提出异议');
  const now = serverNowIso();
  const row = {
    id: newId(),
    tenantId: event.tenantId,
    eventId: event.id,
    supplierId: participation.supplierId,
    supplierName: participation.supplierName,
    content: body.content,
    receivedAt: now,
    answer: null,
    answeredAt: null,
    answeredBy: null,
    status: 'RECEIVED',
    createBy: actor.user.username,
  };
  if (body.stage === 'DOCUMENTS') {
    // TND-4: until the tender's objection deadline, by default 10 days before the bid deadline.
    if (event.status !== 'PUBLISHED' && event.status !== 'SUSPENDED')
      throw businessError('只有发布中的招标项目受理对招标文件的异议');
    const settings = await tenderSettingsOf(trx, event.id);
    const deadline =
      settings?.objectionDeadline ??
      (event.responseDeadline ? new Date(Date.parse(event.responseDeadline) - 10 * DAY).toISOString() : null);
    if (!deadline || now >= deadline)
      throw businessError(`对招标文件的异议应在投标截止10日前（${toWireDateTime(deadline)}前）提出（TND-4）`);
    await trx
      .insertInto('tenderObjection')
      .values({ ...row, awardId: null, stage: 'DOCUMENTS' })
      .execute();
    if (event.status === 'PUBLISHED')
      await moveEvent(trx, actor, event, ['PUBLISHED'], 'SUSPENDED', 'objection', {}, '对招标文件的异议');
    await notifyBuyer(
      trx,
      event,
      `收到招标文件异议：${event.title}`,
      `${participation.supplierName}提出异议，招标活动已暂停，请在3日内答复（TND-4）`,
    );
    await tenderAuditHook(trx, actor, event.id, 'objection', {
      supplierId: participation.supplierId,
      stage: 'DOCUMENTS',
    });
    return;
  }
  const bids = await openedBids(trx, event);
  if (!bids.some((b) => b.supplierId === participation.supplierId))
    throw businessError('只有本项目的投标人可以对评标结果提出异议');
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', event.id)
    .where('status', 'in', ['PUBLICITY', 'SUSPENDED'])
    .executeTakeFirst();
  if (!award) throw businessError('当前不在中标候选人公示期，不能提出异议（TND-18）');
  if (!award.publicityEndAt || award.publicityEndAt <= now)
    throw businessError('公示期已结束，不能再提出异议（TND-18）');
  await trx
    .insertInto('tenderObjection')
    .values({ ...row, awardId: award.id, stage: 'RESULT' })
    .execute();
  if (award.status === 'PUBLICITY') {
    await trx
      .updateTable('sourcingAward')
      .set({ status: 'SUSPENDED', updateTime: now })
      .where('id', '=', award.id)
      .where('status', '=', 'PUBLICITY')
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'AWARD',
      docId: award.id,
      action: 'objection',
      fromStatus: 'PUBLICITY',
      toStatus: 'SUSPENDED',
    });
    await moveEvent(trx, actor, event, ['PUBLICITY'], 'SUSPENDED', 'objection');
  }
  await notifyBuyer(
    trx,
    event,
    `收到评标结果异议：${event.title}`,
    `${participation.supplierName}提出异议，定标已暂停，请在3日内答复（TND-18）`,
  );
  await tenderAuditHook(trx, actor, event.id, 'objection', {
    supplierId: participation.supplierId,
    stage: 'RESULT',
  });
}
