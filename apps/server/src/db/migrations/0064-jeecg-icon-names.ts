import type { Kysely } from 'kysely';

// Frozen in time: menu icons are stored as antd 3 `type` names (`file-text`), which the stock
// JeecgBoot client renders and our web resolves too, instead of antd 4+ names (`FileTextOutlined`).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ICONS = [
  'AuditOutlined',
  'BankOutlined',
  'BellOutlined',
  'CodeOutlined',
  'DatabaseOutlined',
  'EditOutlined',
  'FileTextOutlined',
  'FormOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'SettingOutlined',
  'TableOutlined',
  'TeamOutlined',
  'TrophyOutlined',
];

const antd3 = (name: string) =>
  name
    .replace(/Outlined$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

export async function up(db: AnyDb): Promise<void> {
  for (const icon of ICONS)
    await db
      .updateTable('sys_permission')
      .set({ icon: antd3(icon) })
      .where('icon', '=', icon)
      .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const icon of ICONS)
    await db.updateTable('sys_permission').set({ icon }).where('icon', '=', antd3(icon)).execute();
}
