import type { Kysely } from 'kysely';

// Frozen in time: indexes for the default sorts of long lists (newest first).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('idx_sys_user_list').on('sys_user').columns(['del_flag', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_position_list').on('sys_position').column('create_time').execute();
  await db.schema.createIndex('idx_supplier_list').on('supplier').columns(['del_flag', 'create_time']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_supplier_list').execute();
  await db.schema.dropIndex('idx_sys_position_list').execute();
  await db.schema.dropIndex('idx_sys_user_list').execute();
}
