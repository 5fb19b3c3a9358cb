import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hundredths, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { internalUsersWith, supplierUserIds } from '../supplier/status-log.js';
import { notifyUsers } from '../announcements/notify.js';
import { calculateSupplier, ranksOf } from './eval-calculation.js';
import { applyConsequences, logResultChange } from './eval-publish.js';
import { templateStructure } from './eval-template-routes.js';
import { gradeBandsOf } from './grade-bands.js';
import { noticeHtml } from '../../core/sanitize.js';

const ID = z.string().regex(/^[0-9a-f]{32}$/);
const VISIBLE = ['PUBLISHED', 'CLOSED'];

/** The supplier's own results (EVA-6) and appeals; the buyer's answer to an appeal. */
export const evalResultRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // filtered by the session's supplier, whatever the query says.
    app.get(
      '/srm/myEvalResult/list',
      {
        schema: { tags: ['我的评估结果'], summary: '本供应商已发布的评估结果' },
        config: { access: { permission: 'evalResult:mine' } },
      },
      async (request) => {
        const supplierId = request.user!.supplierId;
        if (!supplierId) return ok([]);
        const rows = await ctx.db
          .selectFrom('evalResult as r')
          .innerJoin('evalProject as p', 'p.id', 'r.projectId')
          .select([
            'r.id',
            'p.code',
            'p.name',
            'p.periodFrom',
            'p.periodTo',
            'p.showRank',
            'p.publishedAt',
            'r.totalScore',
            'r.grade',
            'r.rank',
            'r.dimensionScores',
          ])
          .select(['r.appealDeadline', 'r.appealStatus', 'r.supplierAppeal', 'r.appealAnswer'])
          .where('r.supplierId', '=', supplierId)
          .where('p.status', 'in', VISIBLE)
          .orderBy('p.publishedAt', 'desc')
          .execute();
        const now = serverNowIso();
        return ok(
          rows.map(({ showRank, rank, dimensionScores, appealDeadline, publishedAt, ...r }) => ({
            ...r,
            rank: showRank ? rank : null,
            dimensionScores: JSON.parse(dimensionScores) as unknown,
            publishedAt: toWireDateTime(publishedAt),
            appealDeadline: toWireDateTime(appealDeadline),
            canAppeal: r.appealStatus === 'NONE' && !!appealDeadline && now < appealDeadline,
          })),
        );
      },
    );

    app.post(
      '/srm/myEvalResult/appeal',
      {
        schema: {
          tags: ['我的评估结果'],
          summary: '对评估结果提出申诉（EVA-6）',
          body: z.object({ id: ID, reason: z.string().trim().min(1, '请填写申诉理由').max(2000) }),
        },
        config: { access: { permission: 'evalResult:mine' } },
      },
      async (request) => {
        const user = request.user!;
        await ctx.db.transaction().execute(async (trx) => {
          const r = await trx
            .selectFrom('evalResult as r')
            .innerJoin('evalProject as p', 'p.id', 'r.projectId')
            .select([
              'r.id',
              'r.appealStatus',
              'r.appealDeadline',
              'p.status',
              'p.code',
              'p.id as projectId',
              'r.supplierName',
            ])
            .where('r.id', '=', request.body.id)
            .where('r.supplierId', '=', user.supplierId ?? '')
            .executeTakeFirst();
          if (!r || !VISIBLE.includes(r.status)) throw notFound('评估结果不存在');
          if (r.appealStatus !== 'NONE') throw businessError('该评估结果已申诉过');
          if (!r.appealDeadline || serverNowIso() >= r.appealDeadline) throw businessError('申诉期已过');
          await trx
            .updateTable('evalResult')
            .set({
              supplierAppeal: request.body.reason,
              appealedAt: serverNowIso(),
              appealStatus: 'OPEN',
              updateTime: serverNowIso(),
            })
            .where('id', '=', r.id)
            .execute();
          await logResultChange(trx, {
            resultId: r.id,
            action: 'APPEAL',
            reason: request.body.reason,
            actorId: user.id,
          });
          await notifyUsers(trx, {
            userIds: await internalUsersWith(trx, 'evalProject:appeal'),
            title: `${r.supplierName}对绩效评估${r.code}提出申诉`,
            busType: 'evalProject',
            busId: r.projectId,
            openType: 'url',
            openPage: '/srm/performance/project',
          });
        });
        return ok(null, '申诉已提交');
      },
    );

    app.post(
      '/srm/evalResult/answerAppeal',
      {
        schema: {
          tags: ['评估结果'],
          summary: '处理申诉：驳回，或成立并更正评分后重新计算发布（EVA-6、EVA-7）',
          body: z.object({
            id: ID,
            decision: z.enum(['UPHOLD', 'REJECT']),
            answer: z.string().trim().min(1, '请填写答复').max(2000),
            scores: z
              .array(
                z.object({
                  indicatorId: ID,
                  score: z.string().refine((s) => hundredths(s) !== null, '评分必须是0到100之间的数（最多两位小数）'),
                }),
              )
              .max(200)
              .optional(),
          }),
        },
        config: { access: { permission: 'evalProject:appeal' }, internalOnly: true },
      },
      async (request) => {
        const user = request.user!;
        const { id, decision, answer, scores = [] } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const r = await trx
            .selectFrom('evalResult')
            .selectAll()
            .where('id', '=', id)
            .where('tenantId', '=', request.tenantId)
            .executeTakeFirst();
          if (!r) throw notFound('评估结果不存在');
          if (r.appealStatus !== 'OPEN') throw businessError('该评估结果没有待处理的申诉');
          const p = await trx
            .selectFrom('evalProject')
            .selectAll()
            .where('id', '=', r.projectId)
            .executeTakeFirstOrThrow();
          if (decision === 'REJECT') {
            await trx
              .updateTable('evalResult')
              .set({ appealStatus: 'REJECTED', appealAnswer: answer, answeredBy: user.id, updateTime: serverNowIso() })
              .where('id', '=', id)
              .execute();
            await logResultChange(trx, {
              resultId: id,
              action: 'APPEAL_REJECTED',
              reason: answer,
              actorId: user.id,
              fromTotal: r.totalScore,
              toTotal: r.totalScore,
              fromGrade: r.grade,
              toGrade: r.grade,
            });
          } else {
            if (scores.length === 0) throw businessError('申诉成立时请填写更正后的评分');
            const manual = new Set(
              (await templateStructure(trx, p.templateId))
                .flatMap((d) => d.indicators)
                .filter((i) => i.method === 'MANUAL')
                .map((i) => i.id),
            );
            if (scores.some((s) => !manual.has(s.indicatorId))) throw businessError('只能更正人工评分指标');
            // The corrected score replaces every rater's score of that indicator for this supplier.
            for (const s of scores) {
              await trx
                .deleteFrom('evalScore')
                .where('projectId', '=', p.id)
                .where('supplierId', '=', r.supplierId)
                .where('indicatorId', '=', s.indicatorId)
                .execute();
              await trx
                .insertInto('evalScore')
                .values({
                  id: newId(),
                  projectId: p.id,
                  supplierId: r.supplierId,
                  indicatorId: s.indicatorId,
                  raterId: user.id,
                  score: s.score,
                  comment: `申诉更正：${answer}`.slice(0, 500),
                  updateTime: serverNowIso(),
                })
                .execute();
            }
            const calc = await calculateSupplier(
              trx,
              p,
              r.supplierId,
              await gradeBandsOf(trx, p.tenantId),
              new Map(scores.map((x) => [x.indicatorId, x.score])),
            );
            if ('missing' in calc) throw businessError(`指标「${calc.missing}」尚无评分，不能计算`);
            await trx
              .updateTable('evalResult')
              .set({
                appealStatus: 'UPHELD',
                appealAnswer: answer,
                answeredBy: user.id,
                totalScore: calc.total,
                grade: calc.grade,
                dimensionScores: JSON.stringify(calc.dimensionScores),
                consequence: calc.consequence.join(','),
                updateTime: serverNowIso(),
              })
              .where('id', '=', id)
              .execute();
            const all = await trx
              .selectFrom('evalResult')
              .select(['id', 'supplierId', 'totalScore'])
              .where('projectId', '=', p.id)
              .execute();
            const ranks = ranksOf(all.map((a) => ({ supplierId: a.supplierId, total: a.totalScore })));
            for (const a of all)
              await trx
                .updateTable('evalResult')
                .set({ rank: ranks.get(a.supplierId)! })
                .where('id', '=', a.id)
                .execute();
            const template = await trx
              .selectFrom('evalTemplate')
              .select('periodType')
              .where('id', '=', p.templateId)
              .executeTakeFirstOrThrow();
            await applyConsequences(
              trx,
              p,
              { id, supplierId: r.supplierId, grade: calc.grade, consequence: calc.consequence.join(',') },
              template.periodType,
              user,
            );
            await logResultChange(trx, {
              resultId: id,
              action: 'APPEAL_UPHELD',
              reason: answer,
              actorId: user.id,
              fromTotal: r.totalScore,
              toTotal: calc.total,
              fromGrade: r.grade,
              toGrade: calc.grade,
            });
          }
          await notifyUsers(trx, {
            userIds: await supplierUserIds(trx, r.supplierId),
            title: `您对绩效评估${p.code}的申诉已处理：${decision === 'UPHOLD' ? '申诉成立' : '申诉驳回'}`,
            content: noticeHtml`<p>${answer}</p>`,
            busType: 'evalResult',
            busId: id,
            openType: 'url',
            openPage: '/srm/my-eval-results',
          });
        });
        return ok(null, decision === 'UPHOLD' ? '申诉成立，结果已重新计算并发布' : '申诉已驳回');
      },
    );
    // SST-1: a proposed freeze or elimination (EVA-5) takes effect only when a manager confirms it.
    app.post(
      '/srm/evalResult/decideProposal',
      {
        schema: {
          tags: ['评估结果'],
          summary: '确认或驳回等级后果中的冻结/淘汰建议（EVA-5、SST-1）',
          body: z.object({ id: ID, confirm: z.boolean(), reason: z.string().trim().min(1, '请填写原因').max(500) }),
        },
        config: { access: { permission: 'supplier:freeze' }, internalOnly: true },
      },
      async (request) => {
        const user = request.user!;
        const { id, confirm, reason } = request.body;
        const r = await ctx.db
          .selectFrom('evalResult')
          .selectAll()
          .where('id', '=', id)
          .where('tenantId', '=', request.tenantId)
          .executeTakeFirst();
        if (!r) throw notFound('评估结果不存在');
        if (r.consequenceStatus !== 'PENDING') throw businessError('该评估结果没有待确认的建议');
        const proposals = r.consequence.split(',');
        if (confirm) {
          const action = proposals.includes('PROPOSE_ELIMINATE') ? 'eliminate' : 'freeze';
          // The lifecycle's own transition checks the supplier's status and writes its status log (SUP-6).
          await ctx.lifecycle.company(user, request.tenantId, action, {
            id: r.supplierId,
            reason: `绩效评估等级${r.grade}：${reason}`,
          });
        }
        await ctx.db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable('evalResult')
            .set({ consequenceStatus: confirm ? 'APPLIED' : 'DECLINED', updateTime: serverNowIso() })
            .where('id', '=', id)
            .where('consequenceStatus', '=', 'PENDING')
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw businessError('该建议已被他人处理');
          await logResultChange(trx, {
            resultId: id,
            action: confirm ? 'PROPOSAL_CONFIRMED' : 'PROPOSAL_DECLINED',
            reason,
            actorId: user.id,
            fromGrade: r.grade,
            toGrade: r.grade,
          });
        });
        return ok(null, confirm ? '已确认，供应商状态已变更' : '已驳回建议');
      },
    );
  };
