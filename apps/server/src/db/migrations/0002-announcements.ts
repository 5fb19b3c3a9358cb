import type { Kysely } from 'kysely';

// Frozen in time: announcements (notices and system messages) and their per-user read state.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // Spelled `titile` as on JeecgBoot's wire.
    .addColumn('titile', 'varchar(200)', (c) => c.notNull())
    .addColumn('msg_content', 'text')
    .addColumn('msg_abstract', 'varchar(500)')
    .addColumn('start_time', 'varchar(32)')
    .addColumn('end_time', 'varchar(32)')
    .addColumn('sender', 'varchar(100)')
    .addColumn('priority', 'varchar(2)', (c) => c.notNull().defaultTo('L'))
    .addColumn('msg_category', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('send_status', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('send_time', 'varchar(32)')
    .addColumn('cancel_time', 'varchar(32)')
    .addColumn('user_ids', 'text')
    .addColumn('bus_type', 'varchar(40)')
    .addColumn('bus_id', 'varchar(64)')
    .addColumn('open_type', 'varchar(20)')
    .addColumn('open_page', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_sys_announcement_status')
    .on('sys_announcement')
    .columns(['send_status', 'del_flag', 'msg_type'])
    .execute();

  await db.schema
    .createTable('sys_announcement_send')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('annt_id', 'varchar(32)', (c) => c.notNull().references('sys_announcement.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'varchar(32)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_announcement_send', ['annt_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('idx_sys_announcement_send_user')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_announcement_send').execute();
  await db.schema.dropTable('sys_announcement').execute();
}
