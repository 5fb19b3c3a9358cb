import type { Kysely } from 'kysely';

// Frozen in time: raters per indicator (domain §20, EVA-3). A MANUAL indicator names the role
// codes that rate it (`rater_roles`, a JSON array); a project keeps who rates which indicator
// (`raters`, a JSON array of {indicatorId, userId}). Existing projects had one list of raters
// for every manual indicator: that list is spread over the manual indicators of their template.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('eval_indicator')
    .addColumn('rater_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('eval_project')
    .addColumn('raters', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  const projects: { id: string; template_id: string; rater_ids: string }[] = await db
    .selectFrom('eval_project')
    .select(['id', 'template_id', 'rater_ids'])
    .execute();
  for (const p of projects) {
    const manual: { id: string }[] = await db
      .selectFrom('eval_indicator')
      .select('id')
      .where('template_id', '=', p.template_id)
      .where('method', '=', 'MANUAL')
      .orderBy('seq')
      .execute();
    const users = p.rater_ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const raters = manual.flatMap((i) => users.map((userId) => ({ indicatorId: i.id, userId })));
    await db
      .updateTable('eval_project')
      .set({ raters: JSON.stringify(raters) })
      .where('id', '=', p.id)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('eval_project').dropColumn('raters').execute();
  await db.schema.alterTable('eval_indicator').dropColumn('rater_roles').execute();
}
