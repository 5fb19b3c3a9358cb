import { noticeHtml } from '../../core/sanitize.js';
import {
  autoScore,
  checkAnswer,
  checkQuestion,
  checkTemplateScores,
  fromHundredths,
  questionnaireResource,
  type AnswerValue,
  type QuestionInput,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import type { SessionUser } from '../../core/access.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { wireToStored } from '../../resource/resource-query.js';
import { supplierUserIds } from '../supplier/status-log.js';
import { notifyUsers } from '../announcements/notify.js';
import {
  answersOf,
  insertQuestion,
  questionnaireOf,
  questionsOf,
  supplierQuestionnaireOf,
  templateOf,
  type QuestionTemplate,
} from './questionnaire-queries.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

/**
 * The rules of question templates and questionnaires (§6): a template is edited only as a draft
 * and versioned once active (QT-1, QT-2); a questionnaire is SENT → IN_PROGRESS → SUBMITTED →
 * REVIEWED, returned at most once (QT-4), answered before its due time and scored (QT-5).
 */

type Actor = Pick<SessionUser, 'id' | 'username'>;

/** Replaces a draft template's questions (QT-1: an active template is never edited). */
export async function saveTemplateQuestions(
  db: Db,
  tenantId: number,
  id: string,
  questions: QuestionInput[],
): Promise<void> {
  for (const [i, q] of questions.entries()) {
    const problem = checkQuestion(q, i + 1);
    if (problem) throw businessError(problem);
  }
  await db.transaction().execute(async (trx) => {
    const t = await templateOf(trx, id, tenantId);
    if (t.status !== 'DRAFT') throw businessError('启用后的问卷模板不能修改，请创建新版本');
    await trx.deleteFrom('question').where('templateId', '=', id).execute();
    for (const [seq, q] of questions.entries()) await insertQuestion(trx, id, seq, q);
  });
}

/** QT-2: a draft with at least one question, and consistent scores if scored, becomes ACTIVE. */
export async function activateTemplate(trx: Db, t: QuestionTemplate, username: string): Promise<string> {
  if (t.status !== 'DRAFT') throw businessError('只有草稿状态的问卷模板可以启用');
  const questions = await questionsOf(trx, t.id);
  if (questions.length === 0) throw businessError('问卷模板至少需要一道题目');
  if (t.scored === 1) {
    const problem = checkTemplateScores(t.totalScore, questions);
    if (problem) throw businessError(problem);
  }
  await trx
    .updateTable('questionTemplate')
    .set({ status: 'ACTIVE', updateBy: username, updateTime: serverNowIso() })
    .where('id', '=', t.id)
    .execute();
  return '已启用';
}

export async function deactivateTemplate(trx: Db, t: QuestionTemplate, username: string): Promise<string> {
  if (t.status !== 'ACTIVE') throw businessError('只有启用状态的问卷模板可以停用');
  await trx
    .updateTable('questionTemplate')
    .set({ status: 'INACTIVE', updateBy: username, updateTime: serverNowIso() })
    .where('id', '=', t.id)
    .execute();
  return '已停用';
}

/** QT-1: an active template is never edited; its next version is a draft copy. */
export async function newTemplateVersion(trx: Db, t: QuestionTemplate, username: string): Promise<string> {
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
      createBy: username,
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  for (const [seq, q] of (await questionsOf(trx, t.id)).entries()) await insertQuestion(trx, id, seq, q);
  return `已创建第${Number(latest.v) + 1}版草稿`;
}

/** Sends an active template to each supplier (a questionnaire each, with its own code); returns how many. */
export async function sendQuestionnaires(
  ctx: AppContext,
  user: Actor,
  tenantId: number,
  input: { templateId: string; supplierIds: string[]; dueAt: string },
): Promise<number> {
  const { templateId, supplierIds, dueAt } = input;
  const due = wireToStored(dueAt, 'eq');
  if (due <= serverNowIso()) throw badRequest('截止时间必须晚于当前时间', { dueAt: '截止时间必须晚于当前时间' });
  return ctx.db.transaction().execute(async (trx) => {
    const t = await templateOf(trx, templateId, tenantId);
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
          tenantId: tenantId,
          code: await nextNumberOf(ctx.codes, questionnaireResource, tenantId, trx),
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
          createBy: user.username,
          createTime: serverNowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      await notifyUsers(trx, {
        userIds: await supplierUserIds(trx, s.id),
        title: `请填写问卷：${t.name}`,
        content: noticeHtml`<p>请在 ${dueAt} 前填写并提交问卷「${t.name}」。</p>`,
        busType: 'questionnaire',
        busId: id,
        openType: 'url',
        openPage: '/srm/my-questionnaires',
      });
    }
    return suppliers.length;
  });
}

