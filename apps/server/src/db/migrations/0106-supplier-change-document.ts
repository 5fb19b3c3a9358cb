import type { Kysely } from 'kysely';

// Frozen in time: supplier change requests move onto the generic workflow-document routes and
// pages (issue 17). The buyers' menu 供应商变更 opens the generic page of the resource
// srmSupplierChange instead of the hand-written list; the supplier's 变更申请 keeps its page
// (the generic list beside its change history). The new list and export buttons come with the
// base-data sync.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'resource/srmSupplierChange' })
    .where('component', '=', 'supplier/ChangeRequestList')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'supplier/ChangeRequestList' })
    .where('component', '=', 'resource/srmSupplierChange')
    .execute();
}
