import { z } from 'zod';
import { type Transaction } from 'kysely';
import {
  DATA_RULE_CONDITIONS,
  ICON_PATTERN,
  isDataRuleCondition,
  isExternalUrl,
  isMenuUrl,
  MENU_COMPONENT_PATTERN,
  MENU_PATH_PATTERN,
  MENU_URL_MESSAGE,
  PERMS_MESSAGE,
  PERMS_PATTERN,
  resourcesOfMenu,
  USE_SQL_RULES_MESSAGE,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { recordId as id } from '../../http/wire.js';
import { toWireDateTime } from '../../core/clock.js';
import type { Database } from '../../db/schema.js';
import type { SysPermissionDataRuleTable, SysPermissionTable } from '../../db/user-tables.js';
import { ruleProblem } from '../../resource/data-rules.js';

type Trx = Transaction<Database>;
type PermissionRow = SysPermissionTable;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);
const optionalText = (max: number, pattern?: RegExp, message?: string) => {
  const text = pattern
    ? z
        .string()
        .max(max)
        .regex(pattern, message ?? '格式不正确')
    : z.string().max(max);
  return z.preprocess(blankToNull, text.nullable()).optional();
};
/** A menu switch as JeecgBoot's menu form sends it (booleans, 0 / 1, and the same as text), kept as a boolean. */
const menuFlag = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.literal('0'),
    z.literal('1'),
    z.literal('true'),
    z.literal('false'),
  ])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional();
/** Sent back by JeecgBoot clients with the row they edit; never stored from a request (MASS-1). */
const ignored = Object.fromEntries(
  [
    'key',
    'title',
    'leaf',
    'isLeaf',
    'children',
    'ruleFlag',
    'delFlag',
    'createBy',
    'createTime',
    'updateBy',
    'updateTime',
    'hideTab',
    'scopedSlots',
  ].map((k) => [k, z.unknown().optional()]),
);

const menuFields = {
  name: z.string().trim().min(1, '请输入菜单名称').max(100, '菜单名称最多100个字符'),
  menuType: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1 || n === 2, '菜单类型只能是 0、1 或 2'),
  parentId: z.preprocess(blankToNull, id.nullable()).optional(),
  url: optionalText(255),
  component: optionalText(255, MENU_COMPONENT_PATTERN, '前端组件只能包含字母、数字和 _ - . /'),
  componentName: optionalText(100, /^[A-Za-z][A-Za-z0-9_-]*$/, '组件名称只能包含字母、数字、_ 和 -'),
  redirect: optionalText(255, MENU_PATH_PATTERN, '默认跳转地址必须以 / 开头'),
  perms: optionalText(255, PERMS_PATTERN, PERMS_MESSAGE),
  permsType: z.preprocess(blankToNull, z.enum(['1', '2']).nullable()).optional(),
  status: z.preprocess(blankToNull, z.enum(['0', '1']).nullable()).optional(),
  sortNo: z.preprocess(blankToNull, z.coerce.number().int('排序必须是整数').min(0).max(99999).nullable()).optional(),
  icon: optionalText(100, ICON_PATTERN, '图标名称只能包含字母、数字、_ 和 -'),
  route: menuFlag,
  hidden: menuFlag,
  keepAlive: menuFlag,
  alwaysShow: menuFlag,
  internalOrExternal: menuFlag,
  description: optionalText(255),
};
export const addBody = z.object({ id: z.literal('').optional(), ...menuFields, ...ignored }).strict();
export const editBody = z.object({ id, ...menuFields, ...ignored }).strict();
type MenuInput = Omit<z.infer<typeof addBody>, 'id'>;

const ruleFields = {
  permissionId: id,
  ruleName: z.string().trim().min(1, '请输入规则名称').max(50, '规则名称最多50个字符'),
  ruleColumn: z
    .string()
    .trim()
    .min(1, '请输入规则字段')
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '规则字段只能是列表的字段名'),
  ruleConditions: z.string().trim().min(1, '请选择条件'),
  ruleValue: z.string().trim().min(1, '请输入规则值').max(300, '规则值最多300个字符'),
  status: z.preprocess(blankToNull, z.enum(['0', '1']).nullable()).optional(),
};
const ruleIgnored = Object.fromEntries(
  ['createBy', 'createTime', 'updateBy', 'updateTime'].map((k) => [k, z.unknown().optional()]),
);
export const addRuleBody = z.object({ id: z.literal('').optional(), ...ruleFields, ...ruleIgnored }).strict();
export const editRuleBody = z.object({ id, ...ruleFields, ...ruleIgnored }).strict();
type RuleInput = Omit<z.infer<typeof addRuleBody>, 'id'>;

