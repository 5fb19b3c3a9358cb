import type { Kysely } from 'kysely';

// Frozen in time: the tenant an uploaded file belongs to (the uploader's tenant at upload;
// 0 for users without tenants). Private files of a tenant are read by its members only (UP-5).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sys_file')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_file').dropColumn('tenant_id').execute();
}
