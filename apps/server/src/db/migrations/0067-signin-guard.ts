import type { Kysely } from 'kysely';

// Frozen in time: the sign-in guard (issue 16). Captcha codes live in the database keyed by the
// client's `checkKey` (60 s, one use), so every node of a cluster checks what another drew.
// When a session was last used is kept beside it, for the idle timeout: an update of sys_session
// itself would bump the session cache stamp (0054) and empty every node's session cache.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_captcha')
    .addColumn('check_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_captcha_expires').on('sys_captcha').column('expires_at').execute();
  await db.schema
    .createTable('sys_session_activity')
    .addColumn('session_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_sms_code_ip').on('sys_sms_code').columns(['ip', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_sms_code_time').on('sys_sms_code').column('create_time').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_sms_code_time').execute();
  await db.schema.dropIndex('idx_sys_sms_code_ip').execute();
  await db.schema.dropTable('sys_session_activity').execute();
  await db.schema.dropTable('sys_captcha').execute();
}
