import type { Kysely } from 'kysely';

// Frozen in time: the login and operation log (an audit record: rows are only ever added).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // 1 login/logout, 2 operation.
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)')
    // Operations: 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export; logins: 1 login, 2 logout.
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('method', 'varchar(255)')
    .addColumn('request_url', 'varchar(500)')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('request_param', 'text')
    .addColumn('cost_time', 'integer')
    // 'ok' or 'failed'.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_log_type_time').execute();
  await db.schema.dropTable('sys_log').execute();
}
