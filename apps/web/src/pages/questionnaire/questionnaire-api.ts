import type { AnswerValue, Envelope, QuestionInput } from '@procura/shared';
import { getAction, postAction } from '../../lib/http';

async function result<T>(answer: Promise<Envelope<T>>): Promise<T> {
  const body = await answer;
  if (!body.success) throw new Error(body.message || '加载失败');
  return body.result;
}

export type Question = QuestionInput & { id: string };
export type Answer = { questionId: string; value: AnswerValue; score?: string | null };
export type QuestionnaireHead = {
  id: string;
  code: string;
  templateName: string;
  status: string;
  dueAt: string | null;
  score: string | null;
  reviewerComment: string | null;
  supplierName?: string;
};
export type QuestionnaireDetail = { questionnaire: QuestionnaireHead; questions: Question[]; answers: Answer[] };

export const questionnaireApi = {
  questions: (id: string) => result(getAction<Question[]>('/srm/questionTemplate/questions', { id })),
  saveQuestions: (id: string, questions: QuestionInput[]) =>
    postAction('/srm/questionTemplate/saveQuestions', { id, questions }),
  send: (body: { templateId: string; supplierIds: string[]; dueAt: string }) =>
    postAction('/srm/questionnaire/send', body),
  detail: (id: string) => result(getAction<QuestionnaireDetail>('/srm/questionnaire/detail', { id })),
  review: (body: { id: string; comment: string | null; scores: { questionId: string; score: string }[] }) =>
    postAction('/srm/questionnaire/review', body),
  returnOnce: (body: { id: string; dueAt: string; comment: string }) => postAction('/srm/questionnaire/return', body),
  mine: () => result(getAction<QuestionnaireHead[]>('/srm/myQuestionnaire/list')),
  myDetail: (id: string) => result(getAction<QuestionnaireDetail>('/srm/myQuestionnaire/detail', { id })),
  save: (id: string, answers: Answer[], submit: boolean) =>
    postAction(submit ? '/srm/myQuestionnaire/submit' : '/srm/myQuestionnaire/save', {
      id,
      answers: answers.map(({ questionId, value }) => ({ questionId, value })),
    }),
};
