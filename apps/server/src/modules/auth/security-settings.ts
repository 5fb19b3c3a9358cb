import { realNow } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/**
 * The sign-in guard's settings (issue 16), kept in `sys_config` under `security.*` so that every
 * node reads the same; a missing or unreadable value is its default. Read through a short cache:
 * a change reaches every node within CACHE_MS.
 */
export const SECURITY_SETTINGS = {
  /** Always ask for the captcha on password login, not only after a failure. */
  'security.loginCaptchaAlways': { default: false, kind: 'boolean' },
  /** A session unused this many minutes is over (on top of its 7-day lifetime). */
  'security.sessionIdleMinutes': { default: 120, kind: 'number', min: 1, max: 10_080 },
  /** SMS codes one mobile number may be sent per hour. */
  'security.smsPerMobileHour': { default: 5, kind: 'number', min: 1, max: 1000 },
  /** SMS codes one client address may ask for per hour. */
  'security.smsPerAddressHour': { default: 10, kind: 'number', min: 1, max: 100_000 },
  /** SMS codes the whole installation sends per hour. */
  'security.smsTotalHour': { default: 500, kind: 'number', min: 1, max: 10_000_000 },
} as const;

export type SecuritySettingKey = keyof typeof SECURITY_SETTINGS;
type ValueOf<K extends SecuritySettingKey> = (typeof SECURITY_SETTINGS)[K]['default'] extends boolean
  ? boolean
  : number;

const CACHE_MS = 10_000;

export class SecuritySettings {
  private cached: { at: number; values: Map<string, string> } | null = null;

  constructor(private readonly db: Db) {}

  private async values(): Promise<Map<string, string>> {
    const now = realNow().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.values;
    const rows = await this.db
      .selectFrom('sysConfig')
      .select(['configKey', 'configValue'])
      .where('configKey', 'in', Object.keys(SECURITY_SETTINGS))
      .execute();
    const values = new Map(rows.map((r) => [r.configKey, r.configValue]));
    this.cached = { at: now, values };
    return values;
  }

  async get<K extends SecuritySettingKey>(key: K): Promise<ValueOf<K>> {
    const def = SECURITY_SETTINGS[key];
    const raw = (await this.values()).get(key);
    if (def.kind === 'boolean') return (raw === undefined ? def.default : raw === 'true') as ValueOf<K>;
    const n = Number(raw);
    const ok = raw !== undefined && Number.isInteger(n) && n >= def.min && n <= def.max;
    return (ok ? n : def.default) as ValueOf<K>;
  }

  /** Stores a value (an administrator's change, or a test's); this node sees it at once. */
  async set(key: SecuritySettingKey, value: boolean | number): Promise<void> {
    await this.db
      .insertInto('sysConfig')
      .values({ configKey: key, configValue: String(value) })
      .onConflict((oc) => oc.column('configKey').doUpdateSet({ configValue: String(value) }))
      .execute();
    this.cached = null;
  }
}
