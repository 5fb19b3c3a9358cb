import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: migrations never import application code. Column names are snake_case;
// types are the portable subset of SQLite and PostgreSQL (varchar, text, integer).

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function audit<T extends string>(t: CreateTableBuilder<T, never>) {
  return t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)');
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_config')
    .addColumn('config_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('config_value', 'text', (c) => c.notNull())
    .execute();

  await audit(
    db.schema
      .createTable('sys_user')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('realname', 'varchar(100)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(255)')
      .addColumn('sex', 'integer')
      .addColumn('email', 'varchar(100)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('org_code', 'varchar(64)')
      .addColumn('work_no', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('supplier_id', 'varchar(32)')
      .addColumn('rel_tenant_ids', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('password_changed_at', 'varchar(32)'),
  ).execute();
  await db.schema.createIndex('idx_sys_user_supplier').on('sys_user').column('supplier_id').execute();

  await audit(
    db.schema
      .createTable('sys_role')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)'),
  ).execute();

  await db.schema
    .createTable('sys_user_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_sys_user_role', ['user_id', 'role_id'])
    .execute();

  await audit(
    db.schema
      .createTable('sys_permission')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('url', 'varchar(255)')
      .addColumn('component', 'varchar(255)')
      .addColumn('component_name', 'varchar(100)')
      .addColumn('redirect', 'varchar(255)')
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('perms', 'varchar(255)')
      .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)')
      .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('idx_sys_permission_parent').on('sys_permission').column('parent_id').execute();

  await db.schema
    .createTable('sys_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addUniqueConstraint('uq_sys_role_permission', ['role_id', 'permission_id'])
    .execute();

  await audit(
    db.schema
      .createTable('sys_depart')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('2'))
      .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema
    .createTable('sys_user_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addUniqueConstraint('uq_sys_user_depart', ['user_id', 'dep_id'])
    .execute();

  await audit(
    db.schema
      .createTable('sys_dict')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await audit(
    db.schema
      .createTable('sys_dict_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_id', 'varchar(32)', (c) => c.notNull().references('sys_dict.id').onDelete('cascade'))
      .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('uq_sys_dict_item', ['dict_id', 'item_value']),
  ).execute();

  await db.schema
    .createTable('sys_session')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('idx_sys_session_user').on('sys_session').column('user_id').execute();

  await db.schema
    .createTable('login_attempt')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_login_attempt_user')
    .on('login_attempt')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema.createIndex('idx_login_attempt_ip').on('login_attempt').columns(['ip', 'created_at']).execute();

  await audit(
    db.schema
      .createTable('supplier')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('uscc', 'varchar(18)', (c) => c.unique())
      .addColumn('legal_person', 'varchar(50)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('email', 'varchar(100)')
      .addColumn('address', 'varchar(300)')
      .addColumn('main_categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('info_status', 'varchar(20)', (c) => c.notNull())
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await audit(
    db.schema
      .createTable('supplier_contact')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('email', 'varchar(100)')
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_supplier_contact_supplier').on('supplier_contact').column('supplier_id').execute();

  await audit(
    db.schema
      .createTable('supplier_bank_account')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
      .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(20)', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('idx_supplier_bank_supplier').on('supplier_bank_account').column('supplier_id').execute();

  // Append-only history of supplier status changes (SUP-6).
  await db.schema
    .createTable('supplier_status_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('category_id', 'varchar(32)')
    .addColumn('from_status', 'varchar(30)')
    .addColumn('to_status', 'varchar(30)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('source_doc_type', 'varchar(40)')
    .addColumn('source_doc_id', 'varchar(32)')
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_supplier_status_log_supplier')
    .on('supplier_status_log')
    .column('supplier_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'supplier_status_log',
    'supplier_bank_account',
    'supplier_contact',
    'supplier',
    'login_attempt',
    'sys_session',
    'sys_dict_item',
    'sys_dict',
    'sys_user_depart',
    'sys_depart',
    'sys_role_permission',
    'sys_permission',
    'sys_user_role',
    'sys_role',
    'sys_user',
    'sys_config',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
