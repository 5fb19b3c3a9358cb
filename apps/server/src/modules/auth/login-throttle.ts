import { serverNow, serverNowMs } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

/**
 * Repeated login failures are throttled per account and per client address, counted in the
 * database so that every node of a cluster sees the same count. Attempts are stamped and
 * counted on the server clock.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const THROTTLE_MESSAGE = '登录失败次数过多，请15分钟后再试';

export class LoginThrottle {
  constructor(private readonly db: Db) {}

  async isBlocked(username: string, ip: string): Promise<boolean> {
    const since = new Date(serverNowMs() - THROTTLE_WINDOW_MS).toISOString();
    const count = async (column: 'username' | 'ip', value: string) => {
      const row = await this.db
        .selectFrom('loginAttempt')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(column, '=', value)
        .where('success', '=', 0)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return (
      (await count('username', username.toLowerCase())) >= MAX_FAILURES_PER_ACCOUNT ||
      (await count('ip', ip)) >= MAX_FAILURES_PER_ADDRESS
    );
  }

  /** Refuses (HTTP 429) a password check for an account or address that failed too often. */
  async assertAllowed(username: string, ip: string): Promise<void> {
    if (await this.isBlocked(username, ip)) throw new AppError(THROTTLE_MESSAGE, 429, 429);
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

  /** A successful login clears the account's failures. */
  async recordSuccess(username: string): Promise<void> {
    await this.db.deleteFrom('loginAttempt').where('username', '=', username.toLowerCase()).execute();
  }
}
