import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMITTEE_ROLE_TEXT, ok, add, compare, decimals, isDecimal } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { escapeLike } from '../../core/paging.js';
import { internalUsers } from '../tender/internal-users.js';
import { id } from '../../http/wire.js';
import { actorOf, logState, notifyBuyer } from '../sourcing/sourcing-service.js';
import {
  bidderLinks,
  byRole,
  dropDraftReport,
  EVALUATION_OPEN,
  evaluationSettings,
  EXPERT_ROLE,
  expertIds,
  failAllRejected,
  linkedBidder,
  memberFor,
  openedBids,
  rejectBid,
  tenderAuditHook,
  tenderFor,
  tenderSettingsOf,
  toEvaluating,
} from './evaluation-service.js';
import { candidatesOf, rankBids, type EvaluationMethod, type PriceFormula } from './scoring.js';

const score = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => isDecimal(v) && decimals(v) <= 2, `${label}须为不小于0、最多两位小数的数字`);

const criterionBody = z.object({
  group: z.enum(['PRICE', 'TECHNICAL', 'BUSINESS'], { message: '评分项分组应为价格、技术或商务' }),
  name: z.string().trim().min(1, '请填写评分项名称').max(200, '评分项名称不能超过200个字符'),
  method: z.enum(['FORMULA', 'MANUAL', 'PASS_FAIL'], { message: '评分方式应为公式、人工打分或合格/不合格' }),
  maxScore: score('满分').optional(),
  guide: z.string().trim().max(1000, '评分标准不能超过1000个字符').optional(),
});

const setupBody = z.object({
  eventId: id,
  // Left out: the tender's settings (0046), else COMPREHENSIVE_SCORE, LOWEST_AS_BASE, 3 days, false.
  evaluationMethod: z
    .enum(['LOWEST_EVALUATED_PRICE', 'COMPREHENSIVE_SCORE'], {
      message: '评标办法应为经评审的最低投标价法或综合评估法',
    })
    .optional(),
  priceFormula: z
    .enum(['LOWEST_AS_BASE', 'AVERAGE_AS_BASE'], { message: '价格分计算方式应为最低价基准或平均价基准' })
    .optional(),
  publicityDays: z.number().int('公示天数须为整数').max(30, '公示天数不能超过30天').optional(),
  mustAwardRank1: z.boolean().optional(),
  criteria: z.array(criterionBody).min(1, '请至少设置一个评审项').max(100),
});

const committeeBody = z.object({
  eventId: id,
  members: z
    .array(
      z.object({
        userId: id,
        role: z.enum(['CHAIR', 'MEMBER', 'BUYER_REP'], { message: '成员角色应为主任委员、委员或采购人代表' }),
      }),
    )
    .max(51),
});

const scoresBody = z.object({
  eventId: id,
  scores: z
    .array(
      z.object({
        responseId: id,
        criterionId: id,
        score: score('得分').optional(),
        passed: z.boolean().optional(),
        comment: z.string().trim().max(1000, '评语不能超过1000个字符').optional(),
      }),
    )
    .max(5000),
});

const PASS_FAIL_MAX = '0';

