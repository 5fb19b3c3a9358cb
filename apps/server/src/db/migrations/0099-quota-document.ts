import type { Kysely } from 'kysely';

// Frozen in time: quota arrangements move onto the generic workflow-document routes and pages
// (issue 17). Their lines become a line set of the definition: each line carries its tenant and
// its place (line_no, in the order the detail showed them: largest share first), and the menu
// opens the generic page of the resource srmQuotaArrangement instead of the hand-written list.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('quota_line')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('quota_line')
    .addColumn('line_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const lines = await db
    .selectFrom('quota_line as l')
    .innerJoin('quota_arrangement as a', 'a.id', 'l.arrangement_id')
    .select(['l.id', 'l.arrangement_id', 'a.tenant_id'])
    .orderBy('l.arrangement_id')
    .orderBy('l.quota_pct', 'desc')
    .orderBy('l.supplier_name')
    .orderBy('l.id')
    .execute();
  let previous = '';
  let lineNo = 0;
  for (const l of lines) {
    lineNo = l.arrangement_id === previous ? lineNo + 1 : 1;
    previous = l.arrangement_id;
    await db
      .updateTable('quota_line')
      .set({ tenant_id: l.tenant_id, line_no: lineNo })
      .where('id', '=', l.id)
      .execute();
  }
  await db.schema.createIndex('idx_quota_line_order').on('quota_line').columns(['arrangement_id', 'line_no']).execute();
  await db
    .updateTable('sys_permission')
    .set({ component: 'resource/srmQuotaArrangement' })
    .where('component', '=', 'srm/QuotaList')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'srm/QuotaList' })
    .where('component', '=', 'resource/srmQuotaArrangement')
    .execute();
  await db.schema.dropIndex('idx_quota_line_order').execute();
  await db.schema.alterTable('quota_line').dropColumn('line_no').execute();
  await db.schema.alterTable('quota_line').dropColumn('tenant_id').execute();
}
