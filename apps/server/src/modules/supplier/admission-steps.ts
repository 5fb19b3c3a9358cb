import { ADMISSION_DECISION_TEXT, ADMISSION_STEP_TEXT } from '@procura/shared';
import { businessError } from '../../core/errors.js';
import type { ReviewOutcome } from './supplier-lifecycle.js';

/**
 * The steps and decisions of an admission review (domain §4.3) and the rules over them that need
 * no database: which steps a review holds, and what a set of step results allows it to propose.
 */

/** The steps of §4.3 a review can hold; DOCUMENTS and QUESTIONNAIRE are always required. */
export const REVIEW_STEPS = ['DOCUMENTS', 'QUESTIONNAIRE', 'SAMPLE', 'SITE_AUDIT'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];
export const STEP_TEXT: Record<ReviewStep, string> = ADMISSION_STEP_TEXT;
export type StepResult = {
  step: ReviewStep;
  result: 'PENDING' | 'PASSED' | 'FAILED' | 'WAIVED';
  comment: string | null;
  evidence: string | null;
  by: string | null;
  at: string | null;
};
export const DECISIONS = ['APPROVE', 'CONDITIONAL', 'REJECT'] as const;
export const DECISION_TEXT: Record<ReviewOutcome['decision'], string> = ADMISSION_DECISION_TEXT;

export type OpenReview = {
  supplierId: string;
  categoryCode: string;
  sample: boolean;
  siteAudit: boolean;
  draft?: boolean;
};
export type Submit = { id: string; decision: ReviewOutcome['decision']; trialLimitAmount?: string | null };
export type MarkStep = {
  id: string;
  step: ReviewStep;
  result: 'PASSED' | 'FAILED';
  comment: string;
  questionnaireId?: string;
};

/** The steps a review holds: DOCUMENTS and QUESTIONNAIRE always, SAMPLE and SITE_AUDIT when chosen. */
export function chosenSteps(input: { sample: boolean; siteAudit: boolean }): StepResult[] {
  const wanted: ReviewStep[] = [
    'DOCUMENTS',
    'QUESTIONNAIRE',
    ...(input.sample ? (['SAMPLE'] as const) : []),
    ...(input.siteAudit ? (['SITE_AUDIT'] as const) : []),
  ];
  return wanted.map((step) => ({ step, result: 'PENDING', comment: null, evidence: null, by: null, at: null }));
}

/** The review's step of that kind; a step the review was opened without is refused by name. */
export function heldStep(steps: StepResult[], step: ReviewStep): StepResult {
  const found = steps.find((x) => x.step === step);
  if (!found) throw businessError(`该准入评审不包含“${STEP_TEXT[step]}”步骤`);
  return found;
}

/**
 * QLF-2: no step PENDING; a FAILED step (not waived) allows only the decision REJECT.
 * QLF-4: CONDITIONAL needs a trial cap above zero. Returns the cap to store (null otherwise).
 */
export function checkedDecision(steps: StepResult[], input: Submit): string | null {
  const pending = steps.filter((x) => x.result === 'PENDING');
  if (pending.length)
    throw businessError(
      `以下步骤尚未通过，不能提交审批：${pending.map((x) => `${STEP_TEXT[x.step]}（待评审）`).join('、')}（QLF-2）`,
    );
  const failed = steps.filter((x) => x.result === 'FAILED');
  if (failed.length && input.decision !== 'REJECT')
    throw businessError(
      `以下步骤未通过，只能提交“不通过”决定（或由经理豁免）：${failed.map((x) => STEP_TEXT[x.step]).join('、')}（QLF-2）`,
    );
  const limit = input.decision === 'CONDITIONAL' && input.trialLimitAmount ? twoDecimals(input.trialLimitAmount) : null;
  if (input.decision === 'CONDITIONAL' && !(limit && Number(limit) > 0))
    throw businessError('有条件通过须填写大于0的试用限额（QLF-4）');
  return limit;
}

/** A validated decimal string with exactly two decimals ('50000' → '50000.00'), without floats (X-6). */
function twoDecimals(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
