import type { Kysely } from 'kysely';

// Frozen in time: department administration. The contact fields of a department
// (JeecgBoot's SysDepart) and the set of menus/buttons a department holds.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEPART_COLUMNS: [string, `varchar(${number})`][] = [
  ['mobile', 'varchar(32)'],
  ['fax', 'varchar(32)'],
  ['address', 'varchar(100)'],
  ['memo', 'varchar(500)'],
  ['description', 'varchar(500)'],
];

export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  for (const [name, type] of DEPART_COLUMNS) {
    await db.schema.alterTable('sys_depart').addColumn(name, type).execute();
  }
  await db.schema.createIndex('idx_sys_depart_parent').on('sys_depart').column('parent_id').execute();

  await db.schema
    .createTable('sys_depart_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addUniqueConstraint('uq_sys_depart_permission', ['depart_id', 'permission_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_depart_permission').execute();
  await db.schema.dropIndex('idx_sys_depart_parent').execute();
  for (const [name] of [...DEPART_COLUMNS].reverse())
    await db.schema.alterTable('sys_depart').dropColumn(name).execute();
}
