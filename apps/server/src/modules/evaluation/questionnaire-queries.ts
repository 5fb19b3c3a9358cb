import type { AnswerValue, QuestionInput } from '@procura/shared';
import { notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/** The reads and writes of question templates and questionnaires (§6); the rules sit in questionnaire-service.ts. */

export type Question = QuestionInput & { id: string };
export type QuestionTemplate = Awaited<ReturnType<typeof templateOf>>;
export type Questionnaire = Awaited<ReturnType<typeof questionnaireOf>>;

export async function questionsOf(db: Db, templateId: string): Promise<Question[]> {
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
export async function expireOverdue(db: Db): Promise<void> {
  await db
    .updateTable('questionnaire')
    .set({ status: 'EXPIRED' })
    .where('status', 'in', ['SENT', 'IN_PROGRESS'])
    .where('dueAt', '<=', serverNowIso())
    .execute();
}

export async function answersOf(db: Db, questionnaireId: string) {
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

export async function templateOf(db: Db, id: string, tenantId: number) {
  const t = await db
    .selectFrom('questionTemplate')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!t) throw notFound('问卷模板不存在');
  return t;
}

export async function insertQuestion(trx: Db, templateId: string, seq: number, q: QuestionInput): Promise<void> {
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

/** A questionnaire of the tenant (the buyer's side). */
export async function questionnaireOf(db: Db, id: string, tenantId: number) {
  const q = await db
    .selectFrom('questionnaire')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!q) throw notFound('问卷不存在');
  return q;
}

/** Supplier side: only the session supplier's questionnaires. */
export async function supplierQuestionnaireOf(db: Db, id: string, supplierId: string): Promise<Questionnaire> {
  const q = await db
    .selectFrom('questionnaire')
    .selectAll()
    .where('id', '=', id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (!q) throw notFound('问卷不存在');
  return q;
}

export async function supplierQuestionnaires(db: Db, supplierId: string) {
  return db
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
    .where('supplierId', '=', supplierId)
    .orderBy('createTime', 'desc')
    .execute();
}
