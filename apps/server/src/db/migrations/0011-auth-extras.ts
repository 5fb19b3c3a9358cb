import type { Kysely } from 'kysely';

// Frozen in time: the other ways to sign in. SMS codes (hashed, with expiry, attempt count and
// single use), the ids of single sign-on tokens already used (replay), and one-time codes a
// third-party login callback hands out to be exchanged for a session.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_sms_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sys_sms_code_mobile')
    .on('sys_sms_code')
    .columns(['mobile', 'create_time'])
    .execute();

  await db.schema
    .createTable('sys_sso_jti')
    .addColumn('jti', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_third_login_code')
    .addColumn('code_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_third_login_code').execute();
  await db.schema.dropTable('sys_sso_jti').execute();
  await db.schema.dropTable('sys_sms_code').execute();
}
