import { serverNow, serverNowMs } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

/**
 * Repeated login failures slow down sign-in per account and per client address, counted in the
 * database so that every node of a cluster sees the same count (issue 16 #2, ASVS 2.2.1). No
 * hard lock: after the first failure of an account or an address a captcha is asked for, and
 * each further failure doubles the time before the next try (per account from the first
 * failure, per address after ADDRESS_FREE_FAILURES, as many users may share one address), up to
 * a cap. A try refused for the delay or the captcha checks no password and counts nothing, so
 * nobody can keep an owner out without solving a captcha per try, and the owner's right
 * password with a right captcha gets in once the delay has run out. A success clears the
 * failures of its account and its address. Attempts are stamped and counted on the server clock.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const FIRST_DELAY_MS = 1000;
export const MAX_ACCOUNT_DELAY_MS = 30_000;
export const MAX_ADDRESS_DELAY_MS = 60_000;
export const ADDRESS_FREE_FAILURES = 5;
export const throttleMessage = (seconds: number) => `登录失败次数过多，请${seconds}秒后再试`;

export type LoginGuardState = {
  /** A captcha must come with the next try. */
  captchaRequired: boolean;
  /** Milliseconds before the next try is taken; 0 now. */
  waitMs: number;
};

const delayOf = (failures: number, first: number, cap: number) =>
  failures < first ? 0 : Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - first, 20), cap);

export class LoginThrottle {
  constructor(private readonly db: Db) {}

  private async failures(column: 'username' | 'ip', value: string, since: string) {
    const row = await this.db
      .selectFrom('loginAttempt')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('createdAt').as('last')])
      .where(column, '=', value)
      .where('success', '=', 0)
      .where('createdAt', '>', since)
      .executeTakeFirstOrThrow();
    return { n: Number(row.n), last: row.last ? Date.parse(String(row.last)) : 0 };
  }

  /** What the next try of an account from an address needs: a captcha, a wait. */
  async state(username: string, ip: string): Promise<LoginGuardState> {
    const now = serverNowMs();
    const since = new Date(now - THROTTLE_WINDOW_MS).toISOString();
    const account = await this.failures('username', username.toLowerCase(), since);
    const address = await this.failures('ip', ip, since);
    const until = Math.max(
      account.last + delayOf(account.n, 1, MAX_ACCOUNT_DELAY_MS),
      address.last + delayOf(address.n, ADDRESS_FREE_FAILURES + 1, MAX_ADDRESS_DELAY_MS),
    );
    return { captchaRequired: account.n > 0 || address.n > 0, waitMs: Math.max(0, until - now) };
  }

  /** Whether an address has failed lately (the login page shows the captcha from the start). */
  async addressFailed(ip: string): Promise<boolean> {
    const since = new Date(serverNowMs() - THROTTLE_WINDOW_MS).toISOString();
    return (await this.failures('ip', ip, since)).n > 0;
  }

  /** Refuses (HTTP 429, naming the seconds) a try that comes before its delay has run out. */
  assertNoWait(state: LoginGuardState): void {
    if (state.waitMs <= 0) return;
    const retryAfter = Math.ceil(state.waitMs / 1000);
    throw new AppError(throttleMessage(retryAfter), 429, 429, { captchaRequired: state.captchaRequired, retryAfter });
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const now = serverNow();
    await this.db
      .insertInto('loginAttempt')
      .values({
        id: newId(),
        username: username.toLowerCase().slice(0, 100),
        ip,
        success: 0,
        createdAt: now.toISOString(),
      })
      .execute();
    // Keep the table small: attempts older than a day no longer matter.
    await this.db
      .deleteFrom('loginAttempt')
      .where('createdAt', '<', new Date(now.getTime() - 86_400_000).toISOString())
      .execute();
  }

  /** A successful login clears the failures of its account and of its address (a reset: of its account). */
  async recordSuccess(username: string, ip?: string): Promise<void> {
    await this.db
      .deleteFrom('loginAttempt')
      .where((eb) =>
        eb.or([eb('username', '=', username.toLowerCase()), ...(ip === undefined ? [] : [eb('ip', '=', ip)])]),
      )
      .execute();
  }
}
