/**
 * Exact decimal arithmetic on strings (X-6): values are scaled to integer millionths (bigint),
 * never floats. The one place for money, price and quantity arithmetic, on the server and in the
 * web app; modules keep only their own input patterns (how many digits a field accepts).
 */
const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;
/** Loose decimal text: digits, optionally a point and more digits (the length is checked apart). */
const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;
/** decimal(18,6): 12 integer digits. */
const MAX_INTEGER_DIGITS = 12;

/** Digits after the point of a scaled value. */
export const DECIMAL_SCALE = 6;
/** 1 at scale DECIMAL_SCALE (one million millionths). */
export const SCALED_ONE = 10n ** BigInt(DECIMAL_SCALE);

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
  return BigInt((whole || '0') + fraction.padEnd(DECIMAL_SCALE, '0').slice(0, DECIMAL_SCALE));
}

/** Millionths as text with `places` decimals (cut, not rounded). */
export function fromScaled(v: bigint, places: number): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const whole = abs / SCALED_ONE;
  const fraction = (abs % SCALED_ONE).toString().padStart(DECIMAL_SCALE, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/**
 * Millionths of a non-negative decimal with at most `maxDecimals` significant decimals (trailing
 * zeros do not count) and 12 integer digits, or null: the check of a value typed by a user.
 * `"29000.50"` → 29000500000n.
 */
export function parseDecimal(value: string | number, maxDecimals = DECIMAL_SCALE): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > MAX_INTEGER_DIGITS || fraction.length > Math.min(maxDecimals, DECIMAL_SCALE)) return null;
  return BigInt(whole + fraction.padEnd(DECIMAL_SCALE, '0'));
}

/** Millionths as text with exactly `places` decimals, rounded half up to them (fromScaled cuts). */
export function formatDecimal(v: bigint, places: number): string {
  const kept = Math.max(0, Math.min(DECIMAL_SCALE, places));
  const rounded = divRound(v, 10n ** BigInt(DECIMAL_SCALE - kept));
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(kept + 1, '0');
  const whole = digits.slice(0, digits.length - kept);
  const fraction = digits.slice(digits.length - kept);
  return `${negative ? '-' : ''}${whole}${kept > 0 ? `.${fraction}` : ''}`;
}

/** n / d rounded half away from zero (half up for the positive values of money). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) return divRound(-n, -d);
  const half = d / 2n;
  return n >= 0n ? (n + half) / d : -((-n + half) / d);
}

/** Divides a non-negative value by `unit` rounding half-up once, back at scale DECIMAL_SCALE with `places` decimals. */
function roundDiv(v: bigint, unit: bigint, places: number): bigint {
  return ((v + unit / 2n) / unit) * 10n ** BigInt(DECIMAL_SCALE - places);
}

/** round(a × b, places) half-up (non-negative values). */
export function multiply(a: string, b: string, places = 2): string {
  const product = toScaled(a) * toScaled(b); // scale 2×DECIMAL_SCALE
  return fromScaled(roundDiv(product, 10n ** BigInt(2 * DECIMAL_SCALE - places), places), places);
}

/** round(a × pct / 100, places) half-up, rounded once (a line's tax from its amount and rate, X-6). */
export function percentOf(a: string, pct: string, places = 2): string {
  const product = toScaled(a) * toScaled(pct); // scale 2×DECIMAL_SCALE, times 100
  return fromScaled(roundDiv(product, 100n * 10n ** BigInt(2 * DECIMAL_SCALE - places), places), places);
}

/** round(a ÷ b, places) half-up, trimmed (non-negative a, positive b). */
export function divide(a: string, b: string, places = 6): string {
  const quotient = divRound(toScaled(a) * 10n ** BigInt(places), toScaled(b)); // scale `places`
  return trim(fromScaled(quotient * 10n ** BigInt(DECIMAL_SCALE - places), places));
}

/** a × pct / 100, rounded half-up to `places` decimals. */
export function share(a: string, pct: number, places = 4): string {
  const v = toScaled(a) * BigInt(pct); // scale DECIMAL_SCALE, times 100
  return trim(fromScaled(roundDiv(v, 100n * 10n ** BigInt(DECIMAL_SCALE - places), places), places));
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
