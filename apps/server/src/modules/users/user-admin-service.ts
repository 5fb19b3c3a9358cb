import { z } from 'zod';
import { badRequest, businessError } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import { ID_PATTERN } from '../../core/ids.js';
import { idList, recordId as id } from '../../http/wire.js';
import type { ListFields } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../core/ids.js';
import type { SessionUser } from '../../core/access.js';
import { TENANT_ID_PATTERN, tenantIdsOf } from '../tenants/tenant-service.js';
import { assertInTenant, inTenant } from '../../core/tenant-data.js';

type TenantRequest = { tenantId: number };

/** Users a request may see and change: members of its tenant (`ref` is their `relTenantIds`); all for the platform. */
export const userInTenant = (request: TenantRequest, ref = 'relTenantIds') => inTenant(request, ref, 'members');

/** The user list's default order: newest first (ties and deep pages by id, index of migration 0081). */
export const USER_LIST_SORT = { column: 'u.createTime', order: 'desc' } as const;

export const USER_LIST_FIELDS: ListFields = {
  id: { column: 'u.id', filter: 'exact' },
  username: { column: 'u.username', filter: 'text', sortable: true },
  realname: { column: 'u.realname', filter: 'text', sortable: true },
  phone: { column: 'u.phone', filter: 'text' },
  sex: { column: 'u.sex', filter: 'exact' },
  status: { column: 'u.status', filter: 'exact', sortable: true },
  userType: { column: 'u.userType', filter: 'exact' },
  createTime: { column: 'u.createTime', sortable: true },
};

const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** What an administrator may set on a user; JeecgBoot's extra keys are accepted and ignored. */
const userFields = {
  realname: z.string().trim().min(1, '请输入用户姓名').max(100),
  email: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().email('请输入正确的电子邮箱').max(100).optional(),
  ),
  phone: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码')
      .optional(),
  ),
  sex: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(2).optional()),
  workNo: optionalText(64),
  selectedroles: z.string().max(5000).optional(),
  selecteddeparts: z.string().max(5000).optional(),
  /** Comma list of tenant ids; absent leaves an edited user's tenants alone, empty clears them. */
  relTenantIds: z.preprocess((v) => (v === null ? '' : v), z.string().max(2000).optional()),
  // Sent by JeecgBoot's user form; not stored (or stored elsewhere).
  confirmpassword: z.unknown().optional(),
  avatar: z.unknown().optional(),
  birthday: z.unknown().optional(),
  post: z.unknown().optional(),
  telephone: z.unknown().optional(),
  activitiSync: z.unknown().optional(),
  userIdentity: z.unknown().optional(),
  departIds: z.unknown().optional(),
  orgCode: z.unknown().optional(),
};

export const addSchema = z
  .object({
    id: z.literal('').optional(),
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.@-]{2,100}$/, '用户账号为2到100位字母、数字或 _ . @ -'),
    password: z.string().max(128),
    ...userFields,
  })
  .strict();
export const editSchema = z
  .object({ id, username: z.unknown().optional(), password: z.unknown().optional(), ...userFields })
  .strict();

type ProfileFields = { sex?: number; email?: string; phone?: string; workNo?: string };

/** The optional profile fields an edit request carries: a missing one is kept, an empty one is cleared. */
export function givenProfileFields(body: ProfileFields): { [K in keyof ProfileFields]?: ProfileFields[K] | null } {
  const keys = ['sex', 'email', 'phone', 'workNo'] as const;
  return Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, body[k] ?? null]));
}

/** Role and department ids of a request, checked to exist in the request's tenant. */
export async function checkLinks(db: Db, roles: string[], departs: string[], request: TenantRequest): Promise<void> {
  if (roles.some((r) => !ID_PATTERN.test(r)) || departs.some((d) => !ID_PATTERN.test(d)))
    throw badRequest('角色或部门编号不正确');
  if (
    roles.length &&
    (
      await db
        .selectFrom('sysRole')
        .select('id')
        .where('id', 'in', roles)
        .where(inTenant(request, 'tenantId'))
        .execute()
    ).length !== roles.length
  )
    throw badRequest('角色不存在', { selectedroles: '角色不存在' });
  if (
    departs.length &&
    (
      await db
        .selectFrom('sysDepart')
        .select('id')
        .where('id', 'in', departs)
        .where('delFlag', '=', 0)
        .where(inTenant(request, 'tenantId'))
        .execute()
    ).length !== departs.length
  ) {
    throw badRequest('部门不存在', { selecteddeparts: '部门不存在' });
  }
}

