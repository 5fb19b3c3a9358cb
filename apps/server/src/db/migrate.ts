import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Brings the schema up to date. Migrations see no plugins: they speak snake_case SQL. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'procura_migration',
    migrationLockTableName: 'procura_migration_lock',
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
