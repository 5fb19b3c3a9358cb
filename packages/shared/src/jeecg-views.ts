/**
 * Menu `component` strings: for every page JeecgBoot's stock Vue 2 client (ant-design-vue-jeecg
 * 3.4) has, the menu stores JeecgBoot's own view path, so the stock client can open it; our web
 * page registry maps that path to our page. Procura-only pages keep their own names.
 * Keys are our page names (`resource/<key>` for generic resource pages), values JeecgBoot's.
 */
export const JEECG_VIEWS: Readonly<Record<string, string>> = {
  // The home (our to-do workbench) as JeecgBoot's task home, so the stock client's 首页 opens.
  'dashboard/Workbench': 'dashboard/IndexTask',
  'resource/sysRole': 'system/RoleList',
  'resource/sysDict': 'system/DictList',
  'resource/sysPosition': 'system/SysPositionList',
  'resource/sysTenant': 'system/TenantList',
  'resource/sysAnnouncement': 'system/SysAnnouncementList',
  'resource/sysCheckRule': 'system/SysCheckRuleList',
  'resource/sysFillRule': 'system/SysFillRuleList',
  'resource/onlCgreportHead': 'modules/online/cgreport/OnlCgreportHeadList',
  'system/MyAnnouncementList': 'system/UserAnnouncementList',
  'system/OnlineUser': 'system/SysUserOnlineList',
  'system/CategoryList': 'system/SysCategoryList',
};

const OUR_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(JEECG_VIEWS).map(([ours, jeecg]) => [jeecg, ours]),
);

/** The component string to store for one of our pages: JeecgBoot's view path when it has one. */
export function jeecgViewOf(component: string): string {
  return Object.hasOwn(JEECG_VIEWS, component) ? JEECG_VIEWS[component]! : component;
}

/** Our page name for a stored component string (the inverse of `jeecgViewOf`). */
export function ourPageOf(component: string): string {
  return Object.hasOwn(OUR_PAGES, component) ? OUR_PAGES[component]! : component;
}

/**
 * Menu icons are stored as antd 3 `type` names (`setting`, `file-text`): the stock client renders
 * `<a-icon :type>` with them, and our web resolves the same names to antd 4+ components. Names in
 * antd 4+ form (`SettingOutlined`), as an administrator may type them, are turned into that form.
 */
export function jeecgIconOf(icon: string | null | undefined): string | null {
  if (!icon) return null;
  return icon
    .replace(/(Outlined|-outlined)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}
