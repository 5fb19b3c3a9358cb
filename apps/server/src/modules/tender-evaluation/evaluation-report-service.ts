import { add, compare } from '@procura/shared';
import { serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { logState, notifyBuyer } from '../sourcing/sourcing-service.js';
import {
  byRole,
  dropDraftReport,
  EVALUATION_OPEN,
  evaluationSettings,
  failAllRejected,
  memberFor,
  openedBids,
  rejectBid,
  tenderAuditHook,
  toEvaluating,
} from './evaluation-service.js';
import { candidatesOf, rankBids, type EvaluationMethod, type PriceFormula } from './scoring.js';
import type { ScoresBody } from './evaluation-schemas.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../sourcing/sourcing-service.js';

/**
 * Scoring and the report (§11.3, TND-12..16): members' scores, the chair's rejections (TND-14,
 * TND-24), the ranked report with its candidates, and the members' signatures.
 */

/** Stores a member's scores for the opened bids (drafts until submitted; the first submit locks the criteria). */
export async function submitScores(trx: Db, actor: Actor, body: ScoresBody): Promise<void> {
  const seat = await memberFor(trx, actor, body.eventId);
  const member = seat.member;
  let event = seat.event;
  if (!(EVALUATION_OPEN as readonly string[]).includes(event.status)) throw businessError('当前状态不能评分');
  if (!member.declaredNoConflictAt) throw businessError('请先声明与投标人无利害关系（TND-11）');
  if (member.scoresSubmittedAt) throw businessError('您已提交评分，不能修改（TND-12）');
  const criteria = await trx
    .selectFrom('tenderCriterion')
    .selectAll()
    .where('eventId', '=', event.id)
    .where('method', 'in', ['MANUAL', 'PASS_FAIL'])
    .execute();
  if (!(await evaluationSettings(trx, event.id))) throw businessError('采购人尚未设置评标办法');
  const bids = (await openedBids(trx, event)).filter((b) => b.status === 'OPENED' || b.status === 'VALID');
  const seen = new Set<string>();
  for (const s of body.scores) {
    const bid = bids.find((b) => b.id === s.responseId);
    const c = criteria.find((x) => x.id === s.criterionId);
    if (!bid || !c) throw badRequest('评分对应的投标或评审项不存在或已被否决');
    const key = `${s.responseId}:${s.criterionId}`;
    if (seen.has(key)) throw badRequest('同一投标的同一评审项只能打一次分');
    seen.add(key);
    if (c.method === 'MANUAL') {
      if (s.score === undefined) throw businessError(`请为${bid.supplierName}的“${c.name}”打分`);
      if (compare(s.score, c.maxScore) > 0)
        throw businessError(`${bid.supplierName}的“${c.name}”得分不能超过满分${c.maxScore}`);
    } else if (s.passed === undefined) throw businessError(`请判定${bid.supplierName}的“${c.name}”是否合格`);
  }
  const missing = bids.length * criteria.length - seen.size;
  if (missing > 0) throw businessError(`请对每个有效投标的每个评审项打分后再提交（TND-12），还差${missing}项`);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('tenderCommitteeMember')
    .set({ scoresSubmittedAt: now })
    .where('id', '=', member.id)
    .where('scoresSubmittedAt', 'is', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('您已提交评分，不能修改（TND-12）');
  if (body.scores.length > 0) {
    await trx
      .insertInto('tenderScore')
      .values(
        body.scores.map((s) => ({
          id: newId(),
          eventId: event.id,
          memberId: member.id,
          responseId: s.responseId,
          criterionId: s.criterionId,
          score: s.score ?? null,
          passed: s.passed === undefined ? null : s.passed ? 1 : 0,
          comment: s.comment ?? null,
          submittedAt: now,
        })),
      )
      .execute();
  }
  await trx
    .updateTable('tenderEvaluation')
    .set({ criteriaLockedAt: now })
    .where('eventId', '=', event.id)
    .where('criteriaLockedAt', 'is', null)
    .execute();
  event = await toEvaluating(trx, actor, event);
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'EVENT',
    docId: event.id,
    action: 'score',
    fromStatus: event.status,
    toStatus: event.status,
    reason: member.userName,
  });
  await tenderAuditHook(trx, actor, event.id, 'score', { memberId: member.id, count: body.scores.length });
}

