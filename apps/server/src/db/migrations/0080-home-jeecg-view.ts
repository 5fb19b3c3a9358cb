import type { Kysely } from 'kysely';

// Frozen in time: the home menu (our to-do workbench) names a view the stock JeecgBoot client
// has, `dashboard/IndexTask` (JeecgBoot's task home), where it named our page
// `dashboard/Workbench`, which the stock client lacks (a blank home). Only a row still holding
// the old seeded name changes; the web page registry maps the stock name back to our page.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'dashboard/IndexTask' })
    .where('component', '=', 'dashboard/Workbench')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('sys_permission')
    .set({ component: 'dashboard/Workbench' })
    .where('component', '=', 'dashboard/IndexTask')
    .execute();
}
