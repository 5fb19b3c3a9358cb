import type { Kysely } from 'kysely';

// Frozen in time: purchase requisitions move onto the generic workflow-document routes and pages
// (issue 17). Their tables already have what a line set needs (tenant_id, line_no); the menu opens
// the generic page of the resource srmPurchaseRequisition instead of the hand-written list. The
// export button and the urgency and line-status dictionaries come with the base data.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'resource/srmPurchaseRequisition' })
    .where('component', '=', 'srm/RequisitionList')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'srm/RequisitionList' })
    .where('component', '=', 'resource/srmPurchaseRequisition')
    .execute();
}
