/** Question templates and questionnaires (domain §6): kinds, and the rules QT-2 and QT-3 shared by server and web. */
import { fromHundredths } from './evaluation.js';

export const QUESTION_KINDS = ['SINGLE', 'MULTI', 'TEXT', 'NUMBER', 'DATE', 'FILE', 'YES_NO'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  SINGLE: '单选',
  MULTI: '多选',
  TEXT: '文本',
  NUMBER: '数字',
  DATE: '日期',
  FILE: '附件',
  YES_NO: '是/否',
};

export type QuestionOption = { value: string; label: string; score?: string | null };
export type QuestionInput = {
  groupName?: string | null;
  text: string;
  kind: QuestionKind;
  options?: QuestionOption[] | null;
  required: boolean;
  maxScore?: string | null;
  numberMin?: string | null;
  numberMax?: string | null;
  maxSelections?: number | null;
};
/** An answer as sent: SINGLE/TEXT/NUMBER/DATE/FILE/YES_NO a string, MULTI a list of option values. */
export type AnswerValue = string | string[] | null;

/** Shape of one question (before activation too); null when fine. */
export function checkQuestion(q: QuestionInput, n: number): string | null {
  if (!q.text.trim()) return `第${n}题的题目不能为空`;
  if (q.kind === 'SINGLE' || q.kind === 'MULTI') {
    const options = q.options ?? [];
    if (options.length < 2) return `第${n}题至少需要两个选项`;
    if (new Set(options.map((o) => o.value)).size !== options.length) return `第${n}题的选项值重复`;
    if (options.some((o) => !o.label.trim() || !o.value.trim())) return `第${n}题的选项不能为空`;
  }
  if (
    q.kind === 'MULTI' &&
    q.maxSelections != null &&
    (q.maxSelections < 1 || q.maxSelections > (q.options ?? []).length)
  )
    return `第${n}题的最多可选数不正确`;
  if (q.kind === 'NUMBER' && q.numberMin != null && q.numberMax != null && Number(q.numberMin) > Number(q.numberMax))
    return `第${n}题的最小值不能大于最大值`;
  return null;
}

/** QT-2: for scored templates Σ maxScore = totalScore and an option's score ≤ its question's maxScore. */
export function checkTemplateScores(totalScore: string | null, questions: readonly QuestionInput[]): string | null {
  const total = hundredthsAny(totalScore);
  if (total === null) return '计分问卷必须填写总分';
  let sum = 0;
  for (const [i, q] of questions.entries()) {
    const max = hundredthsAny(q.maxScore ?? null);
    if (max === null) return `第${i + 1}题必须填写满分`;
    sum += max;
    for (const o of q.options ?? []) {
      const s = hundredthsAny(o.score ?? '0');
      if (s === null || s > max) return `第${i + 1}题选项「${o.label}」的分值不能超过该题满分${q.maxScore}`;
    }
  }
  if (sum !== total) return `各题满分之和（${fromHundredths(sum)}）必须等于总分（${totalScore}）`;
  return null;
}

/** Non-negative decimal with at most 2 places (up to 1000 points), in hundredths. */
function hundredthsAny(value: string | null): number | null {
  if (value === null || !/^\d{1,4}(\.\d{1,2})?$/.test(value.trim())) return null;
  const [int, frac = ''] = value.trim().split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

const isBlank = (v: AnswerValue) => v === null || (Array.isArray(v) ? v.length === 0 : v.trim() === '');

/** QT-3 for one answer: its type, NUMBER bounds, MULTI limit; `complete` adds the required check (on submit). Null when fine. */
export function checkAnswer(q: QuestionInput, value: AnswerValue, n: number, complete: boolean): string | null {
  if (isBlank(value)) return complete && q.required ? `第${n}题为必答题` : null;
  const values = q.options?.map((o) => o.value) ?? [];
  switch (q.kind) {
    case 'SINGLE':
      return typeof value === 'string' && values.includes(value) ? null : `第${n}题的选项不正确`;
    case 'MULTI':
      if (!Array.isArray(value) || value.some((v) => !values.includes(v)) || new Set(value).size !== value.length)
        return `第${n}题的选项不正确`;
      return q.maxSelections != null && value.length > q.maxSelections ? `第${n}题最多选择${q.maxSelections}项` : null;
    case 'NUMBER': {
      if (typeof value !== 'string' || !/^-?\d{1,12}(\.\d{1,6})?$/.test(value)) return `第${n}题请输入数字`;
      const x = Number(value);
      if (q.numberMin != null && x < Number(q.numberMin)) return `第${n}题不能小于${q.numberMin}`;
      if (q.numberMax != null && x > Number(q.numberMax)) return `第${n}题不能大于${q.numberMax}`;
      return null;
    }
    case 'DATE':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : `第${n}题请输入日期`;
    case 'YES_NO':
      return value === 'Y' || value === 'N' ? null : `第${n}题请选择是或否`;
    default:
      return typeof value === 'string' && value.length <= 4000 ? null : `第${n}题的答案过长`;
  }
}

/** The automatic score of an option answer (QT-5): the chosen option's score, or the sum for MULTI capped at maxScore. Null for manual kinds. */
export function autoScore(q: QuestionInput, value: AnswerValue): string | null {
  if (q.kind !== 'SINGLE' && q.kind !== 'MULTI') return null;
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const sum = (q.options ?? [])
    .filter((o) => chosen.includes(o.value))
    .reduce((s, o) => s + (hundredthsAny(o.score ?? '0') ?? 0), 0);
  const max = hundredthsAny(q.maxScore ?? null);
  return fromHundredths(max === null ? sum : Math.min(sum, max));
}
