import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { businessError } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { serverNowIso, serverNowMs } from '../../../core/clock.js';
import type { Db } from '../../../db/database.js';
import { SMS_NOT_CONFIGURED, type SmsPurpose, type SmsSender } from './sender.js';

/** SUP-2 and AUTHN-9/10: 6 digits, 5 minutes, one per minute per mobile, 5 tries, one use. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_MAX_PER_DAY = 10;
export const SMS_TOO_OFTEN = '发送过于频繁';
export const SMS_MOBILE_CAP = '该手机号获取验证码次数过多，请1小时后再试';
export const SMS_ADDRESS_CAP = '获取验证码次数过多，请1小时后再试';
export const SMS_TOTAL_CAP = '短信发送量已达上限，请稍后再试';
/** Hourly caps against SMS pumping (issue 16 #4), from the security settings. */
export type SmsCaps = { perMobile: number; perAddress: number; total: number };

/** JeecgBoot's `smsmode` values. */
export const SMS_MODES: Record<string, SmsPurpose> = { '0': 'login', '1': 'register', '2': 'forgot' };

export type SmsCheck = { ok: true; id: string } | { ok: false; reason: 'wrong' | 'expired' };

const hashCode = (salt: string, mobile: string, purpose: string, code: string) =>
  createHmac('sha256', salt).update(`${mobile}:${purpose}:${code}`).digest('hex');

export class SmsService {
  constructor(
    private readonly db: Db,
    readonly sender: SmsSender,
  ) {}

  /**
   * Issues a code for a mobile. `deliver` false stores a code nobody receives (a mobile that
   * has no account for a login or a reset): the caller sees the same answer and the same
   * resend interval either way (AUTHN-10, no enumeration).
   */
  async issue(
    mobile: string,
    purpose: SmsPurpose,
    ip: string,
    deliver: boolean,
    log: FastifyBaseLogger,
    caps: SmsCaps,
  ): Promise<void> {
    if (!this.sender.enabled) throw businessError(SMS_NOT_CONFIGURED);
    const now = serverNowMs();
    const hourAgo = new Date(now - 3_600_000).toISOString();
    const sentSince = async (column?: 'mobile' | 'ip', value?: string) => {
      let q = this.db
        .selectFrom('sysSmsCode')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('createTime', '>', hourAgo);
      if (column) q = q.where(column, '=', value!);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    // Codes stored for a mobile without an account count too: the answer is the same.
    if ((await sentSince('mobile', mobile)) >= caps.perMobile) throw businessError(SMS_MOBILE_CAP);
    if ((await sentSince('ip', ip.slice(0, 64))) >= caps.perAddress) throw businessError(SMS_ADDRESS_CAP);
    if ((await sentSince()) >= caps.total) {
      log.warn({ event: 'sms.total_cap', cap: caps.total }, 'hourly SMS cap reached');
      throw businessError(SMS_TOTAL_CAP);
    }
    const recent = await this.db
      .selectFrom('sysSmsCode')
      .select('createTime')
      .where('mobile', '=', mobile)
      .where('createTime', '>', new Date(now - 86_400_000).toISOString())
      .orderBy('createTime', 'desc')
      .execute();
    if (recent.length > 0 && Date.parse(recent[0]!.createTime) > now - SMS_RESEND_MS)
      throw businessError(SMS_TOO_OFTEN);
    if (recent.length >= SMS_MAX_PER_DAY) throw businessError(SMS_TOO_OFTEN);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (deliver) await this.sender.send(mobile, code, purpose, log);
    const salt = randomBytes(8).toString('hex');
    const at = new Date(now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      // Only the newest code of a mobile and purpose counts.
      await trx
        .updateTable('sysSmsCode')
        .set({ usedAt: at })
        .where('mobile', '=', mobile)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .execute();
      await trx
        .insertInto('sysSmsCode')
        .values({
          id: newId(),
          mobile,
          purpose,
          codeHash: `${salt}$${hashCode(salt, mobile, purpose, code)}`,
          attempts: 0,
          expiresAt: new Date(now + SMS_CODE_TTL_MS).toISOString(),
          usedAt: null,
          ip: ip.slice(0, 64),
          createTime: at,
        })
        .execute();
    });
    // Codes older than a day no longer matter.
    await this.db
      .deleteFrom('sysSmsCode')
      .where('createTime', '<', new Date(now - 2 * 86_400_000).toISOString())
      .execute();
  }

  /** Checks a code without using it up; a wrong one counts as a try. */
  async check(mobile: string, purpose: SmsPurpose, code: string): Promise<SmsCheck> {
    const row = await this.db
      .selectFrom('sysSmsCode')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .orderBy('createTime', 'desc')
      .executeTakeFirst();
    if (!row || row.expiresAt <= serverNowIso() || row.attempts >= SMS_MAX_ATTEMPTS)
      return { ok: false, reason: 'expired' };
    const [salt, hash] = row.codeHash.split('$') as [string, string];
    const given = Buffer.from(hashCode(salt, mobile, purpose, code.trim()), 'hex');
    if (!/^\d{6}$/.test(code.trim()) || !timingSafeEqual(given, Buffer.from(hash, 'hex'))) {
      await this.db
        .updateTable('sysSmsCode')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      return { ok: false, reason: 'wrong' };
    }
    return { ok: true, id: row.id };
  }

  /** Uses a checked code up; false when another request used it first. Run in the caller's transaction. */
  async consume(db: Db, id: string): Promise<boolean> {
    const res = await db
      .updateTable('sysSmsCode')
      .set({ usedAt: serverNowIso() })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Checks and uses up a code in one go; throws `wrongMessage` or the expiry message. */
  async take(mobile: string, purpose: SmsPurpose, code: string, wrongMessage: string): Promise<void> {
    const checked = await this.check(mobile, purpose, code);
    if (!checked.ok) throw businessError(checked.reason === 'wrong' ? wrongMessage : SMS_EXPIRED);
    if (!(await this.consume(this.db, checked.id))) throw businessError(SMS_EXPIRED);
  }
}

export const SMS_EXPIRED = '验证码已失效，请重新获取';
