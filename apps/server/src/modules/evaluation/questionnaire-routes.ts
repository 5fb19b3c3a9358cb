import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok, QUESTION_KINDS, questionnaireResource, questionTemplateResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { wireLocalDateTime } from '../../http/wire.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyQuery } from '../../resource/resource-query.js';
import {
  answersOf,
  expireOverdue,
  questionnaireOf,
  questionsOf,
  supplierQuestionnaireOf,
  supplierQuestionnaires,
  templateOf,
  type QuestionTemplate,
} from './questionnaire-queries.js';
import {
  activateTemplate,
  deactivateTemplate,
  markOpened,
  newTemplateVersion,
  returnQuestionnaire,
  reviewQuestionnaire,
  saveAnswers,
  saveTemplateQuestions,
  sendQuestionnaires,
} from './questionnaire-service.js';

const ID = z.string().regex(/^[0-9a-f]{32}$/);
const idBody = z.object({ id: ID });
const score = z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, '分值必须是非负数（最多两位小数）');
const wireDateTime = wireLocalDateTime('时间');
const questionSchema = z.object({
  groupName: z.string().max(100).nullish(),
  text: z.string().max(2000),
  kind: z.enum(QUESTION_KINDS),
  options: z
    .array(z.object({ value: z.string().max(50), label: z.string().max(200), score: score.nullish() }))
    .max(30)
    .nullish(),
  required: z.boolean(),
  maxScore: score.nullish(),
  numberMin: z
    .string()
    .regex(/^-?\d{1,12}(\.\d{1,6})?$/)
    .nullish(),
  numberMax: z
    .string()
    .regex(/^-?\d{1,12}(\.\d{1,6})?$/)
    .nullish(),
  maxSelections: z.number().int().min(1).max(30).nullish(),
});
const answersSchema = z
  .array(
    z.object({ questionId: ID, value: z.union([z.string().max(4000), z.array(z.string().max(50)).max(30), z.null()]) }),
  )
  .max(500);

function supplierScope(query: AnyQuery, request: FastifyRequest): AnyQuery {
  const user = request.user!;
  return user.userType === 2 ? query.where(sql.ref('t.supplier_id'), '=', user.supplierId ?? '') : query;
}

const wireQuestionnaire = (q: {
  dueAt: string;
  submittedAt: string | null;
  createTime: string;
  updateTime: string | null;
}) => ({
  ...q,
  dueAt: toWireDateTime(q.dueAt),
  submittedAt: toWireDateTime(q.submittedAt),
  createTime: toWireDateTime(q.createTime),
  updateTime: toWireDateTime(q.updateTime),
});