/** A row as the API shows it: JeecgBoot's SysPermissionTree (flags as booleans, `key`/`title`, `leaf`). */
export function toWire(row: PermissionRow, ruleCount: number) {
  return {
    id: row.id,
    key: row.id,
    title: row.name,
    parentId: row.parentId,
    name: row.name,
    perms: row.perms,
    permsType: row.permsType,
    icon: row.icon,
    component: row.component,
    componentName: row.componentName,
    url: row.url,
    redirect: row.redirect,
    sortNo: row.sortNo,
    menuType: row.menuType,
    route: row.isRoute === 1,
    keepAlive: row.keepAlive === 1,
    hidden: row.hidden === 1,
    alwaysShow: row.alwaysShow === 1,
    internalOrExternal: row.internalOrExternal === 1,
    description: row.description,
    status: row.status,
    delFlag: row.delFlag,
    ruleFlag: ruleCount > 0 ? 1 : 0,
    leaf: true,
    isLeaf: true,
    createBy: row.createBy,
    createTime: toWireDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireDateTime(row.updateTime),
  };
}
export type WireNode = ReturnType<typeof toWire> & { children?: WireNode[] };

export function ruleToWire(r: SysPermissionDataRuleTable) {
  return { ...r, createTime: toWireDateTime(r.createTime), updateTime: toWireDateTime(r.updateTime) };
}

export async function liveRows(db: AppContext['db'] | Trx): Promise<PermissionRow[]> {
  return db
    .selectFrom('sysPermission')
    .selectAll()
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

/** The ids of `rootIds` and everything under them. */
function subtreeIds(rows: readonly PermissionRow[], rootIds: readonly string[]): string[] {
  const byParent = new Map<string, string[]>();
  for (const r of rows) if (r.parentId) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [...rootIds];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(byParent.get(next) ?? []));
  }
  return [...out];
}

/** The stored flag JeecgBoot keeps: a row with children is not a leaf. */
export async function refreshLeaf(trx: Trx, parentId: string | null): Promise<void> {
  if (!parentId) return;
  const child = await trx
    .selectFrom('sysPermission')
    .select('id')
    .where('parentId', '=', parentId)
    .where('delFlag', '=', 0)
    .limit(1)
    .executeTakeFirst();
  await trx
    .updateTable('sysPermission')
    .set({ isLeaf: child ? 0 : 1 })
    .where('id', '=', parentId)
    .execute();
}