/** QT-5: the reviewer scores the manual questions of a scored template; the total is the questionnaire's score. */
export async function reviewQuestionnaire(
  db: Db,
  user: Actor,
  tenantId: number,
  input: { id: string; comment?: string | null; scores: { questionId: string; score: string }[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const q = await questionnaireOf(trx, input.id, tenantId);
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
          const given = input.scores.find((x) => x.questionId === question.id)?.score ?? (answer ? null : '0');
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
        reviewerComment: input.comment ?? null,
        reviewedBy: user.id,
        updateBy: user.username,
        updateTime: serverNowIso(),
      })
      .where('id', '=', q.id)
      .execute();
  });
}

/** QT-4: a submitted questionnaire goes back to the supplier once, with a new due time. */
export async function returnQuestionnaire(
  db: Db,
  user: Actor,
  tenantId: number,
  input: { id: string; dueAt: string; comment: string },
): Promise<void> {
  const due = wireToStored(input.dueAt, 'eq');
  if (due <= serverNowIso()) throw badRequest('截止时间必须晚于当前时间', { dueAt: '截止时间必须晚于当前时间' });
  await db.transaction().execute(async (trx) => {
    const q = await questionnaireOf(trx, input.id, tenantId);
    if (q.status !== 'SUBMITTED') throw businessError('只有已提交的问卷可以退回');
    if (q.returned === 1) throw businessError('问卷只能退回一次');
    await trx
      .updateTable('questionnaire')
      .set({
        status: 'IN_PROGRESS',
        returned: 1,
        dueAt: due,
        reviewerComment: input.comment,
        updateBy: user.username,
        updateTime: serverNowIso(),
      })
      .where('id', '=', q.id)
      .execute();
    await notifyUsers(trx, {
      userIds: await supplierUserIds(trx, q.supplierId),
      title: `问卷已退回，请修改后重新提交：${q.templateName}`,
      content: noticeHtml`<p>${input.comment}</p>`,
      busType: 'questionnaire',
      busId: q.id,
      openType: 'url',
      openPage: '/srm/my-questionnaires',
    });
  });
}

/** open(S): the supplier's first look moves SENT to IN_PROGRESS. */
export async function markOpened(db: Db, q: { id: string; status: string }): Promise<void> {
  if (q.status === 'SENT')
    await db
      .updateTable('questionnaire')
      .set({ status: 'IN_PROGRESS', updateTime: serverNowIso() })
      .where('id', '=', q.id)
      .where('status', '=', 'SENT')
      .execute();
}

/** Saves (complete = false) or submits (QT-3) the supplier's answers, strictly before the due time (QT-4). */
export async function saveAnswers(
  db: Db,
  supplierId: string,
  input: { id: string; answers: { questionId: string; value: AnswerValue }[] },
  complete: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const q = await supplierQuestionnaireOf(trx, input.id, supplierId);
    if (!['SENT', 'IN_PROGRESS'].includes(q.status)) throw businessError('问卷已提交或已关闭，不能修改');
    // QT-4 / X-1: editable strictly before the due time on the server's clock.
    if (serverNowIso() >= q.dueAt) throw businessError('问卷已过截止时间');
    const questions = await questionsOf(trx, q.templateId);
    const given = new Map(input.answers.map((a) => [a.questionId, a.value]));
    for (const id of given.keys()) if (!questions.some((x) => x.id === id)) throw businessError('题目不属于该问卷');
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
}
