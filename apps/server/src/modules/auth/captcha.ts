import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ConfigObject } from 'svg-captcha';
import { serverNowIso, serverNowMs } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/**
 * The image captcha of `GET /sys/randomImage/{key}` (jeecg-api.md §2.1): 4 characters without
 * the ambiguous ones, valid 60 s, kept in the database under the client's key so that any node
 * checks it, and gone once checked, right or wrong (AUTHN-8).
 */
// The package's callable export (draw the given text) is missing from its typings.
const drawText = createRequire(import.meta.url)('svg-captcha') as (text: string, options: ConfigObject) => string;

export const CAPTCHA_TTL_MS = 60_000;
export const CAPTCHA_LENGTH = 4;
/** Letters and digits without 0/O/o, 1/I/l/i, 2/Z/z, 5/S/s, 9/g/q, whose shapes are easily confused. */
const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPRTUVWXYabcdefhjkmnprtuvwxy34678';
export const CAPTCHA_REQUIRED = '请输入验证码';
export const CAPTCHA_WRONG = '验证码错误或已失效';
/** JeecgBoot 3.4's body code of a captcha refusal. */
export const CAPTCHA_CODE = 412;

export class CaptchaService {
  constructor(private readonly db: Db) {}

  /** Draws a new code for a key (replacing the key's earlier one) and answers it as an SVG data URL. */
  async draw(key: string): Promise<string> {
    let text = '';
    for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
    const image = drawText(text, {
      width: 105,
      height: 35,
      fontSize: 40,
      noise: 2,
      color: true,
      background: '#f5f5f5',
    });
    const now = serverNowMs();
    const row = { code: text.toLowerCase(), expiresAt: new Date(now + CAPTCHA_TTL_MS).toISOString() };
    await this.db.deleteFrom('sysCaptcha').where('expiresAt', '<', new Date(now).toISOString()).execute();
    await this.db
      .insertInto('sysCaptcha')
      .values({ checkKey: key, ...row, createTime: new Date(now).toISOString() })
      .onConflict((oc) => oc.column('checkKey').doUpdateSet(row))
      .execute();
    return `data:image/svg+xml;base64,${Buffer.from(image).toString('base64')}`;
  }

  /** True when `code` is the live code of `key` (case-insensitive); the key's code is used up either way. */
  async check(key: string | number | undefined, code: string | undefined): Promise<boolean> {
    if (key === undefined || !code) return false;
    const checkKey = String(key);
    const row = await this.db
      .selectFrom('sysCaptcha')
      .select(['code', 'expiresAt'])
      .where('checkKey', '=', checkKey)
      .executeTakeFirst();
    if (!row) return false;
    // Only the request that deletes the row may use it: two at once cannot both pass.
    const deleted = await this.db
      .deleteFrom('sysCaptcha')
      .where('checkKey', '=', checkKey)
      .where('code', '=', row.code)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    return row.expiresAt > serverNowIso() && row.code === code.trim().toLowerCase();
  }
}
