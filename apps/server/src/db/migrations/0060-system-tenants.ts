import type { Kysely } from 'kysely';

// Frozen in time: system data belongs to a tenant (issue 16, JeecgBoot's multi-tenant mode).
// Departments, roles and log rows get `tenant_id`; rows that existed before belong to tenant
// 0, the platform (the space of users without tenants), whose administrators see every
// tenant. Users need no column: `sys_user.rel_tenant_ids` already lists their tenants.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TABLES = ['sys_depart', 'sys_role', 'sys_log'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  // A log row made on a tenant member's behalf (sign-in, operations) belongs to their first tenant.
  const members = await db
    .selectFrom('sys_user')
    .select(['id', 'rel_tenant_ids'])
    .where('rel_tenant_ids', '<>', '')
    .execute();
  for (const m of members) {
    const first = Number(String(m.rel_tenant_ids).split(',')[0]!.trim());
    if (Number.isInteger(first) && first > 0)
      await db.updateTable('sys_log').set({ tenant_id: first }).where('userid', '=', m.id).execute();
  }
  await db.schema.createIndex('idx_sys_log_tenant').on('sys_log').columns(['tenant_id', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_depart_tenant').on('sys_depart').column('tenant_id').execute();
  await db.schema.createIndex('idx_sys_role_tenant').on('sys_role').column('tenant_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_role_tenant').execute();
  await db.schema.dropIndex('idx_sys_depart_tenant').execute();
  await db.schema.dropIndex('idx_sys_log_tenant').execute();
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('tenant_id').execute();
}