/** 问卷模板 and 调查问卷 (§6): SENT → IN_PROGRESS → SUBMITTED → REVIEWED; EXPIRED after the due date; one return. */
export const questionnaireRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const internal = (permission: string) => ({ access: { permission }, internalOnly: true });
    const tags = ['调查问卷'];

    await app.register(
      resourceRoutes(ctx, questionTemplateResource, {
        beforeAdd: async (values, trx, request) => {
          // Versions share their code (QT-1); a new template needs a code of its own.
          if (
            await trx
              .selectFrom('questionTemplate')
              .select('id')
              .where('code', '=', values.code)
              .where('tenantId', '=', request.tenantId)
              .executeTakeFirst()
          ) {
            throw badRequest('模板编码已存在', { code: '模板编码已存在' });
          }
          values.status = 'DRAFT';
          values.versionNo = 1;
          values.scored ??= 0;
        },
        beforeEdit: async (id, _values, trx) => {
          const t = await trx
            .selectFrom('questionTemplate')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (t.status !== 'DRAFT') throw businessError('启用后的问卷模板不能修改，请创建新版本');
        },
        beforeDelete: async (ids, trx) => {
          if (
            await trx
              .selectFrom('questionTemplate')
              .select('id')
              .where('id', 'in', ids)
              .where('status', '<>', 'DRAFT')
              .executeTakeFirst()
          )
            throw businessError('只有草稿状态的问卷模板可以删除');
        },
      }),
    );

    app.addHook('preHandler', async (request) => {
      if (request.method === 'GET' && request.routeOptions.url?.includes('uestionnaire')) await expireOverdue(ctx.db);
    });
    await app.register(resourceRoutes(ctx, questionnaireResource, { scope: supplierScope }));

    app.get(
      '/srm/questionTemplate/questions',
      { schema: { tags, summary: '问卷模板的题目', querystring: idBody }, config: internal('questionTemplate:list') },
      async (request) => {
        await templateOf(ctx.db, request.query.id, request.tenantId);
        return ok(await questionsOf(ctx.db, request.query.id));
      },
    );

    app.post(
      '/srm/questionTemplate/saveQuestions',
      {
        schema: {
          tags,
          summary: '保存题目（仅草稿，QT-1）',
          body: z.object({ id: ID, questions: z.array(questionSchema).max(200) }),
        },
        config: internal('questionTemplate:edit'),
      },
      async (request) => {
        await saveTemplateQuestions(ctx.db, request.tenantId, request.body.id, request.body.questions);
        return ok(null, '保存成功');
      },
    );

    const templateCommand = (
      name: string,
      summary: string,
      run: (trx: Db, t: QuestionTemplate, username: string) => Promise<string>,
    ) =>
      app.post(
        `/srm/questionTemplate/${name}`,
        { schema: { tags, summary, body: idBody }, config: internal('questionTemplate:edit') },
        async (request) => {
          const message = await ctx.db
            .transaction()
            .execute(async (trx) =>
              run(trx, await templateOf(trx, request.body.id, request.tenantId), request.user!.username),
            );
          return ok(null, message);
        },
      );

    templateCommand('activate', '启用（QT-2）', activateTemplate);
    templateCommand('deactivate', '停用', deactivateTemplate);
    templateCommand('newVersion', '创建新版本（QT-1）', newTemplateVersion);

    app.post(
      '/srm/questionnaire/send',
      {
        schema: {
          tags,
          summary: '向供应商发送问卷',
          body: z.object({
            templateId: ID,
            supplierIds: z.array(ID).min(1, '请选择供应商').max(200),
            dueAt: wireDateTime,
          }),
        },
        config: internal('questionnaire:send'),
      },
      async (request) => {
        const count = await sendQuestionnaires(ctx, request.user!, request.tenantId, request.body);
        return ok({ count }, `已向${count}家供应商发送问卷`);
      },
    );

    app.get(
      '/srm/questionnaire/detail',
      {
        schema: { tags, summary: '问卷详情与答案（审阅）', querystring: idBody },
        config: internal('questionnaire:list'),
      },
      async (request) => {
        const q = await questionnaireOf(ctx.db, request.query.id, request.tenantId);
        return ok({
          questionnaire: wireQuestionnaire(q),
          questions: await questionsOf(ctx.db, q.templateId),
          answers: await answersOf(ctx.db, q.id),
        });
      },
    );

    app.post(
      '/srm/questionnaire/review',
      {
        schema: {
          tags,
          summary: '审阅问卷并评分（QT-5）',
          body: z.object({
            id: ID,
            comment: z.string().max(1000).nullish(),
            scores: z.array(z.object({ questionId: ID, score })).max(500),
          }),
        },
        config: internal('questionnaire:review'),
      },
      async (request) => {
        await reviewQuestionnaire(ctx.db, request.user!, request.tenantId, request.body);
        return ok(null, '审阅完成');
      },
    );

    app.post(
      '/srm/questionnaire/return',
      {
        schema: {
          tags,
          summary: '退回问卷一次并给出新的截止时间（QT-4）',
          body: z.object({
            id: ID,
            dueAt: wireDateTime,
            comment: z.string().trim().min(1, '请填写退回原因').max(1000),
          }),
        },
        config: internal('questionnaire:review'),
      },
      async (request) => {
        await returnQuestionnaire(ctx.db, request.user!, request.tenantId, request.body);
        return ok(null, '已退回');
      },
    );

    // Supplier side: only the session supplier's questionnaires.
    const mine = { access: { permission: 'questionnaire:answer' } } as const;
    const mySupplierId = (request: FastifyRequest) => request.user!.supplierId ?? '';

    app.get(
      '/srm/myQuestionnaire/list',
      { schema: { tags, summary: '本供应商的问卷' }, config: mine },
      async (request) => {
        await expireOverdue(ctx.db);
        const rows = await supplierQuestionnaires(ctx.db, mySupplierId(request));
        return ok(rows.map(wireQuestionnaire));
      },
    );

    app.get(
      '/srm/myQuestionnaire/detail',
      { schema: { tags, summary: '填写问卷：题目与已保存的答案', querystring: idBody }, config: mine },
      async (request) => {
        await expireOverdue(ctx.db);
        const q = await supplierQuestionnaireOf(ctx.db, request.query.id, mySupplierId(request));
        await markOpened(ctx.db, q);
        const answers = await answersOf(ctx.db, q.id);
        const showScores = q.status === 'REVIEWED';
        return ok({
          questionnaire: {
            ...wireQuestionnaire(q),
            status: q.status === 'SENT' ? 'IN_PROGRESS' : q.status,
            score: showScores ? q.score : null,
          },
          questions: (await questionsOf(ctx.db, q.templateId)).map((question) => ({
            ...question,
            options: question.options?.map(({ value, label }) => ({ value, label })) ?? null,
          })),
          answers: answers.map((a) => ({ questionId: a.questionId, value: a.value })),
        });
      },
    );

    const answer =
      (complete: boolean) =>
      async (request: FastifyRequest<{ Body: { id: string; answers: z.infer<typeof answersSchema> } }>) => {
        await saveAnswers(ctx.db, mySupplierId(request), request.body, complete);
        return ok(null, complete ? '问卷已提交' : '已保存');
      };
    app.post(
      '/srm/myQuestionnaire/save',
      {
        schema: { tags, summary: '保存答案（QT-4）', body: z.object({ id: ID, answers: answersSchema }) },
        config: mine,
      },
      answer(false),
    );
    app.post(
      '/srm/myQuestionnaire/submit',
      {
        schema: { tags, summary: '提交问卷（QT-3）', body: z.object({ id: ID, answers: answersSchema }) },
        config: mine,
      },
      answer(true),
    );
  };
