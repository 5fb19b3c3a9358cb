import type { Kysely } from 'kysely';

// Frozen in time: the background jobs' state, one row per job, shared by every node on the
// database. A node runs a job only after claiming its lease with a conditional update
// (lease_until past or null, and for a scheduled run next_run_at due), so two nodes never run
// the same job at once; the last run (time, result, duration) and the next run are kept for
// the operations screens and survive restarts. Times are ISO UTC.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_job_state')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lease_owner', 'varchar(32)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('last_run_at', 'varchar(32)')
    .addColumn('last_result', 'varchar(500)')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('next_run_at', 'varchar(32)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_job_state').execute();
}