export const evaluationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['招标（评标）'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    // ---- Buyer: evaluation method and criteria (§11.1), the committee (TND-11) ----

    app.post(
      '/srm/tender/evaluation/setup',
      {
        schema: {
          tags,
          summary: '设置评标办法与评审项（综合评估法满分合计100；有评委提交评分后锁定）',
          body: setupBody,
        },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const body = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await tenderFor(trx, actor, body.eventId);
          if (
            [
              'AWARD_PENDING_APPROVAL',
              'PUBLICITY',
              'SUSPENDED',
              'AWARDED',
              'COMPLETED',
              'FAILED',
              'CANCELLED',
            ].includes(event.status)
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
                  throw businessError(
                    `${label}评审项满分合计须等于招标文件的${label}权重${weight}分，当前${sum(group)}分`,
                  );
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
        });
        return ok(null, '评标办法已保存');
      },
    );

    app.get(
      '/srm/tender/evaluation/setup',
      {
        schema: { tags, summary: '评标办法与评审项', querystring: z.object({ eventId: id }) },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const event = await tenderFor(ctx.db, actorOf(request), request.query.eventId);
        const settings = await evaluationSettings(ctx.db, event.id);
        const criteria = await ctx.db
          .selectFrom('tenderCriterion')
          .selectAll()
          .where('eventId', '=', event.id)
          .orderBy('sortNo')
          .execute();
        return ok({ settings, criteria });
      },
    );

    app.post(
      '/srm/tender/evaluation/committee',
      {
        schema: {
          tags,
          summary: '组建评标委员会（TND-11：5人以上单数，专家不少于三分之二，一名主任委员，与投标人有关联者回避）',
          body: committeeBody,
        },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const body = request.body;
        const count = body.members.length;
        if (count < 5 || count % 2 === 0) throw businessError(`评标委员会须为5人以上单数（TND-11），当前${count}人`);
        const userIds = body.members.map((m) => m.userId);
        if (new Set(userIds).size !== count) throw businessError('同一人不能重复加入评标委员会');
        if (body.members.filter((m) => m.role === 'CHAIR').length !== 1)
          throw businessError('评标委员会须有且只有一名主任委员');
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
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
        });
        return ok(null, '评标委员会已组建');
      },
    );

    app.get(
      '/srm/tender/evaluation/committee',
      {
        schema: { tags, summary: '评标委员会成员、回避声明与评分提交情况', querystring: z.object({ eventId: id }) },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const event = await tenderFor(ctx.db, actorOf(request), request.query.eventId);
        const members = byRole(
          await ctx.db.selectFrom('tenderCommitteeMember').selectAll().where('eventId', '=', event.id).execute(),
        );
        return ok(
          members.map((m) => ({
            ...m,
            roleText: COMMITTEE_ROLE_TEXT[m.role] ?? m.role,
            declaredNoConflictAt: toWireDateTime(m.declaredNoConflictAt),
            scoresSubmittedAt: toWireDateTime(m.scoresSubmittedAt),
          })),
        );
      },
    );

    app.get(
      '/srm/tender/evaluation/committee/candidates',
      {
        schema: {
          tags,
          summary: '可选评委：有效的内部用户，评标专家在前，标明专家身份与投标人关联（TND-11）',
          querystring: z.object({
            eventId: id,
            keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional(),
          }),
        },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const actor = actorOf(request);
        const event = await tenderFor(ctx.db, actor, request.query.eventId);
        const keyword = request.query.keyword;
        let q = internalUsers(ctx.db, actor.tenantId)
          .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email', 'u.supplierId'])
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('sysUserRole as ur')
                  .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
                  .select('ur.id')
                  .whereRef('ur.userId', '=', 'u.id')
                  .where('r.roleCode', '=', EXPERT_ROLE),
              )
              .as('isExpert'),
          );
        if (keyword) {
          const pattern = `%${escapeLike(keyword)}%`;
          const like = (column: 'u.username' | 'u.realname') =>
            ctx.kind === 'postgres'
              ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape ${'\\'}`
              : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape ${'\\'}`;
          q = q.where((eb) => eb.or([like('u.username'), like('u.realname')]));
        }
        const rows = await q.orderBy('isExpert', 'desc').orderBy('u.username').limit(50).execute();
        const linkOf = await bidderLinks(ctx.db, event);
        return ok(
          rows.map((u) => ({
            id: u.id,
            username: u.username,
            realname: u.realname,
            isExpert: Boolean(u.isExpert),
            linkedBidder: linkOf(u),
          })),
        );
      },
    );

    app.get(
      '/srm/tender/evaluation/report',
      {
        schema: { tags, summary: '评标报告（排名、候选人、签字情况）', querystring: z.object({ eventId: id }) },
        config: access('srm:tenderEval:setup'),
      },
      async (request) => {
        const event = await tenderFor(ctx.db, actorOf(request), request.query.eventId);
        return ok(await reportView(ctx, event.id));
      },
    );

    // ---- Committee members (srm:tenderEval:score and a seat on the committee) ----

    app.get(
      '/srm/tender/evaluation/my',
      { schema: { tags, summary: '我参加的评标项目' }, config: access('srm:tenderEval:score') },
      async (request) => {
        const actor = actorOf(request);
        const rows = await ctx.db
          .selectFrom('tenderCommitteeMember as m')
          .innerJoin('sourcingEvent as e', 'e.id', 'm.eventId')
          .select([
            'e.id as eventId',
            'e.code',
            'e.title',
            'e.status',
            'e.openedAt',
            'm.id as memberId',
            'm.role',
            'm.declaredNoConflictAt',
            'm.scoresSubmittedAt',
          ])
          .where('m.userId', '=', actor.user.id)
          .where('e.tenantId', '=', actor.tenantId)
          .orderBy('e.createTime', 'desc')
          .execute();
        return ok(
          rows.map((r) => ({
            ...r,
            roleText: COMMITTEE_ROLE_TEXT[r.role] ?? r.role,
            openedAt: toWireDateTime(r.openedAt),
            declaredNoConflictAt: toWireDateTime(r.declaredNoConflictAt),
            scoresSubmittedAt: toWireDateTime(r.scoresSubmittedAt),
          })),
        );
      },
    );

    app.post(
      '/srm/tender/evaluation/declare',
      {
        schema: {
          tags,
          summary: '评委声明与投标人无利害关系（TND-11，查看投标文件前）',
          body: z.object({ eventId: id, noConflict: z.literal(true, { message: '请确认与投标人无利害关系' }) }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const { event, member } = await memberFor(trx, actor, request.body.eventId);
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
        });
        return ok(null, '已声明无利害关系');
      },
    );

    app.get(
      '/srm/tender/evaluation/bids',
      {
        schema: {
          tags,
          summary: '评委查看投标文件（开标后，已声明无利害关系，P5）',
          querystring: z.object({ eventId: id }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const { event, member } = await memberFor(ctx.db, actorOf(request), request.query.eventId);
        if (!member.declaredNoConflictAt) throw businessError('请先声明与投标人无利害关系，再查看投标文件（TND-11）');
        if (!event.openedAt) throw businessError('开标前不能查看投标文件（TND-5）');
        const bids = await openedBids(ctx.db, event);
        const ids = bids.map((b) => b.id);
        const lines = ids.length
          ? await ctx.db
              .selectFrom('sourcingResponseLine as rl')
              .innerJoin('sourcingLine as l', 'l.id', 'rl.sourcingLineId')
              .select([
                'rl.responseId',
                'l.lineNo',
                'l.materialName',
                'l.qty',
                'l.unit',
                'rl.offered',
                'rl.unitPrice',
                'rl.taxRate',
                'rl.amount',
                'rl.leadTimeDays',
                'rl.remark',
              ])
              .where('rl.responseId', 'in', ids)
              .orderBy('l.lineNo')
              .execute()
          : [];
        const criteria = await ctx.db
          .selectFrom('tenderCriterion')
          .selectAll()
          .where('eventId', '=', event.id)
          .orderBy('sortNo')
          .execute();
        // P4: a member's view of the bids is an audit event too.
        await ctx.db
          .transaction()
          .execute((trx) => tenderAuditHook(trx, actorOf(request), event.id, 'viewBids', { memberId: member.id }));
        return ok({
          event: {
            id: event.id,
            code: event.code,
            title: event.title,
            status: event.status,
            ceilingPrice: event.ceilingPrice,
            currency: event.currency,
          },
          criteria,
          bids: bids.map((b) => ({
            ...b,
            submittedAt: toWireDateTime(b.submittedAt),
            lines: lines.filter((l) => l.responseId === b.id),
          })),
        });
      },
    );

    app.post(
      '/srm/tender/evaluation/score/submit',
      {
        schema: {
          tags,
          summary: '评委提交评分（TND-12：须对每个有效投标的每个人工评审项打分，提交后不能修改）',
          body: scoresBody,
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const body = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
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
        });
        return ok(null, '评分已提交');
      },
    );

    app.get(
      '/srm/tender/evaluation/scores',
      {
        schema: {
          tags,
          summary: '本人评分；提交本人评分后才能看到其他评委的评分（TND-12）',
          querystring: z.object({ eventId: id }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const { event, member } = await memberFor(ctx.db, actorOf(request), request.query.eventId);
        const all = await ctx.db
          .selectFrom('tenderScore as s')
          .innerJoin('tenderCommitteeMember as m', 'm.id', 's.memberId')
          .select([
            's.memberId',
            'm.userName',
            's.responseId',
            's.criterionId',
            's.score',
            's.passed',
            's.comment',
            's.submittedAt',
          ])
          .where('s.eventId', '=', event.id)
          .execute();
        const mine = all.filter((s) => s.memberId === member.id);
        const othersVisible = member.scoresSubmittedAt !== null;
        return ok({
          submitted: othersVisible,
          mine,
          others: othersVisible ? all.filter((s) => s.memberId !== member.id) : null,
        });
      },
    );

    app.post(
      '/srm/tender/evaluation/reject',
      {
        schema: {
          tags,
          summary: '否决投标（主任委员，TND-14，须说明理由；全部否决则流标 TND-24）',
          body: z.object({
            eventId: id,
            responseId: id,
            reason: z.string().trim().min(1, '请填写否决理由').max(500, '否决理由不能超过500个字符'),
          }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const body = request.body;
        const failed = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const { event, member } = await memberFor(trx, actor, body.eventId);
          if (member.role !== 'CHAIR') throw businessError('只有评标委员会主任委员可以否决投标');
          if (!member.declaredNoConflictAt) throw businessError('请先声明与投标人无利害关系（TND-11）');
          if (!(EVALUATION_OPEN as readonly string[]).includes(event.status))
            throw businessError('当前状态不能否决投标');
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
        });
        return ok({ failed }, failed ? '所有投标均被否决，本次招标失败（TND-24）' : '已否决该投标');
      },
    );

    app.post(
      '/srm/tender/evaluation/report/generate',
      {
        schema: {
          tags,
          summary: '汇总评分生成评标报告（主任委员；全部评委提交评分后，TND-12/13/16）',
          body: z.object({
            eventId: id,
            recommendation: z.string().trim().max(2000, '推荐意见不能超过2000个字符').optional(),
          }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const body = request.body;
        const result = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
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
          const criteria = await trx
            .selectFrom('tenderCriterion')
            .selectAll()
            .where('eventId', '=', event.id)
            .execute();
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
              const fails = scores.filter(
                (s) => s.responseId === b.id && s.criterionId === c.id && s.passed === 0,
              ).length;
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
          const hasManual = (group: string) =>
            criteria.some((c) => c.criterionGroup === group && c.method === 'MANUAL');
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
        });
        return ok(
          result,
          result.failed ? '所有投标均被否决，本次招标失败（TND-24）' : '评标报告已生成，请全体评委签字',
        );
      },
    );

    app.post(
      '/srm/tender/evaluation/report/sign',
      {
        schema: {
          tags,
          summary: '评委在评标报告上签字；全体签字后报告 SIGNED（TND-16）',
          body: z.object({ eventId: id }),
        },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const signed = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const { event, member } = await memberFor(trx, actor, request.body.eventId);
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
          const members = await trx
            .selectFrom('tenderCommitteeMember')
            .select('id')
            .where('eventId', '=', event.id)
            .execute();
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
        });
        return ok({ signed }, signed ? '评标报告已全体签字' : '已签字');
      },
    );

    app.get(
      '/srm/tender/evaluation/member/report',
      {
        schema: { tags, summary: '评委查看评标报告', querystring: z.object({ eventId: id }) },
        config: access('srm:tenderEval:score'),
      },
      async (request) => {
        const { event } = await memberFor(ctx.db, actorOf(request), request.query.eventId);
        return ok(await reportView(ctx, event.id));
      },
    );
  };

async function reportView(ctx: AppContext, eventId: string) {
  const report = await ctx.db
    .selectFrom('tenderEvaluationReport')
    .selectAll()
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  if (!report) return null;
  const [candidates, signatures] = await Promise.all([
    ctx.db.selectFrom('tenderCandidate').selectAll().where('reportId', '=', report.id).orderBy('rank').execute(),
    ctx.db
      .selectFrom('tenderReportSignature as s')
      .innerJoin('tenderCommitteeMember as m', 'm.id', 's.memberId')
      .select(['s.memberId', 'm.userName', 's.signedAt'])
      .where('s.reportId', '=', report.id)
      .execute(),
  ]);
  return {
    ...report,
    ranking: JSON.parse(report.ranking) as unknown[],
    createTime: toWireDateTime(report.createTime),
    signedAt: toWireDateTime(report.signedAt),
    candidates,
    signatures: signatures.map((s) => ({ ...s, signedAt: toWireDateTime(s.signedAt) })),
  };
}
