import type { Kysely } from 'kysely';

// Frozen in time: announcements belong to a tenant (issue 16). Existing ones are the
// platform's (tenant 0): broadcasts of the platform reach every user, a tenant's reach its members.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sys_announcement')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_sys_announcement_tenant').on('sys_announcement').column('tenant_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_announcement_tenant').execute();
  await db.schema.alterTable('sys_announcement').dropColumn('tenant_id').execute();
}
