import type { Kysely } from 'kysely';

// Frozen in time: online report definitions belong to a tenant (issue 16). Existing ones are
// the platform's (tenant 0), which every tenant may run; a tenant administers only its own.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('onl_cgreport_head')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('onl_cgreport_head').dropColumn('tenant_id').execute();
}
