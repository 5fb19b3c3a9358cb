import type { ResourceDef } from './resource/define-resource.js';
import { ourPageOf } from './jeecg-views.js';
import { resources } from './resources/system.js';

/**
 * Menu (permission) administration and data rules: what the 菜单管理 screen and the server
 * agree on (jeecg-api.md §3 for the menu row, §4.2 for how data rules join a list query).
 */

/** 0 top-level menu, 1 sub-menu, 2 button. */
export const MENU_TYPES = [
  { value: 0, label: '一级菜单' },
  { value: 1, label: '子菜单' },
  { value: 2, label: '按钮/权限' },
] as const;

export type MenuType = (typeof MENU_TYPES)[number]['value'];

export const menuTypeLabel = (type: number): string => MENU_TYPES.find((t) => t.value === type)?.label ?? String(type);

/** An in-app path (`/isystem/user`, route params `:id` allowed). */
export const MENU_PATH_PATTERN = /^\/[A-Za-z0-9_\-./:@]*$/;
/** An external link opened in a new window. `{{ … }}` templates (evaluated by old JeecgBoot UIs) are not accepted. */
export const MENU_EXTERNAL_PATTERN = /^https?:\/\/[^\s{}<>"'`]+$/i;
export const MENU_URL_MESSAGE = '菜单路径必须以 / 开头，外部链接以 http:// 或 https:// 开头';
/** A web component string: `system/UserList`, `layouts/RouteView`, `resource/sysPosition`. */
export const MENU_COMPONENT_PATTERN = /^[A-Za-z][A-Za-z0-9_\-./]*$/;
/** Permission codes: `user:add`, several comma-joined. */
export const PERMS_PATTERN = /^[A-Za-z0-9_\-.:]+(,[A-Za-z0-9_\-.:]+)*$/;
export const PERMS_MESSAGE = '授权标识只能包含字母、数字和 _ - . :，多个以逗号分隔';
export const ICON_PATTERN = /^[A-Za-z0-9_-]*$/;

/** Whether a menu url is acceptable: an in-app path, or an http(s) link. */
export function isMenuUrl(url: string): boolean {
  return MENU_PATH_PATTERN.test(url) || MENU_EXTERNAL_PATTERN.test(url);
}

/**
 * Conditions a data rule may use. JeecgBoot's USE_SQL_RULES (a SQL fragment written by the
 * user) is deliberately not among them: no SQL ever comes from a request (security R1).
 */
export const DATA_RULE_CONDITIONS = [
  { value: '=', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: '>', label: '大于' },
  { value: '>=', label: '大于等于' },
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
  { value: 'LIKE', label: '包含' },
  { value: 'IN', label: '在其中（逗号分隔）' },
] as const;

export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number]['value'];

export const isDataRuleCondition = (value: string): value is DataRuleCondition =>
  DATA_RULE_CONDITIONS.some((c) => c.value === value);

export const USE_SQL_RULES_MESSAGE = '不支持自定义SQL规则（USE_SQL_RULES），请使用字段条件';

/** Variables a rule value may hold, replaced with the signed-in user's values when a list is read. */
export const DATA_RULE_VARIABLES = {
  /** The username. */
  userCode: '#{sys_user_code}',
  /** The user's current department code (orgCode). */
  orgCode: '#{sys_org_code}',
} as const;

/** Every `#{…}` in a rule value is one of the known variables. */
export function hasOnlyKnownVariables(value: string): boolean {
  const known: string[] = Object.values(DATA_RULE_VARIABLES);
  return (value.match(/#\{[^}]*\}/g) ?? []).every((v) => known.includes(v));
}

const splitCodes = (perms: string | null | undefined) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * The generic resources whose list a menu shows, which its data rules can narrow: the menu's
 * component is `resource/<key>` (or its JeecgBoot view path), or the menu or one of its buttons carries `<permission>:list`.
 */
export function resourcesOfMenu(
  menu: { component?: string | null; perms?: string | null },
  buttonPerms: readonly (string | null | undefined)[],
): ResourceDef[] {
  const codes = new Set([menu.perms, ...buttonPerms].flatMap(splitCodes));
  return Object.values(resources).filter(
    (def) =>
      (menu.component ? ourPageOf(menu.component) : '') === `resource/${def.key}` ||
      codes.has(`${def.permission}:list`),
  );
}
