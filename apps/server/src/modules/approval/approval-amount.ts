import { compare } from '@procura/shared';

/**
 * Money for thresholds: decimal strings compared exactly by the shared decimal arithmetic,
 * never as floats. Up to 6 decimals (unit prices); amounts are money with 2.
 */
const AMOUNT = /^\d{1,16}(\.\d{1,6})?$/;

export function isAmount(value: string): boolean {
  return AMOUNT.test(value);
}

/** a >= b for two valid amount strings. */
export function amountReaches(a: string, b: string): boolean {
  return compare(a, b) >= 0;
}

/** Canonical amount string from the caller's number or string; null when absent. */
export function normaliseAmount(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!isAmount(text)) throw new Error(`approval amount is not a non-negative decimal: ${String(value)}`);
  return text;
}
