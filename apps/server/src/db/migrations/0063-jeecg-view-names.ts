import type { Kysely } from 'kysely';

// Frozen in time: seeded menus name JeecgBoot's own views (system/RoleList, …) instead of our
// page names, so a stock JeecgBoot client can open them (issue 16). Only rows still holding
// our old seeded name change; the web page registry knows both.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RENAMES: [ours: string, jeecg: string][] = [
  ['resource/sysRole', 'system/RoleList'],
  ['resource/sysDict', 'system/DictList'],
  ['resource/sysPosition', 'system/SysPositionList'],
  ['resource/sysTenant', 'system/TenantList'],
  ['resource/sysAnnouncement', 'system/SysAnnouncementList'],
  ['resource/sysCheckRule', 'system/SysCheckRuleList'],
  ['resource/sysFillRule', 'system/SysFillRuleList'],
  ['resource/onlCgreportHead', 'modules/online/cgreport/OnlCgreportHeadList'],
  ['system/MyAnnouncementList', 'system/UserAnnouncementList'],
  ['system/OnlineUser', 'system/SysUserOnlineList'],
  ['system/CategoryList', 'system/SysCategoryList'],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [ours, jeecg] of RENAMES)
    await db.updateTable('sys_permission').set({ component: jeecg }).where('component', '=', ours).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [ours, jeecg] of RENAMES)
    await db.updateTable('sys_permission').set({ component: ours }).where('component', '=', jeecg).execute();
}