/**
 * The tenants of a request's `relTenantIds`, normalised: they must exist, and an actor who is
 * a member of tenants grants only their own (or ones the user holds already), so no tenant
 * administrator opens another tenant to a user (R7). The request's tenant (`current`, 0 for the
 * platform) is always kept: a tenant administrator cannot push a user out of the tenant into
 * the platform, nor take away tenants they do not belong to.
 */
export async function checkTenants(db: Db, raw: string, actor: SessionUser, held = '', current = 0): Promise<string> {
  const given = idList(raw);
  if (given.some((t) => !TENANT_ID_PATTERN.test(t)))
    throw badRequest('租户编号不正确', { relTenantIds: '租户编号不正确' });
  const ids = given.map(Number);
  if (
    ids.length &&
    (await db.selectFrom('sysTenant').select('id').where('id', 'in', ids).execute()).length !== ids.length
  ) {
    throw badRequest('租户不存在', { relTenantIds: '租户不存在' });
  }
  const own = tenantIdsOf(actor.relTenantIds);
  const kept = tenantIdsOf(held);
  if (own.length > 0 && ids.some((t) => !own.includes(t) && !kept.includes(t)))
    throw badRequest('只能分配自己所属的租户', { relTenantIds: '只能分配自己所属的租户' });
  if (current === 0) return ids.join(',');
  const foreign = kept.filter((t) => !own.includes(t));
  return [...new Set([current, ...ids, ...foreign])].join(',');
}

/** Moves users to the recycle bin and ends their sessions; nobody deletes their own account. */
export async function softDeleteUsers(
  db: Db,
  ids: string[],
  actor: { id: string; username: string },
  request: TenantRequest,
): Promise<void> {
  if (ids.length === 0) throw badRequest('请选择一条记录！');
  if (ids.some((i) => !ID_PATTERN.test(i))) throw badRequest('记录编号不正确');
  if (ids.includes(actor.id)) throw businessError('不能删除自己的账号');
  await assertInTenant(db, 'sysUser', ids, request, 'relTenantIds', 'members');
  const now = serverNowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysUser')
      .set({ delFlag: 1, updateBy: actor.username, updateTime: now })
      .where('id', 'in', ids)
      .execute();
    await trx
      .updateTable('sysSession')
      .set({ revokedAt: now })
      .where('userId', 'in', ids)
      .where('revokedAt', 'is', null)
      .execute();
  });
}

/**
 * Replaces a user's roles and departments (each when given) within the request's tenant:
 * links to other tenants' roles and departments (a user of several tenants) stay.
 */
export async function replaceLinks(
  trx: Db,
  userId: string,
  links: { roles?: string[]; departs?: string[] },
  request: TenantRequest,
): Promise<void> {
  if (links.roles) {
    await trx
      .deleteFrom('sysUserRole')
      .where('userId', '=', userId)
      .where('roleId', 'in', trx.selectFrom('sysRole').select('id').where(inTenant(request, 'tenantId')))
      .execute();
    for (const roleId of links.roles)
      await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
  }
  if (links.departs) {
    await trx
      .deleteFrom('sysUserDepart')
      .where('userId', '=', userId)
      .where('depId', 'in', trx.selectFrom('sysDepart').select('id').where(inTenant(request, 'tenantId')))
      .execute();
    for (const depId of links.departs)
      await trx.insertInto('sysUserDepart').values({ id: newId(), userId, depId }).execute();
  }
}

/** The ids of a user's roles that belong to the request's tenant (all for the platform). */
export async function roleIdsInTenant(db: Db, userId: string, request: TenantRequest): Promise<string[]> {
  const links = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('ur.roleId')
    .where('ur.userId', '=', userId)
    .where(inTenant(request, 'r.tenantId'))
    .execute();
  return links.map((r) => r.roleId);
}
