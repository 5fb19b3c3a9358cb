import { businessDay, serverNowIso } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';

/**
 * Dates a draft may not hold when it is saved, on the server clock: a deadline already
 * passed can never be met (SRC-1 would refuse it at submit and publish), and a line cannot be
 * needed before today (PR-1). Only the values sent are checked, so a draft whose deadline
 * passed meanwhile can still be saved with other changes.
 */

/** Refuses any sent deadline (ISO UTC, as `wireTime` stores it) at or before now (SRC-1). */
export function refusePastDeadlines(values: object, labels: Readonly<Record<string, string>>, prefix = ''): void {
  const now = serverNowIso();
  for (const [key, label] of Object.entries(labels)) {
    const value = (values as Record<string, unknown>)[key];
    if (typeof value === 'string' && value <= now)
      throw badRequest(`${label}已过，请选择晚于当前的时间（SRC-1）`, {
        [`${prefix}${key}`]: `${label}不能早于当前时间`,
      });
  }
}

/** Refuses a line's need-by date (`yyyy-MM-dd`) before today in GMT+8 (PR-1). */
export function refusePastNeedByDates(lines: readonly { needByDate?: string | null }[]): void {
  const today = businessDay();
  for (const [i, l] of lines.entries())
    if (l.needByDate && l.needByDate < today)
      throw badRequest(`第${i + 1}行：需求日期不能早于今天（PR-1）`, {
        [`lines.${i}.needByDate`]: '需求日期不能早于今天',
      });
}

/** The deadlines of an event header, with their labels. */
export const EVENT_DEADLINES = {
  responseDeadline: '报价截止时间',
  signupDeadline: '报名截止时间',
  clarificationDeadline: '澄清截止时间',
} as const;

/**
 * Refuses a validity day (`yyyy-MM-dd`) before today in GMT+8: a price or quota that starts or
 * ends in the past is history, not a decision being taken now (X-1 on the server clock; the
 * validity of MAT-4 price records and QUO-3 arrangements). `rule` names the record's own rule.
 */
export function refusePastValidity(values: object, labels: Readonly<Record<string, string>>, rule: string): void {
  const today = businessDay();
  for (const [key, label] of Object.entries(labels)) {
    const value = (values as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '' && value < today)
      throw badRequest(`${label}不能早于今天（${rule}，X-1）`, { [key]: `${label}不能早于今天` });
  }
}

export const PRICE_VALIDITY = { priceValidFrom: '价格生效日期', priceValidTo: '价格失效日期' } as const;
