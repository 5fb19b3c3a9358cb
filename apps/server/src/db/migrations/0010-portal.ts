import type { Kysely } from 'kysely';

// Frozen in time: the public portal's records (domain §23): purchase announcements with their
// own lifecycle (draft, published, closed, withdrawn), result announcements, news, portal
// sign-ups (SRC-4) and the page configuration of each portal template.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('portal_purchase_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)')
    .addColumn('purchasing_entity', 'varchar(200)')
    .addColumn('purchase_product', 'varchar(200)')
    .addColumn('purchase_method', 'varchar(32)')
    .addColumn('purchase_type', 'varchar(32)')
    .addColumn('signup_start', 'varchar(32)')
    .addColumn('signup_deadline', 'varchar(32)')
    .addColumn('response_deadline', 'varchar(32)')
    .addColumn('planned_start', 'varchar(32)')
    .addColumn('content', 'text')
    .addColumn('contact', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('withdraw_reason', 'varchar(500)')
    .addColumn('publish_time', 'varchar(32)')
    .addColumn('sourcing_event_id', 'varchar(32)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_portal_purchase_status')
    .on('portal_purchase_announcement')
    .columns(['status', 'type', 'publish_time'])
    .execute();
  await db.schema
    .createIndex('idx_portal_purchase_event')
    .on('portal_purchase_announcement')
    .column('sourcing_event_id')
    .execute();

  await db.schema
    .createTable('portal_result_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('project_name', 'varchar(200)')
    .addColumn('bid_code', 'varchar(64)')
    .addColumn('company', 'varchar(500)')
    .addColumn('supplier_list', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_time', 'varchar(32)')
    .addColumn('announcement_id', 'varchar(32)')
    .addColumn('sourcing_event_id', 'varchar(32)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_portal_result_status')
    .on('portal_result_announcement')
    .columns(['status', 'type', 'publish_time'])
    .execute();

  await db.schema
    .createTable('portal_news')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('news_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_portal_news_status')
    .on('portal_news')
    .columns(['status', 'type', 'news_date'])
    .execute();

  await db.schema
    .createTable('portal_signup')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('announcement_id', 'varchar(32)', (c) =>
      c.notNull().references('portal_purchase_announcement.id').onDelete('cascade'),
    )
    .addColumn('sourcing_event_id', 'varchar(32)')
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('SIGNED_UP'))
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_portal_signup', ['announcement_id', 'supplier_id'])
    .execute();

  await db.schema
    .createTable('portal_config')
    .addColumn('template', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('portal_config').execute();
  await db.schema.dropTable('portal_signup').execute();
  await db.schema.dropTable('portal_news').execute();
  await db.schema.dropTable('portal_result_announcement').execute();
  await db.schema.dropTable('portal_purchase_announcement').execute();
}
