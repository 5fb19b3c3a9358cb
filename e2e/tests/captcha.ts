import { expect, type Locator } from '@playwright/test';

/**
 * The code of an image captcha shown on a page, read from its table in the test server's
 * database (E2E_DATABASE_URL, set by playwright.config.ts): the server never tells it.
 */
export async function captchaCodeOf(image: Locator): Promise<string> {
  await expect(image.locator('img')).toBeVisible();
  const checkKey = await image.getAttribute('data-check-key');
  const url = process.env.E2E_DATABASE_URL!;
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('SELECT code FROM sys_captcha WHERE check_key = ?').get(checkKey) as { code: string };
      return row.code;
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ code: string }>('SELECT code FROM sys_captcha WHERE check_key = $1', [checkKey]);
    return res.rows[0]!.code;
  } finally {
    await client.end();
  }
}
