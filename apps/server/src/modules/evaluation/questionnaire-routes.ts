import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  autoScore,
  checkAnswer,
  checkQuestion,
  checkTemplateScores,
  fromHundredths,
  ok,
  QUESTION_KINDS,
  questionnaireResource,
  questionTemplateResource,
  type AnswerValue,
  type QuestionInput,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { WIRE_DATETIME } from '../../http/wire.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import { wireToStored, type AnyQuery } from '../../resource/resource-query.js';
import { supplierUserIds } from '../supplier/status-log.js';
import { notifyUsers } from '../announcements/notify.js';

const ID = z.string().regex(/^[0-9a-f]{32}$/);
const idBody = z.object({ id: ID });
const score = z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, '分值必须是非负数（最多两位小数）');
const wireDateTime = z.string().regex(WIRE_DATETIME, '时间格式应为 yyyy-MM-dd HH:mm:ss');
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

type Question = QuestionInput & { id: string };

async function questionsOf(db: Db, templateId: string): Promise<Question[]> {
  const rows = await db
    .selectFrom('question')
    .selectAll()
    .where('templateId', '=', templateId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    groupName: r.groupName,
    text: r.text,
    kind: r.kind as QuestionInput['kind'],
    options: r.options ? (JSON.parse(r.options) as QuestionInput['options']) : null,
    required: r.required === 1,
    maxScore: r.maxScore,
    numberMin: r.numberMin,
    numberMax: r.numberMax,
    maxSelections: r.maxSelections,
  }));
}

/** a questionnaire past its due date is EXPIRED whatever a scheduler did; lists and details mark it on read. */
async function expireOverdue(db: Db): Promise<void> {
  await db
    .updateTable('questionnaire')
    .set({ status: 'EXPIRED' })
    .where('status', 'in', ['SENT', 'IN_PROGRESS'])
    .where('dueAt', '<=', serverNowIso())
    .execute();
}

function supplierScope(query: AnyQuery, request: FastifyRequest): AnyQuery {
  const user = request.user!;
  return user.userType === 2 ? query.where(sql.ref('t.supplier_id'), '=', user.supplierId ?? '') : query;
}

