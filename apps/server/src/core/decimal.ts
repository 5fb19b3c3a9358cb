/**
 * Exact decimal arithmetic on strings (X-6): values are scaled to integer millionths (bigint),
 * never floats. The one place for money, price and quantity arithmetic; modules keep only
 * their own input patterns (how many digits a field accepts).
 */
const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;
const SCALE = 6;
const ONE = 10n ** BigInt(SCALE);

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** Digits after the point. */
export function decimals(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** A decimal string as an integer count of millionths (digits beyond six are dropped). */
export function toScaled(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt((whole || '0') + fraction.padEnd(SCALE, '0').slice(0, SCALE));
}

/** Millionths as text with `places` decimals (cut, not rounded). */
export function fromScaled(v: bigint, places: number): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/** Divides a non-negative value by `unit` rounding half-up once, back at scale SCALE with `places` decimals. */
function roundDiv(v: bigint, unit: bigint, places: number): bigint {
  return ((v + unit / 2n) / unit) * 10n ** BigInt(SCALE - places);
}

/** round(a × b, places) half-up (non-negative values). */
export function multiply(a: string, b: string, places = 2): string {
  const product = toScaled(a) * toScaled(b); // scale 2×SCALE
  return fromScaled(roundDiv(product, 10n ** BigInt(2 * SCALE - places), places), places);
}

/** a × pct / 100, rounded half-up to `places` decimals. */
export function share(a: string, pct: number, places = 4): string {
  const v = toScaled(a) * BigInt(pct); // scale SCALE, times 100
  return trim(fromScaled(roundDiv(v, 100n * 10n ** BigInt(SCALE - places), places), places));
}

export function add(values: string[], places = 2): string {
  return fromScaled(
    values.reduce((sum, v) => sum + toScaled(v), 0n),
    places,
  );
}

export function compare(a: string, b: string): number {
  const d = toScaled(a) - toScaled(b);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
}

/** Canonical text of a decimal: no trailing zeros after the point. */
export function trim(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** a − b (a ≥ b expected), with `places` decimals, trimmed. */
export function subtract(a: string, b: string, places = 6): string {
  return trim(fromScaled(toScaled(a) - toScaled(b), places));
}
