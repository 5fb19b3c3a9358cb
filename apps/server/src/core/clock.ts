/**
 * Server time for deadlines. `serverNow()` is the real clock, moved by an offset only
 * when the explicit test setting `TEST_CLOCK=true` is on (refused in production by the config,
 * see `config.ts`). Sourcing deadline checks all read this clock, so tests move time with
 * `setTestClockOffset` instead of waiting.
 */
let enabled = false;
let offsetMs = 0;

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

export function serverNow(): Date {
  return new Date(Date.now() + (enabled ? offsetMs : 0));
}

/** Server time as stored (ISO-8601 UTC). */
export function serverNowIso(): string {
  return serverNow().toISOString();
}