async function answersOf(db: Db, questionnaireId: string) {
  const rows = await db
    .selectFrom('questionnaireAnswer')
    .selectAll()
    .where('questionnaireId', '=', questionnaireId)
    .execute();
  return rows.map((a) => ({
    questionId: a.questionId,
    value: a.value === null ? null : (JSON.parse(a.value) as AnswerValue),
    score: a.score,
  }));
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

    async function templateOf(db: Db, id: string, tenantId: number) {
      const t = await db
        .selectFrom('questionTemplate')
        .selectAll()
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!t) throw notFound('问卷模板不存在');
      return t;
    }

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
        const { id, questions } = request.body;
        for (const [i, q] of questions.entries()) {
          const problem = checkQuestion(q, i + 1);
          if (problem) throw businessError(problem);
        }
        await ctx.db.transaction().execute(async (trx) => {
          const t = await templateOf(trx, id, request.tenantId);
          if (t.status !== 'DRAFT') throw businessError('启用后的问卷模板不能修改，请创建新版本');
          await trx.deleteFrom('question').where('templateId', '=', id).execute();
          for (const [seq, q] of questions.entries()) await insertQuestion(trx, id, seq, q);
        });
        return ok(null, '保存成功');
      },
    );

    async function insertQuestion(trx: Db, templateId: string, seq: number, q: QuestionInput) {
      await trx
        .insertInto('question')
        .values({
          id: newId(),
          templateId,
          seq,
          groupName: q.groupName ?? null,
          text: q.text.trim(),
          kind: q.kind,
          options: q.kind === 'SINGLE' || q.kind === 'MULTI' ? JSON.stringify(q.options ?? []) : null,
          required: q.required ? 1 : 0,
          maxScore: q.maxScore ?? null,
          numberMin: q.kind === 'NUMBER' ? (q.numberMin ?? null) : null,
          numberMax: q.kind === 'NUMBER' ? (q.numberMax ?? null) : null,
          maxSelections: q.kind === 'MULTI' ? (q.maxSelections ?? null) : null,
        })
        .execute();
    }

    const templateCommand = (
      name: string,
      summary: string,
      run: (t: Awaited<ReturnType<typeof templateOf>>, trx: Db, request: FastifyRequest) => Promise<string>,
    ) =>
      app.post(
        `/srm/questionTemplate/${name}`,
        { schema: { tags, summary, body: idBody }, config: internal('questionTemplate:edit') },
        async (request) => {
          const message = await ctx.db
            .transaction()
            .execute(async (trx) => run(await templateOf(trx, request.body.id, request.tenantId), trx, request));
          return ok(null, message);
        },
      );

    templateCommand('activate', '启用（QT-2）', async (t, trx, request) => {
      if (t.status !== 'DRAFT') throw businessError('只有草稿状态的问卷模板可以启用');
      const questions = await questionsOf(trx, t.id);
      if (questions.length === 0) throw businessError('问卷模板至少需要一道题目');
      if (t.scored === 1) {
        const problem = checkTemplateScores(t.totalScore, questions);
        if (problem) throw businessError(problem);
      }
      await trx
        .updateTable('questionTemplate')
        .set({ status: 'ACTIVE', updateBy: request.user!.username, updateTime: serverNowIso() })
        .where('id', '=', t.id)
        .execute();
      return '已启用';
    });

    templateCommand('deactivate', '停用', async (t, trx, request) => {
      if (t.status !== 'ACTIVE') throw businessError('只有启用状态的问卷模板可以停用');
      await trx
        .updateTable('questionTemplate')
        .set({ status: 'INACTIVE', updateBy: request.user!.username, updateTime: serverNowIso() })
        .where('id', '=', t.id)
        .execute();
      return '已停用';
    });

    // QT-1: an active template is never edited; its next version is a draft copy.
    templateCommand('newVersion', '创建新版本（QT-1）', async (t, trx, request) => {
      if (t.status === 'DRAFT') throw businessError('草稿可以直接修改，无需创建新版本');
      const latest = await trx
        .selectFrom('questionTemplate')
        .select((eb) => eb.fn.max('versionNo').as('v'))
        .where('code', '=', t.code)
        .where('tenantId', '=', t.tenantId)
        .executeTakeFirstOrThrow();
      if (
        await trx
          .selectFrom('questionTemplate')
          .select('id')
          .where('code', '=', t.code)
          .where('tenantId', '=', t.tenantId)
          .where('status', '=', 'DRAFT')
          .executeTakeFirst()
      ) {
        throw businessError('该模板已有草稿版本');
      }
      const id = newId();
      await trx
        .insertInto('questionTemplate')
        .values({
          ...t,
          id,
          status: 'DRAFT',
          versionNo: Number(latest.v) + 1,
          createBy: request.user!.username,
          createTime: serverNowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      for (const [seq, q] of (await questionsOf(trx, t.id)).entries()) await insertQuestion(trx, id, seq, q);
      return `已创建第${Number(latest.v) + 1}版草稿`;
    });

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
        const { templateId, supplierIds, dueAt } = request.body;
        const due = wireToStored(dueAt, 'eq');
        if (due <= serverNowIso()) throw badRequest('截止时间必须晚于当前时间', { dueAt: '截止时间必须晚于当前时间' });
        const count = await ctx.db.transaction().execute(async (trx) => {
          const t = await templateOf(trx, templateId, request.tenantId);
          if (t.status !== 'ACTIVE') throw businessError('只能发送启用状态的问卷模板');
          const ids = [...new Set(supplierIds)];
          const suppliers = await trx
            .selectFrom('supplier')
            .select(['id', 'name'])
            .where('id', 'in', ids)
            .where('delFlag', '=', 0)
            .execute();
          if (suppliers.length !== ids.length) throw businessError('供应商不存在');
          for (const s of suppliers) {
            const id = newId();
            await trx
              .insertInto('questionnaire')
              .values({
                id,
                tenantId: request.tenantId,
                code: await ctx.codes.next('QN', { tenantId: request.tenantId, trx }),
                templateId: t.id,
                templateVersion: t.versionNo,
                templateName: t.name,
                supplierId: s.id,
                supplierName: s.name,
                purpose: t.purpose,
                dueAt: due,
                status: 'SENT',
                score: null,
                reviewerComment: null,
                returned: 0,
                submittedAt: null,
                reviewedBy: null,
                createBy: request.user!.username,
                createTime: serverNowIso(),
                updateBy: null,
                updateTime: null,
              })
              .execute();
            await notifyUsers(trx, {
              userIds: await supplierUserIds(trx, s.id),
              title: `请填写问卷：${t.name}`,
              content: `<p>请在 ${dueAt} 前填写并提交问卷「${t.name}」。</p>`,
              busType: 'questionnaire',
              busId: id,
              openType: 'url',
              openPage: '/srm/my-questionnaires',
            });
          }
          return suppliers.length;
        });
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
        const q = await ctx.db
          .selectFrom('questionnaire')
          .selectAll()
          .where('id', '=', request.query.id)
          .where('tenantId', '=', request.tenantId)
          .executeTakeFirst();
        if (!q) throw notFound('问卷不存在');
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
        await ctx.db.transaction().execute(async (trx) => {
          const q = await trx
            .selectFrom('questionnaire')
            .selectAll()
            .where('id', '=', request.body.id)
            .where('tenantId', '=', request.tenantId)
            .executeTakeFirst();
          if (!q) throw notFound('问卷不存在');
          if (q.status !== 'SUBMITTED') throw businessError('只有已提交的问卷可以审阅');
          const t = await trx
            .selectFrom('questionTemplate')
            .select('scored')
            .where('id', '=', q.templateId)
            .executeTakeFirstOrThrow();
          const questions = await questionsOf(trx, q.templateId);
          const answers = await answersOf(trx, q.id);
          let total = 0;
          if (t.scored === 1) {
            for (const [i, question] of questions.entries()) {
              const answer = answers.find((a) => a.questionId === question.id);
              let s = answer?.score ?? null;
              if (autoScore(question, answer?.value ?? null) === null) {
                // Manual kinds are scored by the reviewer, never by the supplier (QT-5).
                const given =
                  request.body.scores.find((x) => x.questionId === question.id)?.score ?? (answer ? null : '0');
                if (given === null) throw businessError(`请为第${i + 1}题评分`);
                if (Number(given) > Number(question.maxScore ?? 0))
                  throw businessError(`第${i + 1}题的得分不能超过满分${question.maxScore}`);
                s = given;
                if (answer)
                  await trx
                    .updateTable('questionnaireAnswer')
                    .set({ score: s })
                    .where('questionnaireId', '=', q.id)
                    .where('questionId', '=', question.id)
                    .execute();
              }
              total += Math.round(Number(s ?? 0) * 100);
            }
          }
          await trx
            .updateTable('questionnaire')
            .set({
              status: 'REVIEWED',
              score: t.scored === 1 ? fromHundredths(total) : null,
              reviewerComment: request.body.comment ?? null,
              reviewedBy: request.user!.id,
              updateBy: request.user!.username,
              updateTime: serverNowIso(),
            })
            .where('id', '=', q.id)
            .execute();
        });
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
        const due = wireToStored(request.body.dueAt, 'eq');
        if (due <= serverNowIso()) throw badRequest('截止时间必须晚于当前时间', { dueAt: '截止时间必须晚于当前时间' });
        await ctx.db.transaction().execute(async (trx) => {
          const q = await trx
            .selectFrom('questionnaire')
            .selectAll()
            .where('id', '=', request.body.id)
            .where('tenantId', '=', request.tenantId)
            .executeTakeFirst();
          if (!q) throw notFound('问卷不存在');
          if (q.status !== 'SUBMITTED') throw businessError('只有已提交的问卷可以退回');
          if (q.returned === 1) throw businessError('问卷只能退回一次');
          await trx
            .updateTable('questionnaire')
            .set({
              status: 'IN_PROGRESS',
              returned: 1,
              dueAt: due,
              reviewerComment: request.body.comment,
              updateBy: request.user!.username,
              updateTime: serverNowIso(),
            })
            .where('id', '=', q.id)
            .execute();
          await notifyUsers(trx, {
            userIds: await supplierUserIds(trx, q.supplierId),
            title: `问卷已退回，请修改后重新提交：${q.templateName}`,
            content: `<p>${request.body.comment.replace(/[<>&]/g, '')}</p>`,
            busType: 'questionnaire',
            busId: q.id,
            openType: 'url',
            openPage: '/srm/my-questionnaires',
          });
        });
        return ok(null, '已退回');
      },
    );

    // Supplier side: only the session supplier's questionnaires.
    const mine = { access: { permission: 'questionnaire:answer' } } as const;
    async function myQuestionnaire(db: Db, id: string, request: FastifyRequest) {
      const q = await db
        .selectFrom('questionnaire')
        .selectAll()
        .where('id', '=', id)
        .where('supplierId', '=', request.user!.supplierId ?? '')
        .executeTakeFirst();
      if (!q) throw notFound('问卷不存在');
      return q;
    }

    app.get(
      '/srm/myQuestionnaire/list',
      { schema: { tags, summary: '本供应商的问卷' }, config: mine },
      async (request) => {
        await expireOverdue(ctx.db);
        const rows = await ctx.db
          .selectFrom('questionnaire')
          .select([
            'id',
            'code',
            'templateName',
            'purpose',
            'dueAt',
            'status',
            'score',
            'reviewerComment',
            'submittedAt',
            'createTime',
            'updateTime',
          ])
          .where('supplierId', '=', request.user!.supplierId ?? '')
          .orderBy('createTime', 'desc')
          .execute();
        return ok(rows.map(wireQuestionnaire));
      },
    );

    app.get(
      '/srm/myQuestionnaire/detail',
      { schema: { tags, summary: '填写问卷：题目与已保存的答案', querystring: idBody }, config: mine },
      async (request) => {
        await expireOverdue(ctx.db);
        const q = await myQuestionnaire(ctx.db, request.query.id, request);
        // open(S): the first look moves SENT to IN_PROGRESS.
        if (q.status === 'SENT')
          await ctx.db
            .updateTable('questionnaire')
            .set({ status: 'IN_PROGRESS', updateTime: serverNowIso() })
            .where('id', '=', q.id)
            .where('status', '=', 'SENT')
            .execute();
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

    const saveAnswers =
      (complete: boolean) =>
      async (request: FastifyRequest<{ Body: { id: string; answers: z.infer<typeof answersSchema> } }>) => {
        await ctx.db.transaction().execute(async (trx) => {
          const q = await myQuestionnaire(trx, request.body.id, request);
          if (!['SENT', 'IN_PROGRESS'].includes(q.status)) throw businessError('问卷已提交或已关闭，不能修改');
          // QT-4 / X-1: editable strictly before the due time on the server's clock.
          if (serverNowIso() >= q.dueAt) throw businessError('问卷已过截止时间');
          const questions = await questionsOf(trx, q.templateId);
          const given = new Map(request.body.answers.map((a) => [a.questionId, a.value]));
          for (const id of given.keys())
            if (!questions.some((x) => x.id === id)) throw businessError('题目不属于该问卷');
          const stored = new Map((await answersOf(trx, q.id)).map((a) => [a.questionId, a.value]));
          for (const [i, question] of questions.entries()) {
            const value = given.has(question.id) ? given.get(question.id)! : (stored.get(question.id) ?? null);
            const problem = checkAnswer(question, value, i + 1, complete);
            if (problem) throw businessError(problem);
          }
          for (const [questionId, value] of given) {
            const question = questions.find((x) => x.id === questionId)!;
            const row = { value: JSON.stringify(value), score: autoScore(question, value) };
            await trx
              .insertInto('questionnaireAnswer')
              .values({ id: newId(), questionnaireId: q.id, questionId, ...row })
              .onConflict((oc) => oc.columns(['questionnaireId', 'questionId']).doUpdateSet(row))
              .execute();
          }
          await trx
            .updateTable('questionnaire')
            .set(
              complete
                ? { status: 'SUBMITTED', submittedAt: serverNowIso(), updateTime: serverNowIso() }
                : { status: 'IN_PROGRESS', updateTime: serverNowIso() },
            )
            .where('id', '=', q.id)
            .execute();
        });
        return ok(null, complete ? '问卷已提交' : '已保存');
      };
    app.post(
      '/srm/myQuestionnaire/save',
      {
        schema: { tags, summary: '保存答案（QT-4）', body: z.object({ id: ID, answers: answersSchema }) },
        config: mine,
      },
      saveAnswers(false),
    );
    app.post(
      '/srm/myQuestionnaire/submit',
      {
        schema: { tags, summary: '提交问卷（QT-3）', body: z.object({ id: ID, answers: answersSchema }) },
        config: mine,
      },
      saveAnswers(true),
    );
  };
