import type { Kysely } from 'kysely';

// Frozen in time: when a page-close beacon (/sys/logoutV2) ends the session. The close is
// held a few seconds: a reload also unloads the page, and the reloaded page using the token
// again within that time shows it was no close (spec part 2 §7).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_session').addColumn('closing_at', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_session').dropColumn('closing_at').execute();
}
