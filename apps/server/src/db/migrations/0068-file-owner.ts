import type { Kysely } from 'kysely';

// Frozen in time: a file attached to a sealed tender bid names its tender (issue 16 finding 5).
// While the bid is sealed only its uploader reads it; after the technical envelope of that bid
// is opened the normal rules apply. Existing files hang on no sealed bid.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_file').addColumn('sealed_event_id', 'varchar(32)').execute();
  await db.schema.createIndex('idx_sys_file_sealed_event').on('sys_file').column('sealed_event_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_file_sealed_event').execute();
  await db.schema.alterTable('sys_file').dropColumn('sealed_event_id').execute();
}
