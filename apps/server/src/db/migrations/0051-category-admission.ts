import type { Kysely } from 'kysely';

// Frozen in time: which supplier category (主营品类, dictionary supplier_main_category) a material
// category belongs to for admission. Suppliers are admitted per supplier category (§4.3); a
// material category names one, or inherits its parent's, so sourcing eligibility (SRC-3) and
// quotas (QUO-2) can ask whether a supplier is qualified for a material.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('srm_material_category').addColumn('supplier_category', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('srm_material_category').dropColumn('supplier_category').execute();
}
