import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  columnOf,
  DATA_RULE_VARIABLES,
  fieldEntries,
  hasOnlyKnownVariables,
  type FieldDef,
  type ResourceDef,
} from '@procura/shared';
import type { AppContext } from '../app-context.js';
import { escapeLike } from '../core/paging.js';
import type { Db } from '../db/database.js';
import { wireToStored, type AnyQuery } from './resource-query.js';

/**
 * Data rules (JeecgBoot's @PermissionData): conditions attached to a menu in
 * `sys_permission_data_rule`, applied by a role through `sys_role_permission.data_rule_ids`,
 * and AND-ed into the list and export of the resource that menu shows. A rule names a field of
 * the resource definition (never a free column) and its value is always a bound parameter.
 */

type Rule = { id: string; ruleColumn: string; ruleConditions: string; ruleValue: string };
type MenuRow = {
  id: string;
  parentId: string | null;
  menuType: number;
  perms: string | null;
  component: string | null;
};

const splitCodes = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
const NUMERIC = /^-?\d+(\.\d+)?$/;
const isNumeric = (f: FieldDef) => f.type === 'int' || f.type === 'decimal';

/** The field a rule column names: the camelCase field name or its column; null for anything else. */
export function ruleField(def: ResourceDef, column: string): [string, FieldDef] | null {
  return fieldEntries(def).find(([name, f]) => name === column || columnOf(name, f) === column) ?? null;
}

/**
 * Why a rule cannot be saved on these resources, or null when it can. The column must be a
 * field of one of them; a numeric field takes plain numbers and no LIKE.
 */
export function ruleProblem(defs: ResourceDef[], rule: Omit<Rule, 'id'>): { field: string; message: string } | null {
  if (defs.length === 0) return { field: 'permissionId', message: '该菜单不是通用列表页面，无法设置数据规则' };
  const fields = defs.map((def) => ruleField(def, rule.ruleColumn)).filter((f) => f !== null);
  if (fields.length === 0) return { field: 'ruleColumn', message: `规则字段不是该菜单列表的字段: ${rule.ruleColumn}` };
  if (!hasOnlyKnownVariables(rule.ruleValue))
    return { field: 'ruleValue', message: '规则值只能使用变量 #{sys_user_code} 和 #{sys_org_code}' };
  for (const [, f] of fields) {
    if (!isNumeric(f)) continue;
    if (rule.ruleConditions === 'LIKE')
      return { field: 'ruleConditions', message: `${f.label}是数值字段，不能使用包含条件` };
    const values =
      rule.ruleConditions === 'IN' ? rule.ruleValue.split(',').map((v) => v.trim()) : [rule.ruleValue.trim()];
    if (values.some((v) => !NUMERIC.test(v)))
      return { field: 'ruleValue', message: `${f.label}是数值字段，规则值必须是数字` };
  }
  return null;
}

/** The menus whose data rules govern the list of `def` (the buttons carrying its list code stand for their menu). */
async function governingMenuIds(db: Db, def: ResourceDef): Promise<string[]> {
  const code = `${def.permission}:list`;
  const rows: MenuRow[] = await db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'menuType', 'perms', 'component'])
    .where('delFlag', '=', 0)
    .where((eb) => eb.or([eb('perms', 'like', `%${code}%`), eb('component', '=', `resource/${def.key}`)]))
    .execute();
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.menuType !== 2 && (r.component === `resource/${def.key}` || splitCodes(r.perms).includes(code)))
      ids.add(r.id);
    else if (r.menuType === 2 && r.parentId && splitCodes(r.perms).includes(code)) ids.add(r.parentId);
  }
  return [...ids];
}

