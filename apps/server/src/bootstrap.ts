import type { Config } from './config.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Db } from './db/database.js';
import { configurePasswordHashing } from './modules/auth/password.js';
import { accountsWithDemoPassword, hasUsers, seedDemo, syncBaseData } from './seed/seed.js';

/** Hides the password of a database URL before it is printed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export type PreparedDatabase = OpenDatabase & { seededNow: boolean };

/**
 * Opens the database, migrates it, adds the base data this release brings, and on first
 * start of an empty database loads the demo company (unless SEED_DEMO=false).
 */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  // The demo accounts' hashes are made at the configured cost.
  configurePasswordHashing(config.passwordHashCost);
  const opened = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(opened.db);
    await syncBaseData(opened.db);
    let seededNow = false;
    if (config.seedDemo && !(await hasUsers(opened.db))) {
      await seedDemo(opened.db);
      seededNow = true;
    }
    return { ...opened, seededNow };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

/** Why a production start must be refused, or null: a demo account still has the demo password. */
export async function productionRefusal(config: Config, db: Db): Promise<string | null> {
  if (!config.production) return null;
  const weak = await accountsWithDemoPassword(db);
  if (weak.length > 0) {
    return `refusing to start in production: demo account(s) ${weak.join(', ')} still use the demo password; change them (npm run create-admin -- --username admin) or delete them.`;
  }
  // §9.4: sealed bids are wrapped by a key kept outside the database; no development key file in production.
  if (!config.sealingMasterKey)
    return 'refusing to start in production: SEALING_MASTER_KEY is not set (32 random bytes in base64, e.g. `openssl rand -base64 32`).';
  return null;
}