/** Checks a menu row against the rules of its type and returns the columns to store. */
export async function checkedValues(trx: Trx, input: MenuInput, selfId?: string) {
  const errors: Record<string, string> = {};
  const menuType = input.menuType;
  const parentId = menuType === 0 ? null : (input.parentId ?? null);
  if (menuType !== 0 && !parentId) errors.parentId = '请选择上级菜单';
  if (parentId) {
    const parent = await trx
      .selectFrom('sysPermission')
      .select(['id', 'menuType'])
      .where('id', '=', parentId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!parent) errors.parentId = '上级菜单不存在';
    else if (parent.menuType === 2) errors.parentId = '按钮下不能再添加菜单或按钮';
    else if (selfId && subtreeIds(await liveRows(trx), [selfId]).includes(parentId))
      errors.parentId = '上级菜单不能是自己或自己的下级';
  }
  const external = input.internalOrExternal ?? false;
  const url = input.url ?? null;
  if (menuType === 2) {
    if (!input.perms) errors.perms = '请输入授权标识';
  } else {
    if (!url) errors.url = '请输入菜单路径';
    else if (!isMenuUrl(url)) errors.url = MENU_URL_MESSAGE;
    else if (external && !isExternalUrl(url)) errors.url = '外部打开的菜单路径必须是 http:// 或 https:// 链接';
    if (!input.component && !(url && isExternalUrl(url))) errors.component = '请输入前端组件';
  }
  if (selfId && menuType === 2) {
    const child = await trx
      .selectFrom('sysPermission')
      .select('id')
      .where('parentId', '=', selfId)
      .where('delFlag', '=', 0)
      .limit(1)
      .executeTakeFirst();
    if (child) errors.menuType = '有下级的菜单不能改为按钮';
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const button = menuType === 2;
  return {
    parentId,
    name: input.name,
    menuType,
    url: button ? null : url,
    component: button ? null : (input.component ?? null),
    componentName: button ? null : (input.componentName ?? null),
    redirect: button ? null : (input.redirect ?? null),
    perms: input.perms ?? null,
    permsType: input.permsType ?? '1',
    status: input.status ?? '1',
    sortNo: input.sortNo ?? 0,
    icon: button ? null : (input.icon ?? null),
    isRoute: (input.route ?? !button) ? 1 : 0,
    hidden: input.hidden ? 1 : 0,
    keepAlive: input.keepAlive ? 1 : 0,
    alwaysShow: input.alwaysShow ? 1 : 0,
    internalOrExternal: external ? 1 : 0,
    description: input.description ?? null,
  };
}

/** Deletes rows and everything under them, with their role links and data rules. */
export async function deleteSubtrees(trx: Trx, ids: string[]): Promise<number> {
  const rows = await liveRows(trx);
  const known = new Set(rows.map((r) => r.id));
  if (ids.some((i) => !known.has(i))) throw businessError('未找到对应实体');
  const all = subtreeIds(rows, ids);
  // The menu administration itself (its page or a button code of it) cannot be deleted from
  // that page: nobody could put it back without the database.
  const locked = rows.find(
    (r) => all.includes(r.id) && (r.perms ?? '').split(',').some((code) => code.trim().startsWith('permission:')),
  );
  if (locked) throw businessError(`“${locked.name}”是菜单管理自身的菜单或按钮，不能删除`);
  const parents = new Set(
    rows
      .filter((r) => ids.includes(r.id))
      .map((r) => r.parentId)
      .filter((p): p is string => !!p && !all.includes(p)),
  );
  await trx.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', all).execute();
  await trx.deleteFrom('sysRolePermission').where('permissionId', 'in', all).execute();
  // Department links (and anything else referencing a menu) go with it: ON DELETE CASCADE.
  await trx.deleteFrom('sysPermission').where('id', 'in', all).execute();
  for (const p of parents) await refreshLeaf(trx, p);
  return all.length;
}

/** The resources a menu's data rules may narrow (its list, through its component or list code). */
async function resourcesOfPermission(trx: Trx, permissionId: string) {
  const menu = await trx
    .selectFrom('sysPermission')
    .select(['id', 'menuType', 'component', 'perms'])
    .where('id', '=', permissionId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!menu) throw badRequest('菜单不存在', { permissionId: '菜单不存在' });
  if (menu.menuType === 2)
    throw badRequest('数据规则只能设置在菜单上，不能设置在按钮上', { permissionId: '数据规则只能设置在菜单上' });
  const buttons = await trx
    .selectFrom('sysPermission')
    .select('perms')
    .where('parentId', '=', permissionId)
    .where('menuType', '=', 2)
    .where('delFlag', '=', 0)
    .execute();
  return resourcesOfMenu(
    menu,
    buttons.map((b) => b.perms),
  );
}

export async function checkRule(trx: Trx, input: RuleInput) {
  const condition = input.ruleConditions.toUpperCase();
  if (condition === 'USE_SQL_RULES') throw badRequest(USE_SQL_RULES_MESSAGE, { ruleConditions: USE_SQL_RULES_MESSAGE });
  const normalised = DATA_RULE_CONDITIONS.find((c) => c.value === condition || c.value === input.ruleConditions)?.value;
  if (!normalised || !isDataRuleCondition(normalised)) {
    throw badRequest('不支持的条件', {
      ruleConditions: `条件只能是 ${DATA_RULE_CONDITIONS.map((c) => c.value).join(' ')}`,
    });
  }
  const defs = await resourcesOfPermission(trx, input.permissionId);
  const rule = { ruleColumn: input.ruleColumn, ruleConditions: normalised, ruleValue: input.ruleValue };
  const problem = ruleProblem(defs, rule);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  return { permissionId: input.permissionId, ruleName: input.ruleName, ...rule, status: input.status ?? '1' };
}