/** The active rules the user's roles apply to the list of `def` (several roles: all their rules apply, as in JeecgBoot). */
export async function rulesFor(db: Db, def: ResourceDef, userId: string): Promise<Rule[]> {
  const menuIds = await governingMenuIds(db, def);
  if (menuIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysPermissionDataRule as r')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'r.permissionId')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select(['r.id', 'r.ruleColumn', 'r.ruleConditions', 'r.ruleValue', 'rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .where('r.permissionId', 'in', menuIds)
    .where('r.status', '=', '1')
    .where('rp.dataRuleIds', 'is not', null)
    .orderBy('r.id')
    .execute();
  const rules = new Map<string, Rule>();
  for (const { dataRuleIds, ...rule } of rows) if (splitCodes(dataRuleIds).includes(rule.id)) rules.set(rule.id, rule);
  return [...rules.values()];
}

const NOTHING = sql<SqlBool>`1 = 0`;

/** One rule as a condition on the list's `t` alias; a value that cannot apply matches nothing (fail closed). */
function condition(
  ctx: AppContext,
  def: ResourceDef,
  rule: Rule,
  vars: { userCode: string; orgCode: string | null },
): Expression<SqlBool> | null {
  const found = ruleField(def, rule.ruleColumn);
  if (!found) return null; // not a field of this definition: ignored, never a column from the request
  const [name, field] = found;
  if (!hasOnlyKnownVariables(rule.ruleValue)) return NOTHING;
  if (rule.ruleValue.includes(DATA_RULE_VARIABLES.orgCode) && !vars.orgCode) return NOTHING;
  const raw = rule.ruleValue
    .replaceAll(DATA_RULE_VARIABLES.userCode, vars.userCode)
    .replaceAll(DATA_RULE_VARIABLES.orgCode, vars.orgCode ?? '');
  const ref = sql.ref(`t.${columnOf(name, field)}`);
  const stored = (v: string) => (field.type === 'datetime' ? wireToStored(v, 'eq') : v);
  if (rule.ruleConditions === 'LIKE') {
    if (isNumeric(field)) return NOTHING;
    const pattern = `%${escapeLike(raw)}%`;
    return ctx.kind === 'postgres'
      ? sql<SqlBool>`${ref} ilike ${pattern} escape ${'\\'}`
      : sql<SqlBool>`${ref} like ${pattern} escape ${'\\'}`;
  }
  if (rule.ruleConditions === 'IN') {
    const values = raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0 || (isNumeric(field) && values.some((v) => !NUMERIC.test(v)))) return NOTHING;
    return sql<SqlBool>`${ref} in (${sql.join(values.map(stored))})`;
  }
  const value = raw.trim();
  if (isNumeric(field) && !NUMERIC.test(value)) return NOTHING;
  switch (rule.ruleConditions) {
    case '=':
      return sql<SqlBool>`${ref} = ${stored(value)}`;
    case '!=':
      return sql<SqlBool>`${ref} <> ${stored(value)}`;
    case '>':
      return sql<SqlBool>`${ref} > ${stored(value)}`;
    case '>=':
      return sql<SqlBool>`${ref} >= ${stored(value)}`;
    case '<':
      return sql<SqlBool>`${ref} < ${stored(value)}`;
    case '<=':
      return sql<SqlBool>`${ref} <= ${stored(value)}`;
    default:
      return NOTHING; // an unknown condition (USE_SQL_RULES written straight into the table): nothing
  }
}

/** The list or export query of `def` narrowed by the data rules of the signed-in user's roles. */
export async function withDataRules(
  ctx: AppContext,
  def: ResourceDef,
  request: FastifyRequest,
  query: AnyQuery,
): Promise<AnyQuery> {
  const user = request.user;
  if (!user) return query;
  const rules = await rulesFor(ctx.db, def, user.id);
  if (rules.length === 0) return query;
  const needsOrg = rules.some((r) => r.ruleValue.includes(DATA_RULE_VARIABLES.orgCode));
  const orgCode = needsOrg
    ? ((await ctx.db.selectFrom('sysUser').select('orgCode').where('id', '=', user.id).executeTakeFirst())?.orgCode ??
      null)
    : null;
  let narrowed = query;
  for (const rule of rules) {
    const where = condition(ctx, def, rule, { userCode: user.username, orgCode });
    if (where) narrowed = narrowed.where(() => where);
  }
  return narrowed;
}
