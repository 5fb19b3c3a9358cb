import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: 计量单位 become a table of their own (domain §3), replacing the
// dictionary `srm_unit`; the table serves that dictionary code from now on. The units an
// installation had in the dictionary (its own additions included) are carried over, so
// every unit a material or document line stores stays known.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEFAULT_UNITS: [code: string, name: string][] = [
  ['PCS', '个'],
  ['SET', '套'],
  ['UNIT', '台'],
  ['BOX', '箱'],
  ['KG', '千克'],
  ['TON', '吨'],
  ['M', '米'],
  ['TIME', '次'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_unit_of_measure')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  const dict = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'srm_unit').executeTakeFirst();
  const items: { item_value: string; item_text: string; sort_order: number | null; status: number | null }[] = dict
    ? await db
        .selectFrom('sys_dict_item')
        .select(['item_value', 'item_text', 'sort_order', 'status'])
        .where('dict_id', '=', dict.id)
        .orderBy('sort_order')
        .execute()
    : [];
  const units = new Map<string, { name: string; sortNo: number; active: boolean }>();
  DEFAULT_UNITS.forEach(([code, name], i) => units.set(code, { name, sortNo: i + 1, active: true }));
  for (const it of items) {
    units.set(it.item_value.slice(0, 16), {
      name: it.item_text.slice(0, 32),
      sortNo: it.sort_order ?? units.size + 1,
      active: it.status !== 0,
    });
  }
  const now = new Date().toISOString();
  const names = new Set<string>();
  for (const [code, u] of units) {
    // Names are unique: a second unit spelt like an earlier one keeps its code as its name.
    const name = names.has(u.name) ? code : u.name;
    names.add(name);
    await db
      .insertInto('srm_unit_of_measure')
      .values({
        id: randomUUID().replace(/-/g, ''),
        code,
        name,
        sort_no: u.sortNo,
        status: u.active ? 'ACTIVE' : 'INACTIVE',
        create_by: 'system',
        create_time: now,
      })
      .execute();
  }
  if (dict) {
    await db.deleteFrom('sys_dict_item').where('dict_id', '=', dict.id).execute();
    await db.deleteFrom('sys_dict').where('id', '=', dict.id).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_unit_of_measure').execute();
}
