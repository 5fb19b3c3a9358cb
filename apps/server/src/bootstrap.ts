import type { Config } from './config.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isSeeded, seedBase, seedDemo } from './seed/seed.js';

/** Hides the password of a database URL before it is printed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export type PreparedDatabase = OpenDatabase & { seededNow: boolean };

/**
 * Opens the database, migrates it, and on first start of an empty database fills in the
 * base data (and the demo company unless SEED_DEMO=false).
 */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const opened = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(opened.db);
    let seededNow = false;
    if (!(await isSeeded(opened.db))) {
      await seedBase(opened.db);
      if (config.seedDemo) await seedDemo(opened.db);
      seededNow = true;
    }
    return { ...opened, seededNow };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}
