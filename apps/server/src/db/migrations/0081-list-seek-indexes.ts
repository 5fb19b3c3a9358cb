import type { Kysely } from 'kysely';

// Frozen in time: the indexes of the big lists (issue 15), read off their EXPLAIN plans on
// SQLite and PostgreSQL. Each list's equality filters come first, then its sort column, then
// the id that breaks ties: a page (the deep ones through an index-only scan of the ids, see
// core/paging.ts `pageRows`) is read in index order without sorting the table. They replace
// the shorter list indexes of 0004, 0008, 0021 and 0043 they extend.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const INDEXES: [name: string, table: string, columns: string[]][] = [
  // 用户: newest first, by account, by name, by status then account.
  ['idx_sys_user_page', 'sys_user', ['del_flag', 'create_time', 'id']],
  ['idx_sys_user_username', 'sys_user', ['del_flag', 'username', 'id']],
  ['idx_sys_user_realname', 'sys_user', ['del_flag', 'realname', 'id']],
  ['idx_sys_user_status', 'sys_user', ['del_flag', 'status', 'username', 'id']],
  // 职务 (the volume bench's export and import): the tenant's rows newest first.
  ['idx_sys_position_page', 'sys_position', ['tenant_id', 'create_time', 'id']],
  // 物料: newest first, by status, by name.
  ['idx_srm_material_page', 'srm_material', ['tenant_id', 'create_time', 'id']],
  ['idx_srm_material_status', 'srm_material', ['tenant_id', 'status', 'create_time', 'id']],
  ['idx_srm_material_name', 'srm_material', ['tenant_id', 'name', 'id']],
  // 供应商: the tenant's live suppliers newest first, by status, by name.
  ['idx_supplier_page', 'supplier', ['tenant_id', 'del_flag', 'create_time', 'id']],
  ['idx_supplier_status', 'supplier', ['tenant_id', 'del_flag', 'status', 'create_time', 'id']],
  ['idx_supplier_name', 'supplier', ['tenant_id', 'del_flag', 'name', 'id']],
  // 询价 / 竞价 / 招标: one type's events newest first, all or of one status.
  ['idx_sourcing_event_page', 'sourcing_event', ['tenant_id', 'type', 'create_time', 'id']],
  ['idx_sourcing_event_status', 'sourcing_event', ['tenant_id', 'type', 'status', 'create_time', 'id']],
];

const REPLACED: [name: string, table: string, columns: string[]][] = [
  ['idx_sys_user_list', 'sys_user', ['del_flag', 'create_time']],
  ['idx_sys_position_list', 'sys_position', ['tenant_id', 'create_time']],
  ['idx_srm_material_list', 'srm_material', ['tenant_id', 'create_time']],
  ['idx_supplier_list', 'supplier', ['del_flag', 'create_time']],
  ['idx_sourcing_event_list', 'sourcing_event', ['tenant_id', 'type', 'status']],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name] of REPLACED) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  for (const [name, table, columns] of REPLACED) await db.schema.createIndex(name).on(table).columns(columns).execute();
}
