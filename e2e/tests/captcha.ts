import { expect, type APIRequestContext, type Locator } from '@playwright/test';

/**
 * The code of an image captcha shown on a page, read from its table in the test server's
 * database (E2E_DATABASE_URL, set by playwright.config.ts): the server never tells it.
 */
export async function captchaCodeOf(image: Locator): Promise<string> {
  await expect(image.locator('img')).toBeVisible();
  return captchaCode((await image.getAttribute('data-check-key'))!);
}

/** The code of the captcha drawn for `checkKey` (`GET /sys/randomImage/{checkKey}`). */
export async function captchaCode(checkKey: string): Promise<string> {
  const rows = await onDatabase<{ code: string }>('SELECT code FROM sys_captcha WHERE check_key = ?', [checkKey]);
  return rows[0]!.code;
}

/**
 * Runs `sql` (with `?` placeholders) on the test server's database, SQLite or PostgreSQL
 * (E2E_DATABASE_URL), and answers the rows it returns.
 */
export async function onDatabase<T>(sql: string, params: unknown[]): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL!;
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(url.slice('sqlite:'.length), { fileMustExist: true });
    try {
      const statement = db.prepare(sql);
      return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The scenarios register many suppliers from one address within the hour: more SMS codes than
 * the default cap per address (security.smsPerAddressHour) lets through. Raised for the run.
 */
async function raiseSmsCaps(): Promise<void> {
  const upsert =
    'INSERT INTO sys_config (config_key, config_value) VALUES (?, ?) ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value';
  for (const key of ['security.smsPerAddressHour', 'security.smsTotalHour']) await onDatabase(upsert, [key, '10000']);
}

/**
 * Sends an SMS code to `mobile` as the registration and sign-in forms do — the image captcha
 * first (issue 16 #4) — and answers the code from the test outbox (SMS_SENDER=outbox).
 */
export async function sentSmsCode(
  request: APIRequestContext,
  mobile: string,
  smsmode: '0' | '1' | '2',
): Promise<string> {
  await raiseSmsCaps();
  for (let tries = 0; ; tries++) {
    const checkKey = `e2esms${Date.now().toString(36)}${tries}`;
    await request.get(`/jeecg-boot/sys/randomImage/${checkKey}`);
    const captcha = await captchaCode(checkKey);
    const res = await request.post('/jeecg-boot/sys/sms', { data: { mobile, smsmode, captcha, checkKey } });
    const body = (await res.json()) as { success: boolean; message: string };
    if (body.success) break;
    // The server reads the raised caps within seconds (its settings cache).
    expect(tries, `sms to ${mobile}: ${body.message}`).toBeLessThan(8);
    await new Promise((r) => setTimeout(r, 2_000));
  }
  const outbox = (await (await request.get(`/jeecg-boot/sys/sms/testOutbox?mobile=${mobile}`)).json()) as {
    result: { code: string };
  };
  return outbox.result.code;
}
