/**
 * Exact decimals for requisitions (X-6): quantities (4 places), unit prices (6) and money (2)
 * as strings, computed as scaled integers, never as floats. Inputs are non-negative.
 */
export const QTY_PATTERN = /^\d{1,14}(\.\d{1,4})?$/;
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

const SCALE = 6;
const ONE = 10n ** BigInt(SCALE);

/** A decimal string as an integer count of millionths. */
export function units(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt((whole || '0') + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}

/** Millionths back to the shortest decimal string (`10`, `2.5`, `0.125`). */
export function qtyText(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${sign}${abs / ONE}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as money text with two places. */
function centsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** round(qty × unit price, 2), half-up (X-6). */
export function lineAmount(qty: string, unitPrice: string): string {
  const product = units(qty) * units(unitPrice); // scale 12
  const half = 10n ** 10n / 2n;
  return centsText((product + half) / 10n ** 10n);
}

/** Σ of money strings (two places each). */
export function sumMoney(values: string[]): string {
  return centsText(values.reduce((sum, v) => sum + units(v) / 10n ** 4n, 0n));
}
