import type { Kysely } from 'kysely';

// Frozen in time: change requests also touch contacts (domain §5 CONTACT). A history row names
// the contact it changed (`entity_id`) and keeps the label it was shown with (the contact's name
// may change or the contact be removed later). Drafts (status DRAFT) need no new column.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('supplier_change_history').addColumn('entity_id', 'varchar(32)').execute();
  await db.schema.alterTable('supplier_change_history').addColumn('label', 'varchar(200)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('supplier_change_history').dropColumn('label').execute();
  await db.schema.alterTable('supplier_change_history').dropColumn('entity_id').execute();
}
