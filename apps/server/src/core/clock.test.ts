import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessDay,
  businessDayCompact,
  businessDayStart,
  configureTestClock,
  realNow,
  serverNow,
  serverNowIso,
  serverNowMs,
  setTestClockOffset,
  testClockEnabled,
  toWireDateTime,
} from './clock.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

afterEach(() => configureTestClock(false));

describe('the server clock (X-1)', () => {
  it('is the real time while the test clock is off, and cannot be moved then', () => {
    configureTestClock(false);
    const before = Date.now();
    const ms = serverNowMs();
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
    expect(testClockEnabled()).toBe(false);
    expect(() => setTestClockOffset(1000)).toThrow(/TEST_CLOCK/);
  });

  it('moves now as a Date, as ISO and as epoch milliseconds alike under TEST_CLOCK, but never the real time', () => {
    configureTestClock(true);
    setTestClockOffset(10 * DAY);
    const real = Date.now();
    expect(serverNowMs() - real).toBeGreaterThanOrEqual(10 * DAY);
    expect(serverNowMs() - real).toBeLessThan(10 * DAY + 1000);
    expect(serverNow().getTime() - real).toBeGreaterThanOrEqual(10 * DAY);
    expect(Date.parse(serverNowIso()) - real).toBeGreaterThanOrEqual(10 * DAY);
    expect(serverNowIso()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(realNow().getTime() - Date.now())).toBeLessThan(1000);
    expect(() => setTestClockOffset(Number.NaN)).toThrow(/offset/);
  });

  it('starts again at the real time when configured anew', () => {
    configureTestClock(true);
    setTestClockOffset(-5 * DAY);
    configureTestClock(true);
    expect(Math.abs(serverNowMs() - Date.now())).toBeLessThan(1000);
  });
});

describe('the business calendar (GMT+8)', () => {
  it('turns the day at 16:00 UTC, midnight in China', () => {
    expect(businessDay(new Date('2026-03-09T15:59:59.999Z'))).toBe('2026-03-09');
    expect(businessDay(new Date('2026-03-09T16:00:00.000Z'))).toBe('2026-03-10');
    expect(businessDayCompact(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
  });

  it('counts days ahead and back from an instant', () => {
    const at = new Date('2026-02-27T20:00:00Z'); // 2026-02-28 04:00 in GMT+8
    expect(businessDay(at, 1)).toBe('2026-03-01');
    expect(businessDay(at, -28)).toBe('2026-01-31');
  });

  it('reads the server clock, the test offset included, when no instant is given', () => {
    configureTestClock(true);
    setTestClockOffset(3 * DAY);
    const expected = new Date(Date.now() + 3 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    expect(businessDay()).toBe(expected);
    expect(businessDay(undefined, 2)).toBe(addDays(expected, 2));
    expect(businessDayCompact()).toBe(expected.replaceAll('-', ''));
  });

  it('gives the instant a business day begins', () => {
    expect(businessDayStart('2026-03-10').toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(businessDay(businessDayStart('2026-03-10'))).toBe('2026-03-10');
    expect(() => businessDayStart('2026-3-10')).toThrow(RangeError);
  });

  it('adds calendar days and months', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-03-31', 3)).toBe('2026-07-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-03-03');
    expect(addMonths('2026-06-30', 12)).toBe('2027-06-30');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(() => addDays('tomorrow', 1)).toThrow(RangeError);
  });
});

describe('wire datetimes', () => {
  it('show a stored time as yyyy-MM-dd HH:mm:ss in GMT+8', () => {
    expect(toWireDateTime('2026-03-09T16:30:05.123Z')).toBe('2026-03-10 00:30:05');
    expect(toWireDateTime(null)).toBeNull();
    expect(toWireDateTime(undefined)).toBeNull();
    expect(toWireDateTime('')).toBeNull();
    expect(toWireDateTime('not a time')).toBeNull();
  });
});
