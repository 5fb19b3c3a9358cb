import { add, compare } from '@procura/shared';
import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { logState } from '../sourcing/sourcing-service.js';
import {
  bidderLinks,
  EVALUATION_OPEN,
  evaluationSettings,
  expertIds,
  linkedBidder,
  memberFor,
  tenderAuditHook,
  tenderFor,
  tenderSettingsOf,
  toEvaluating,
} from './evaluation-service.js';
import type { CommitteeBody, SetupBody } from './evaluation-schemas.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../sourcing/sourcing-service.js';

/**
 * Before scoring (§11.3, TND-11/12/13): the evaluation method with its criteria (locked once
 * a member has scored) and the committee with its conflict-of-interest declarations.
 */

/** The stored maximum of a pass/fail criterion (it adds no points). */
const PASS_FAIL_MAX = '0';

/** Saves the method and replaces the criteria (TND-13 sums; locked after the first scores, TND-12). */
export async function saveEvaluationSetup(trx: Db, actor: Actor, body: SetupBody): Promise<void> {
  const event = await tenderFor(trx, actor, body.eventId);
  if (
    ['AWARD_PENDING_APPROVAL', 'PUBLICITY', 'SUSPENDED', 'AWARDED', 'COMPLETED', 'FAILED', 'CANCELLED'].includes(
      event.status,
    )
  )
    throw businessError('当前状态不能修改评标办法');
  const tender = await tenderSettingsOf(trx, event.id);
  const method =
    body.evaluationMethod ??
    (tender?.evaluationMethod as 'LOWEST_EVALUATED_PRICE' | 'COMPREHENSIVE_SCORE' | undefined) ??
    'COMPREHENSIVE_SCORE';
  const publicityDays = body.publicityDays ?? tender?.publicityDays ?? 3;
  if (publicityDays < 3) throw businessError('中标候选人公示期不少于3天（TND-17）');
  const sum = (group: string) =>
    add(body.criteria.filter((c) => c.group === group && c.method !== 'PASS_FAIL').map((c) => c.maxScore!));
  for (const c of body.criteria) {
    if (c.group === 'PRICE' && c.method !== 'FORMULA')
      throw businessError(`价格评审项“${c.name}”须按公式计算（TND-13）`);
    if (c.group !== 'PRICE' && c.method === 'FORMULA')
      throw businessError(`评审项“${c.name}”：只有价格评审项按公式计算`);
    if (c.method !== 'PASS_FAIL' && (!c.maxScore || compare(c.maxScore, '0') <= 0))
      throw businessError(`评审项“${c.name}”的满分须大于0`);
  }
  if (method === 'LOWEST_EVALUATED_PRICE') {
    if (body.criteria.some((c) => c.method !== 'PASS_FAIL'))
      throw businessError('经评审的最低投标价法只设合格/不合格评审项，按评审价格排序');
  } else {
    if (body.criteria.filter((c) => c.group === 'PRICE').length !== 1)
      throw businessError('综合评估法须设置且只设置一个价格评审项（TND-13）');
    const total = add(body.criteria.filter((c) => c.method !== 'PASS_FAIL').map((c) => c.maxScore!));
    if (compare(total, '100') !== 0) throw businessError(`综合评估法各评审项满分合计须为100分，当前${total}分`);
    if (tender) {
      for (const [group, label, weight] of [
        ['PRICE', '价格', tender.priceWeight],
        ['TECHNICAL', '技术', tender.techWeight],
        ['BUSINESS', '商务', tender.businessWeight],
      ] as const) {
        if (compare(sum(group), String(weight)) !== 0)
          throw businessError(`${label}评审项满分合计须等于招标文件的${label}权重${weight}分，当前${sum(group)}分`);
      }
    }
  }
  const current = await evaluationSettings(trx, event.id);
  if (current?.criteriaLockedAt) throw businessError('已有评委提交评分，评标办法和评审项不能修改（TND-12）');
  const now = serverNowIso();
  const values = {
    evaluationMethod: method,
    priceFormula: body.priceFormula ?? tender?.priceFormula ?? 'LOWEST_AS_BASE',
    publicityDays,
    mustAwardRank1: (body.mustAwardRank1 ?? tender?.mustAwardRank1 === 1) ? 1 : 0,
  };
  if (current) {
    await trx
      .updateTable('tenderEvaluation')
      .set({ ...values, version: current.version + 1, updateBy: actor.user.username, updateTime: now })
      .where('eventId', '=', event.id)
      .where('criteriaLockedAt', 'is', null)
      .execute();
  } else {
    await trx
      .insertInto('tenderEvaluation')
      .values({
        eventId: event.id,
        tenantId: event.tenantId,
        ...values,
        criteriaLockedAt: null,
        version: 1,
        createBy: actor.user.username,
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  await trx.deleteFrom('tenderCriterion').where('eventId', '=', event.id).execute();
  await trx
    .insertInto('tenderCriterion')
    .values(
      body.criteria.map((c, i) => ({
        id: newId(),
        eventId: event.id,
        criterionGroup: c.group,
        name: c.name,
        maxScore: c.method === 'PASS_FAIL' ? PASS_FAIL_MAX : c.maxScore!,
        method: c.method,
        guide: c.guide ?? null,
        sortNo: i + 1,
      })),
    )
    .execute();
}

/** Replaces the committee (TND-11: 5 or more, odd, one chair, experts not linked to bidders). */
export async function saveCommittee(trx: Db, actor: Actor, body: CommitteeBody): Promise<void> {
  const count = body.members.length;
  const userIds = body.members.map((m) => m.userId);
  let event = await tenderFor(trx, actor, body.eventId);
  if (!['PUBLISHED', 'CLOSED', ...EVALUATION_OPEN].includes(event.status))
    throw businessError('当前状态不能组建评标委员会');
  const submitted = await trx
    .selectFrom('tenderCommitteeMember')
    .select('id')
    .where('eventId', '=', event.id)
    .where('scoresSubmittedAt', 'is not', null)
    .executeTakeFirst();
  if (submitted) throw businessError('已有评委提交评分，评标委员会不能更换');
  const users = await trx
    .selectFrom('sysUser')
    .select(['id', 'realname', 'username', 'supplierId', 'phone', 'email', 'status', 'delFlag'])
    .where('id', 'in', userIds)
    .execute();
  const linkOf = await bidderLinks(trx, event);
  for (const m of body.members) {
    const u = users.find((x) => x.id === m.userId);
    if (!u || u.delFlag !== 0 || u.status !== 1) throw businessError('评标委员会成员须为有效的内部用户');
    if (u.supplierId) throw businessError(`${u.realname || u.username}是供应商用户，不能担任评委（TND-11）`);
    const linked = linkOf(u);
    if (linked) throw businessError(`${u.realname || u.username}与投标人“${linked}”存在关联，须回避（TND-11）`);
  }
  const experts = await expertIds(trx, userIds);
  if (experts.size * 3 < count * 2)
    throw businessError(`技术、经济专家不少于成员总数的三分之二（TND-11），当前${experts.size}/${count}`);
  const now = serverNowIso();
  await trx.deleteFrom('tenderCommitteeMember').where('eventId', '=', event.id).execute();
  await trx
    .insertInto('tenderCommitteeMember')
    .values(
      body.members.map((m) => {
        const u = users.find((x) => x.id === m.userId)!;
        return {
          id: newId(),
          eventId: event.id,
          userId: u.id,
          userName: u.realname || u.username,
          role: m.role,
          isExpert: experts.has(u.id) ? 1 : 0,
          declaredNoConflictAt: null,
          scoresSubmittedAt: null,
          formedBy: actor.user.id,
          createTime: now,
        };
      }),
    )
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'EVENT',
    docId: event.id,
    action: 'formCommittee',
    fromStatus: event.status,
    toStatus: event.status,
    reason: `评标委员会${count}人`,
  });
  event = await toEvaluating(trx, actor, event);
  await tenderAuditHook(trx, actor, event.id, 'formCommittee', { members: userIds });
}

/** A member declares no conflict of interest with the bidders (TND-11). */
export async function declareNoConflict(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const { event, member } = await memberFor(trx, actor, eventId);
  if (member.declaredNoConflictAt) throw businessError('您已声明无利害关系');
  const linked = await linkedBidder(trx, event, actor.user.id);
  if (linked) throw businessError(`您与投标人“${linked}”存在关联，须回避，请联系采购人更换评委（TND-11）`);
  await trx
    .updateTable('tenderCommitteeMember')
    .set({ declaredNoConflictAt: serverNowIso() })
    .where('id', '=', member.id)
    .where('declaredNoConflictAt', 'is', null)
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'EVENT',
    docId: event.id,
    action: 'declareNoConflict',
    fromStatus: event.status,
    toStatus: event.status,
  });
  await tenderAuditHook(trx, actor, event.id, 'declareNoConflict', { memberId: member.id });
}