/** The chair rejects a bid with a reason; true when every bid is now rejected and the tender failed. */
export async function rejectTenderBid(
  trx: Db,
  actor: Actor,
  body: { eventId: string; responseId: string; reason: string },
) {
  const { event, member } = await memberFor(trx, actor, body.eventId);
  if (member.role !== 'CHAIR') throw businessError('只有评标委员会主任委员可以否决投标');
  if (!member.declaredNoConflictAt) throw businessError('请先声明与投标人无利害关系（TND-11）');
  if (!(EVALUATION_OPEN as readonly string[]).includes(event.status)) throw businessError('当前状态不能否决投标');
  const bids = await openedBids(trx, event);
  const bid = bids.find((b) => b.id === body.responseId);
  if (!bid) throw badRequest('投标不存在');
  if (bid.status === 'REJECTED') throw businessError('该投标已被否决');
  await dropDraftReport(trx, event.id);
  await rejectBid(trx, actor, event, bid, body.reason);
  const evaluating = await toEvaluating(trx, actor, event);
  if (bids.every((b) => b.id === bid.id || b.status === 'REJECTED')) {
    await failAllRejected(trx, actor, evaluating);
    return true;
  }
  return false;
}

/** The chair ranks the bids into the report and its candidates (TND-13, TND-16). */
export async function generateReport(
  trx: Db,
  actor: Actor,
  body: { eventId: string; recommendation?: string | undefined },
) {
  const { event: found, member } = await memberFor(trx, actor, body.eventId);
  if (member.role !== 'CHAIR') throw businessError('只有评标委员会主任委员可以汇总评标结果');
  const event = await toEvaluating(trx, actor, found);
  if (event.status !== 'EVALUATING') throw businessError('当前状态不能生成评标报告');
  const settings = await evaluationSettings(trx, event.id);
  if (!settings) throw businessError('采购人尚未设置评标办法');
  const members = byRole(
    await trx.selectFrom('tenderCommitteeMember').selectAll().where('eventId', '=', event.id).execute(),
  );
  const pending = members.filter((m) => !m.scoresSubmittedAt).map((m) => m.userName);
  if (pending.length) throw businessError(`${pending.join('、')}尚未提交评分，不能汇总排名（TND-12）`);
  await dropDraftReport(trx, event.id);
  const criteria = await trx.selectFrom('tenderCriterion').selectAll().where('eventId', '=', event.id).execute();
  const scores = await trx.selectFrom('tenderScore').selectAll().where('eventId', '=', event.id).execute();
  let bids = await openedBids(trx, event);
  // TND-14: above the published ceiling, or failed a pass/fail item by a majority of the members.
  for (const b of bids.filter((x) => x.status === 'OPENED' || x.status === 'VALID')) {
    if (b.totalAmount === null) throw businessError('商务标尚未开启，不能汇总排名');
    let reason: string | null = null;
    if (event.ceilingPrice && compare(b.totalAmount, event.ceilingPrice) > 0)
      reason = `投标报价${b.totalAmount}超过最高投标限价${event.ceilingPrice}（TND-14）`;
    for (const c of criteria.filter((x) => x.method === 'PASS_FAIL')) {
      if (reason) break;
      const fails = scores.filter((s) => s.responseId === b.id && s.criterionId === c.id && s.passed === 0).length;
      if (fails * 2 > members.length) reason = `未通过评审项“${c.name}”（多数评委判定不合格，TND-14）`;
    }
    if (reason) await rejectBid(trx, null, event, b, reason);
  }
  bids = await openedBids(trx, event);
  if (bids.every((b) => b.status === 'REJECTED')) {
    await failAllRejected(trx, actor, event);
    return { failed: true as const };
  }
  const groupTotals = (responseId: string, group: string) =>
    members.map((m) =>
      add(
        scores
          .filter(
            (s) =>
              s.memberId === m.id &&
              s.responseId === responseId &&
              s.score !== null &&
              criteria.find((c) => c.id === s.criterionId)?.criterionGroup === group,
          )
          .map((s) => s.score!),
      ),
    );
  const hasManual = (group: string) => criteria.some((c) => c.criterionGroup === group && c.method === 'MANUAL');
  const priceWeight = add(criteria.filter((c) => c.criterionGroup === 'PRICE').map((c) => c.maxScore));
  const ranking = rankBids(
    settings.evaluationMethod as EvaluationMethod,
    settings.priceFormula as PriceFormula,
    priceWeight,
    bids.map((b) => ({
      responseId: b.id,
      price: b.totalAmount ?? '0',
      submittedAt: b.submittedAt ?? '',
      rejectReason: b.status === 'REJECTED' ? (b.rejectReason ?? '已否决') : null,
      technical: hasManual('TECHNICAL') ? groupTotals(b.id, 'TECHNICAL') : [],
      business: hasManual('BUSINESS') ? groupTotals(b.id, 'BUSINESS') : [],
    })),
  );
  const named = ranking.map((r) => {
    const b = bids.find((x) => x.id === r.responseId)!;
    return { ...r, supplierId: b.supplierId, supplierName: b.supplierName };
  });
  const now = serverNowIso();
  const lot = await trx
    .selectFrom('sourcingLot')
    .select('id')
    .where('eventId', '=', event.id)
    .orderBy('lotNo')
    .executeTakeFirst();
  const reportId = newId();
  await trx
    .insertInto('tenderEvaluationReport')
    .values({
      id: reportId,
      tenantId: event.tenantId,
      eventId: event.id,
      lotId: lot?.id ?? null,
      ranking: JSON.stringify(named),
      recommendation: body.recommendation ?? null,
      status: 'DRAFT',
      signedAt: null,
      createBy: actor.user.username,
      createTime: now,
    })
    .execute();
  const candidates = candidatesOf(ranking);
  for (const c of candidates) {
    const b = bids.find((x) => x.id === c.responseId)!;
    await trx
      .insertInto('tenderCandidate')
      .values({
        id: newId(),
        eventId: event.id,
        reportId,
        lotId: lot?.id ?? null,
        responseId: b.id,
        supplierId: b.supplierId,
        supplierName: b.supplierName,
        rank: c.rank!,
        amount: c.price,
        totalScore: c.total,
      })
      .execute();
  }
  for (const b of bids.filter((x) => x.status === 'OPENED')) {
    await trx
      .updateTable('sourcingResponse')
      .set({ status: 'VALID', updateTime: now })
      .where('id', '=', b.id)
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: b.id,
      action: 'evaluate',
      fromStatus: 'OPENED',
      toStatus: 'VALID',
    });
  }
  await tenderAuditHook(trx, actor, event.id, 'report', {
    reportId,
    candidates: candidates.map((c) => c.responseId),
  });
  return { failed: false as const, reportId };
}

