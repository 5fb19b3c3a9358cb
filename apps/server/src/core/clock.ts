/**
 * The server's one clock and its business calendar. Every "now" of the server, every
 * business day (GMT+8) and every wire datetime comes from here; a lint rule keeps `Date.now()`
 * and `new Date()` out of the rest of the server source.
 *
 * `serverNow()` is the real clock, moved by an offset only when the explicit test setting
 * `TEST_CLOCK=true` is on (refused in production by the config, see `config.ts`). Deadline
 * checks all read this clock, so tests move time with `setTestClockOffset` instead of waiting.
 */
let enabled = false;
let offsetMs = 0;

/** The business timezone: China, GMT+8 all year (no daylight saving). */
const GMT8_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Called once at start-up with the configuration's `testClock`; off resets any offset. */
export function configureTestClock(on: boolean): void {
  enabled = on;
  offsetMs = 0;
}

/** Moves the server clock by `ms` from the real time (tests only). */
export function setTestClockOffset(ms: number): void {
  if (!enabled) throw new Error('the test clock is disabled (TEST_CLOCK is not true)');
  if (!Number.isFinite(ms)) throw new Error('bad clock offset');
  offsetMs = ms;
}

/** Whether a test offset is in effect (never in production). */
export function testClockEnabled(): boolean {
  return enabled;
}

/** Now on the server clock, in epoch milliseconds. */
export function serverNowMs(): number {
  return Date.now() + (enabled ? offsetMs : 0);
}

/** Now on the server clock. */
export function serverNow(): Date {
  return new Date(serverNowMs());
}

/** Now on the server clock as stored (ISO-8601 UTC). */
export function serverNowIso(): string {
  return serverNow().toISOString();
}

/**
 * Real time, which the test clock never moves. Only for what has to keep real time while a test
 * moves the server clock days ahead: signed-in sessions (the token's JWT expiry is checked on
 * real time, and the browser tests keep their sessions across clock moves of weeks) and the
 * job scheduler's timers and leases (a timer's delay is real). Elapsed time is measured with
 * `performance.now()`, not with either clock.
 */
export function realNow(): Date {
  return new Date();
}

/** The calendar day in GMT+8 of `at` (default: now on the server clock), `plusDays` later, as `yyyy-MM-dd`. */
export function businessDay(at: Date = serverNow(), plusDays = 0): string {
  return new Date(at.getTime() + GMT8_OFFSET_MS + plusDays * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day in GMT+8 as `yyyyMMdd`: document numbers, file folders and daily resets use it. */
export function businessDayCompact(at: Date = serverNow()): string {
  return businessDay(at).replaceAll('-', '');
}

/** The instant a GMT+8 calendar day (`yyyy-MM-dd`) begins. */
export function businessDayStart(day: string): Date {
  return new Date(utcMidnight(day) - GMT8_OFFSET_MS);
}

/** The calendar day `days` after `day` (`yyyy-MM-dd`; negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The calendar day `months` after `day` (`yyyy-MM-dd`). A day past the end of the target month
 * runs over into the next one, as JavaScript dates do (01-31 plus one month is 03-03, or 03-02
 * in a leap year).
 */
export function addMonths(day: string, months: number): string {
  const d = new Date(utcMidnight(day));
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function utcMidnight(day: string): number {
  const ms = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

/** JeecgBoot's wire format for datetimes: `yyyy-MM-dd HH:mm:ss` in GMT+8 (null for no or a bad time). */
export function toWireDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(Date.parse(iso) + GMT8_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
