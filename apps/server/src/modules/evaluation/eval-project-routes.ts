import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { evalProjectResource, evalResultResource, hundredths, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyQuery } from '../../resource/resource-query.js';
import { idsOf } from './eval-calculation.js';
import {
  calculateResults,
  checkHeader,
  closeProject,
  expectStatus,
  projectOf,
  type Project,
} from './eval-project-service.js';
import { templateStructure } from './eval-template-routes.js';
import { publishResults } from './eval-publish.js';
import { assignedPairs, assignmentsOf, defaultAssignment, isAssigned, unassignedIndicator } from './eval-raters.js';
import { defineApprovalDocType, submitForApproval } from '../approval/index.js';
import { evalPublicationApprovalDetail } from './eval-approval-detail.js';

export const EVAL_DOC_TYPE = 'EVAL_PROJECT';

/** The end of a publication approval, inside the deciding transaction: publish, or back to CALCULATED. */
export const evalPublicationApprovalDocType = defineApprovalDocType(EVAL_DOC_TYPE, {
  label: '绩效评估发布',
  openPage: '/srm/performance/project',
  detail: evalPublicationApprovalDetail,
  onApproved: async (trx, { instance, actorId }) => {
    const p = await trx
      .selectFrom('evalProject')
      .selectAll()
      .where('id', '=', instance.docId)
      .executeTakeFirstOrThrow();
    if (p.status !== 'PENDING_APPROVAL') throw businessError('评估项目当前状态不允许此操作');
    const actor = await trx
      .selectFrom('sysUser')
      .select(['id', 'username'])
      .where('id', '=', actorId ?? instance.submittedBy)
      .executeTakeFirstOrThrow();
    await publishResults(trx, p, actor);
  },
  onRejected: (trx, { instance }) => backToCalculated(trx, instance.docId),
  onWithdrawn: (trx, { instance }) => backToCalculated(trx, instance.docId),
});

async function backToCalculated(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('evalProject')
    .set({ status: 'CALCULATED', updateTime: serverNowIso() })
    .where('id', '=', id)
    .where('status', '=', 'PENDING_APPROVAL')
    .execute();
}

const ID = z.string().regex(/^[0-9a-f]{32}$/);
const idBody = z.object({ id: ID });
const scoreText = z.string().refine((s) => hundredths(s) !== null, '评分必须是0到100之间的数（最多两位小数）');

/** A supplier user reaching the internal result list sees only its own published results. */
function supplierScope(query: AnyQuery, request: FastifyRequest): AnyQuery {
  const user = request.user!;
  if (user.userType !== 2) return query;
  return query
    .where(sql.ref('t.supplier_id'), '=', user.supplierId ?? '')
    .where(sql<boolean>`t.project_id in (select id from eval_project where status in ('PUBLISHED', 'CLOSED'))`);
}

