import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen in time: the contract's lifecycle beyond signing (domain §15). Versions (CON-6): every
// amendment is a new row of the same contract family (`root_contract_id`, null on the first
// version), at most one ACTIVE per family (a partial unique index); supplements (补充协议) name
// their parent; termination keeps its reason; the rendered text and its template. The CON-3
// overdue warnings are recorded once per award and supplier.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('srm_contract')
    .addColumn('version_no', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const [name, type] of [
    ['root_contract_id', 'varchar(32)'],
    ['previous_version_id', 'varchar(32)'],
    ['amend_reason', 'varchar(500)'],
    ['parent_contract_id', 'varchar(32)'],
    ['terminate_reason', 'varchar(500)'],
    ['template_id', 'varchar(32)'],
    ['body', 'text'],
  ] as const)
    await db.schema.alterTable('srm_contract').addColumn(name, type).execute();
  await db.schema
    .createIndex('uq_srm_contract_one_active')
    .on('srm_contract')
    .expression(sql`coalesce(root_contract_id, id)`)
    .unique()
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema.createIndex('idx_srm_contract_root').on('srm_contract').column('root_contract_id').execute();
  await db.schema.createIndex('idx_srm_contract_parent').on('srm_contract').column('parent_contract_id').execute();
  await db.schema.createIndex('idx_srm_contract_expiry').on('srm_contract').columns(['status', 'valid_to']).execute();

  await db.schema
    .createTable('srm_contract_warning')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('award_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_srm_contract_warning', ['award_id', 'supplier_id', 'kind'])
    .execute();

  // The new states in an installed status dictionary (a new installation gets them from the manifest).
  const dict = await db
    .selectFrom('sys_dict')
    .select('id')
    .where('dict_code', '=', 'srm_contract_status')
    .executeTakeFirst();
  if (!dict) return;
  const have = await db
    .selectFrom('sys_dict_item')
    .select(['item_value', 'sort_order'])
    .where('dict_id', '=', dict.id)
    .execute();
  let sortOrder = Math.max(0, ...have.map((h) => Number(h.sort_order ?? 0))) + 1;
  const now = new Date().toISOString();
  for (const [value, text] of NEW_STATES) {
    if (have.some((h) => h.item_value === value)) continue;
    await db
      .insertInto('sys_dict_item')
      .values({
        id: randomUUID().replace(/-/g, ''),
        dict_id: dict.id,
        item_value: value,
        item_text: text,
        description: null,
        sort_order: sortOrder++,
        status: 1,
        create_by: 'migration',
        create_time: now,
      })
      .execute();
  }
}

const NEW_STATES = [
  ['PENDING_TERMINATION', '终止审批中'],
  ['TERMINATED', '已终止'],
  ['SUPERSEDED', '已被新版本取代'],
] as const;

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_contract_warning').execute();
  for (const name of [
    'uq_srm_contract_one_active',
    'idx_srm_contract_root',
    'idx_srm_contract_parent',
    'idx_srm_contract_expiry',
  ])
    await db.schema.dropIndex(name).execute();
  for (const name of [
    'body',
    'template_id',
    'terminate_reason',
    'parent_contract_id',
    'amend_reason',
    'previous_version_id',
    'root_contract_id',
    'version_no',
  ])
    await db.schema.alterTable('srm_contract').dropColumn(name).execute();
}
