import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMITTEE_ROLE_TEXT, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import { actorOf } from '../sourcing/sourcing-service.js';
import { byRole, evaluationSettings, memberFor, openedBids, tenderAuditHook, tenderFor } from './evaluation-service.js';
import { committeeBody, scoresBody, setupBody } from './evaluation-schemas.js';
import { declareNoConflict, saveCommittee, saveEvaluationSetup } from './evaluation-setup-service.js';
import { generateReport, rejectTenderBid, signReport, submitScores } from './evaluation-report-service.js';
import { committeeCandidates, reportView } from './evaluation-queries.js';

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
        await ctx.db.transaction().execute((trx) => saveEvaluationSetup(trx, actorOf(request), body));
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
        await ctx.db.transaction().execute((trx) => saveCommittee(trx, actorOf(request), body));
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
        return ok(await committeeCandidates(ctx.db, ctx.kind, event, actor.tenantId, request.query.keyword));
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
        return ok(await reportView(ctx.db, event.id));
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
        await ctx.db.transaction().execute((trx) => declareNoConflict(trx, actorOf(request), request.body.eventId));
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
        await ctx.db.transaction().execute((trx) => submitScores(trx, actorOf(request), body));
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
        const failed = await ctx.db.transaction().execute((trx) => rejectTenderBid(trx, actorOf(request), body));
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
        const result = await ctx.db.transaction().execute((trx) => generateReport(trx, actorOf(request), body));
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
        const signed = await ctx.db
          .transaction()
          .execute((trx) => signReport(trx, actorOf(request), request.body.eventId));
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
        return ok(await reportView(ctx.db, event.id));
      },
    );
  };
