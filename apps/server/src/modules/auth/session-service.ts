import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_TTL_MS } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { newId } from '../../core/ids.js';
import { realNow } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { CacheVersions } from '../../core/cache-versions.js';
import type { SecuritySettings } from './security-settings.js';

const SECRET_KEY = 'jwt_secret';
/**
 * How long a page-close beacon waits before it ends the session. A reload unloads the page
 * just like a close, and on a fast machine within the 5 ms that mark a close; the reloaded
 * page asks the server for the user within this time and so keeps its session.
 */
export const CLOSE_GRACE_MS = 10_000;
const ISSUER = 'procura';
/** A node writes a session's last use at most this often (the idle timeout is as precise). */
export const ACTIVITY_WRITE_MS = 60_000;
const ACTIVITY_MEMORY_LIMIT = 50_000;

/**
 * The per-installation signing secret: generated on first start and kept in the database,
 * so every node of a cluster signs alike and no secret lives in the code.
 */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const read = () =>
    db.selectFrom('sysConfig').select('configValue').where('configKey', '=', SECRET_KEY).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('sysConfig')
      .values({ configKey: SECRET_KEY, configValue: randomBytes(48).toString('base64url') })
      .onConflict((oc) => oc.column('configKey').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(row!.configValue, 'base64url');
}

/**
 * Sessions live on real time (`realNow`), not on the server clock: jose checks the token's
 * expiry against real time, and the browser tests keep their sessions while they move the
 * server clock weeks ahead (a 7-day token would end under them). Without TEST_CLOCK the two
 * clocks are one.
 */
export class SessionService {
  /**
   * The session and user rows behind a token, by session: read on every request. Any update
   * or delete of a session or a user bumps the `session` stamp (migration 0054), which empties
   * this on every node at its next request, so a sign-out or a freeze ends access at once.
   */
  private readonly rows;

  /** When this node last wrote each session's use (sys_session_activity), by session id. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    versions: CacheVersions,
    private readonly settings: SecuritySettings,
  ) {
    this.rows = versions.cache<Awaited<ReturnType<SessionService['loadRow']>>>('session', 20_000);
  }

  private loadRow(sessionId: string, userId: string) {
    return this.db
      .selectFrom('sysSession as s')
      .innerJoin('sysUser as u', 'u.id', 's.userId')
      .select([
        's.id as sessionId',
        's.createdAt',
        's.expiresAt',
        's.revokedAt',
        's.closingAt',
        'u.id',
        'u.username',
        'u.realname',
        'u.isShow',
        'u.userType',
      ])
      .select(['u.supplierId', 'u.relTenantIds', 'u.status', 'u.delFlag'])
      .where('s.id', '=', sessionId)
      .where('s.userId', '=', userId)
      .executeTakeFirst();
  }

  /** Opens a session and signs a token for it, valid 7 days. */
  async issue(userId: string, username: string, ip: string, userAgent: string | undefined): Promise<string> {
    const sessionId = newId();
    const now = realNow().getTime();
    const expiresAt = new Date(now + TOKEN_TTL_MS).toISOString();
    await this.db
      .insertInto('sysSession')
      .values({
        id: sessionId,
        userId,
        createdAt: new Date(now).toISOString(),
        expiresAt,
        revokedAt: null,
        closingAt: null,
        ip,
        userAgent: userAgent?.slice(0, 255) ?? null,
      })
      .execute();
    return new SignJWT({ sid: sessionId, username })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + TOKEN_TTL_MS) / 1000))
      .sign(this.key);
  }

  /**
   * The signed-in user of a token, or null when it is forged, expired, idle too long, revoked or
   * its user is frozen or deleted.
   */
  async verify(token: string): Promise<SessionUser | null> {
    let sessionId: string;
    let userId: string;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
      sessionId = payload.sid;
      userId = payload.sub;
    } catch {
      return null;
    }
    // Only a live session without a pending close is kept; the rest is read afresh each time.
    const row = await this.rows.get(
      `${sessionId}:${userId}`,
      () => this.loadRow(sessionId, userId),
      (r) => r !== undefined && r.revokedAt === null && r.closingAt === null,
    );
    const now = realNow().toISOString();
    if (!row || row.revokedAt !== null || row.expiresAt <= now) return null;
    if (row.status !== 1 || row.delFlag !== 0) return null;
    if (!(await this.stillActive(row.sessionId, row.createdAt))) {
      // Idle too long (issue 16 #9): over, as an expired one.
      await this.revoke(row.sessionId);
      return null;
    }
    if (row.closingAt !== null) {
      if (row.closingAt <= now) {
        await this.revoke(row.sessionId);
        return null;
      }
      // Used again before the close took effect: the page was reloaded, not closed.
      await this.db.updateTable('sysSession').set({ closingAt: null }).where('id', '=', row.sessionId).execute();
    }
    return {
      id: row.id,
      username: row.username,
      realname: row.realname,
      isShow: row.isShow,
      userType: row.userType,
      supplierId: row.supplierId,
      relTenantIds: row.relTenantIds,
      sessionId: row.sessionId,
    };
  }

  /**
   * The idle timeout (setting `security.sessionIdleMinutes`): false when the session has not been
   * used for that long, else its use is noted. The last use lives beside the session (any node's
   * write counts), written at most once a minute per node; an update of sys_session itself would
   * empty every node's session cache.
   */
  private async stillActive(sessionId: string, createdAt: string): Promise<boolean> {
    const now = realNow().getTime();
    const idleMs = (await this.settings.get('security.sessionIdleMinutes')) * 60_000;
    const mine = this.written.get(sessionId);
    if (mine !== undefined && now - mine < Math.min(ACTIVITY_WRITE_MS, idleMs)) return true;
    const row = await this.db
      .selectFrom('sysSessionActivity')
      .select('lastSeenAt')
      .where('sessionId', '=', sessionId)
      .executeTakeFirst();
    const last = Math.max(Date.parse(row?.lastSeenAt ?? createdAt), mine ?? 0);
    if (now - last >= idleMs) {
      this.written.delete(sessionId);
      return false;
    }
    const lastSeenAt = new Date(now).toISOString();
    await this.db
      .insertInto('sysSessionActivity')
      .values({ sessionId, lastSeenAt })
      .onConflict((oc) => oc.column('sessionId').doUpdateSet({ lastSeenAt }))
      .execute();
    if (this.written.size >= ACTIVITY_MEMORY_LIMIT) this.written.clear();
    this.written.set(sessionId, now);
    return true;
  }

  /** A page-close beacon: the session ends after CLOSE_GRACE_MS unless its token is used again. */
  async closeSoon(sessionId: string): Promise<void> {
    const closingAt = new Date(realNow().getTime() + CLOSE_GRACE_MS).toISOString();
    await this.db
      .updateTable('sysSession')
      .set({ closingAt })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sysSession')
      .set({ revokedAt: realNow().toISOString() })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Ends every session of a user (password change, freeze). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.db
      .updateTable('sysSession')
      .set({ revokedAt: realNow().toISOString() })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
  }
}