/** A member signs the report; true once every member has. */
export async function signReport(trx: Db, actor: Actor, eventId: string): Promise<boolean> {
  const { event, member } = await memberFor(trx, actor, eventId);
  const report = await trx
    .selectFrom('tenderEvaluationReport')
    .selectAll()
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (!report) throw businessError('评标报告尚未生成');
  if (report.status !== 'DRAFT') throw businessError('评标报告已签署完毕');
  const already = await trx
    .selectFrom('tenderReportSignature')
    .select('id')
    .where('reportId', '=', report.id)
    .where('memberId', '=', member.id)
    .executeTakeFirst();
  if (already) throw businessError('您已在评标报告上签字');
  const now = serverNowIso();
  await trx
    .insertInto('tenderReportSignature')
    .values({ id: newId(), reportId: report.id, memberId: member.id, signedAt: now })
    .execute();
  const members = await trx.selectFrom('tenderCommitteeMember').select('id').where('eventId', '=', event.id).execute();
  const signatures = await trx
    .selectFrom('tenderReportSignature')
    .select('memberId')
    .where('reportId', '=', report.id)
    .execute();
  await tenderAuditHook(trx, actor, event.id, 'signReport', { reportId: report.id });
  if (signatures.length < members.length) return false;
  await trx
    .updateTable('tenderEvaluationReport')
    .set({ status: 'SIGNED', signedAt: now })
    .where('id', '=', report.id)
    .where('status', '=', 'DRAFT')
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'EVENT',
    docId: event.id,
    action: 'reportSigned',
    fromStatus: event.status,
    toStatus: event.status,
  });
  await notifyBuyer(trx, event, `评标报告已签署：${event.title}`, '评标委员会已全体签字，可以定标');
  return true;
}