/** 评估项目 (§20): DRAFT → SCORING → CALCULATED → PENDING_APPROVAL → PUBLISHED → CLOSED, scoring (EVA-3), results and appeals (EVA-6). */
export const evalProjectRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const internal = (permission: string) => ({ access: { permission }, internalOnly: true });
    const tags = ['评估项目'];

    await app.register(
      resourceRoutes(ctx, evalProjectResource, {
        beforeAdd: async (values, trx, request) => {
          await checkHeader(trx as unknown as Db, values, request.tenantId);
          // Each manual indicator's raters: the chosen raters holding one of its rater roles (EVA-3).
          values.raters = JSON.stringify(
            await defaultAssignment(trx as unknown as Db, String(values.templateId), idsOf(String(values.raterIds))),
          );
          values.status = 'DRAFT';
          values.showRank ??= 0;
        },
        beforeEdit: async (id, values, trx, request) => {
          const p = await projectOf(trx as unknown as Db, id, request.tenantId);
          if (p.status !== 'DRAFT') throw businessError('只有草稿状态的评估项目可以修改');
          await checkHeader(
            trx as unknown as Db,
            { periodFrom: p.periodFrom, periodTo: p.periodTo, ...values },
            request.tenantId,
          );
          if (typeof values.templateId === 'string' || typeof values.raterIds === 'string') {
            // Another template starts the assignment afresh; other raters keep what the buyer set and newcomers get theirs by role.
            const templateId = typeof values.templateId === 'string' ? values.templateId : p.templateId;
            const keep = templateId === p.templateId ? assignmentsOf(p.raters) : [];
            values.raters = JSON.stringify(
              await defaultAssignment(
                trx as unknown as Db,
                templateId,
                idsOf(typeof values.raterIds === 'string' ? values.raterIds : p.raterIds),
                keep,
              ),
            );
          }
        },
        beforeDelete: async (ids, trx) => {
          if (
            await trx
              .selectFrom('evalProject')
              .select('id')
              .where('id', 'in', ids)
              .where('status', '<>', 'DRAFT')
              .executeTakeFirst()
          ) {
            throw businessError('只有草稿状态的评估项目可以删除');
          }
        },
      }),
    );
    await app.register(resourceRoutes(ctx, evalResultResource, { scope: supplierScope }));

    app.get(
      '/srm/evalProject/options',
      { schema: { tags, summary: '新建评估项目的可选模板、供应商和评分人' }, config: internal('evalProject:list') },
      async (request) => {
        const templates = await ctx.db
          .selectFrom('evalTemplate')
          .select(['id', 'code', 'name', 'status'])
          .where('tenantId', '=', request.tenantId)
          .orderBy('code')
          .execute();
        const suppliers = await ctx.db
          .selectFrom('supplier')
          .select(['id', 'code', 'name', 'status'])
          .where('delFlag', '=', 0)
          .orderBy('code')
          .limit(2000)
          .execute();
        const users = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'username', 'realname'])
          .where('userType', '<>', 2)
          .where('delFlag', '=', 0)
          .where('status', '=', 1)
          .orderBy('username')
          .limit(2000)
          .execute();
        return ok({ templates, suppliers, users });
      },
    );

    const command = (
      name: string,
      summary: string,
      permission: string,
      run: (p: Project, trx: Db, request: FastifyRequest) => Promise<string>,
    ) =>
      app.post(
        `/srm/evalProject/${name}`,
        { schema: { tags, summary, body: idBody }, config: internal(permission) },
        async (request) => {
          const message = await ctx.db
            .transaction()
            .execute(async (trx) => run(await projectOf(trx, request.body.id, request.tenantId), trx, request));
          return ok(null, message);
        },
      );

    command('start', '开始评分', 'evalProject:edit', async (p, trx, request) => {
      expectStatus(p, 'DRAFT');
      const t = await trx
        .selectFrom('evalTemplate')
        .select('status')
        .where('id', '=', p.templateId)
        .executeTakeFirstOrThrow();
      if (t.status !== 'ACTIVE') throw businessError('评估模板未启用，不能开始评分');
      if (p.scoringDeadline <= serverNowIso()) throw businessError('评分截止时间必须晚于当前时间');
      const unassigned = await unassignedIndicator(trx, p);
      if (unassigned) throw businessError(`指标「${unassigned}」尚未分配评分人，请先调整评分分工`);
      await trx
        .updateTable('evalProject')
        .set({ status: 'SCORING', updateBy: request.user!.username, updateTime: serverNowIso() })
        .where('id', '=', p.id)
        .execute();
      return '已开始评分';
    });

    // EVA-3: the rater's own sheet only — the manual indicators assigned to them, never other raters' scores.
    app.get(
      '/srm/evalProject/sheet',
      { schema: { tags, summary: '我的评分表（EVA-3）', querystring: idBody }, config: internal('evalProject:score') },
      async (request) => {
        const p = await projectOf(ctx.db, request.query.id, request.tenantId);
        const user = request.user!;
        const mine = new Set(
          assignmentsOf(p.raters)
            .filter((a) => a.userId === user.id)
            .map((a) => a.indicatorId),
        );
        const isRater = mine.size > 0;
        const structure = (await templateStructure(ctx.db, p.templateId))
          .map((d) => ({ ...d, indicators: d.indicators.filter((i) => i.method === 'SYSTEM' || mine.has(i.id)) }))
          .filter((d) => d.indicators.length > 0);
        const suppliers = await ctx.db
          .selectFrom('supplier')
          .select(['id', 'name'])
          .where('id', 'in', idsOf(p.supplierIds))
          .execute();
        const scores = isRater
          ? await ctx.db
              .selectFrom('evalScore')
              .select(['supplierId', 'indicatorId', 'score', 'comment'])
              .where('projectId', '=', p.id)
              .where('raterId', '=', user.id)
              .execute()
          : [];
        return ok({
          project: {
            id: p.id,
            code: p.code,
            name: p.name,
            status: p.status,
            scoringDeadline: toWireDateTime(p.scoringDeadline),
            periodFrom: p.periodFrom,
            periodTo: p.periodTo,
          },
          isRater,
          structure,
          suppliers: idsOf(p.supplierIds).map((id) => suppliers.find((s) => s.id === id) ?? { id, name: id }),
          scores,
        });
      },
    );

    app.post(
      '/srm/evalProject/saveScores',
      {
        schema: {
          tags,
          summary: '保存评分（EVA-3）',
          body: z.object({
            id: ID,
            scores: z
              .array(
                z.object({ supplierId: ID, indicatorId: ID, score: scoreText, comment: z.string().max(500).nullish() }),
              )
              .min(1)
              .max(2000),
          }),
        },
        config: internal('evalProject:score'),
      },
      async (request) => {
        const user = request.user!;
        await ctx.db.transaction().execute(async (trx) => {
          const p = await projectOf(trx, request.body.id, request.tenantId);
          if (p.status !== 'SCORING') throw businessError('评估项目不在评分阶段');
          // the server's clock, strictly before the deadline.
          if (serverNowIso() >= p.scoringDeadline) throw businessError('评分已截止');
          const pairs = assignedPairs(p.raters);
          if (!assignmentsOf(p.raters).some((a) => a.userId === user.id))
            throw businessError('您不是该评估项目的评分人');
          const manual = new Map(
            (await templateStructure(trx, p.templateId))
              .flatMap((d) => d.indicators)
              .filter((i) => i.method === 'MANUAL')
              .map((i) => [i.id, i.name]),
          );
          const suppliers = new Set(idsOf(p.supplierIds));
          for (const s of request.body.scores) {
            if (!suppliers.has(s.supplierId)) throw businessError('供应商不在该评估项目中');
            if (!manual.has(s.indicatorId)) throw businessError('只能为人工评分指标打分');
            // EVA-3: only the indicators assigned to this rater.
            if (!isAssigned(pairs, s.indicatorId, user.id))
              throw businessError(`您不是指标「${manual.get(s.indicatorId)}」的评分人`);
          }
          const now = serverNowIso();
          for (const s of request.body.scores) {
            await trx
              .insertInto('evalScore')
              .values({
                id: newId(),
                projectId: p.id,
                supplierId: s.supplierId,
                indicatorId: s.indicatorId,
                raterId: user.id,
                score: s.score,
                comment: s.comment ?? null,
                updateTime: now,
              })
              .onConflict((oc) =>
                oc
                  .columns(['projectId', 'supplierId', 'indicatorId', 'raterId'])
                  .doUpdateSet({ score: s.score, comment: s.comment ?? null, updateTime: now }),
              )
              .execute();
          }
        });
        return ok(null, '评分已保存');
      },
    );

    command('calculate', '计算结果', 'evalProject:edit', async (p, trx, request) => {
      await calculateResults(trx, p, request.user!.username);
      return '已计算';
    });

    // Publication goes through the approval engine (decision 6, X-10): with no step configured it publishes at once.
    command('submit', '提交发布审批', 'evalProject:edit', async (p, trx, request) => {
      expectStatus(p, 'CALCULATED');
      await trx
        .updateTable('evalProject')
        .set({
          status: 'PENDING_APPROVAL',
          submittedBy: request.user!.id,
          updateBy: request.user!.username,
          updateTime: serverNowIso(),
        })
        .where('id', '=', p.id)
        .execute();
      const { status } = await submitForApproval(trx, {
        docType: EVAL_DOC_TYPE,
        docId: p.id,
        title: `绩效评估发布：${p.name}（${p.code}）`,
        amount: null,
        submitterId: request.user!.id,
        tenantId: request.tenantId,
      });
      return status === 'APPROVED' ? '评估结果已发布' : '已提交审批';
    });

    command('close', '关闭（申诉期结束后）', 'evalProject:edit', async (p, trx, request) => {
      await closeProject(trx, p, request.user!.username);
      return '已关闭';
    });
  };
