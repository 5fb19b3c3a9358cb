import type { UserInfo } from '@procura/shared';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SysUserTable } from '../../db/user-tables.js';

/** What a new user is made of; everything else starts at its default (active, not deleted, no tenant). */
export type NewUserRow = Pick<SysUserTable, 'username' | 'realname' | 'passwordHash' | 'createBy'> &
  Partial<
    Pick<
      SysUserTable,
      'sex' | 'email' | 'phone' | 'orgCode' | 'workNo' | 'isShow' | 'userType' | 'supplierId' | 'relTenantIds'
    >
  >;

/**
 * The one way a user row is created (administration, supplier users, seed, `create-admin`),
 * with its roles and departments. Run it inside the caller's transaction.
 */
export async function insertUser(
  trx: Db,
  u: NewUserRow,
  links: { roles: readonly string[]; departs: readonly string[] },
): Promise<string> {
  const id = newId();
  const now = serverNowIso();
  await trx
    .insertInto('sysUser')
    .values({
      id,
      username: u.username,
      realname: u.realname,
      passwordHash: u.passwordHash,
      avatar: null,
      sex: u.sex ?? null,
      email: u.email ?? null,
      phone: u.phone ?? null,
      orgCode: u.orgCode ?? null,
      workNo: u.workNo ?? null,
      status: 1,
      delFlag: 0,
      isShow: u.isShow ?? 1,
      userType: u.userType ?? 1,
      supplierId: u.supplierId ?? null,
      relTenantIds: u.relTenantIds ?? '',
      passwordChangedAt: now,
      createBy: u.createBy,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  for (const roleId of links.roles)
    await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId }).execute();
  for (const depId of links.departs)
    await trx.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId }).execute();
  return id;
}

/** The user as the client sees it: never the password hash. */
export function toUserInfo(u: SysUserTable): UserInfo {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.orgCode,
    workNo: u.workNo,
    status: u.status,
    isShow: u.isShow,
    supplierId: u.supplierId,
    userType: u.userType,
    relTenantIds: u.relTenantIds,
    createTime: toWireDateTime(u.createTime),
  };
}

export async function departsOf(db: Db, userId: string) {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .select(['d.id', 'd.parentId', 'd.departName', 'd.orgCode', 'd.orgCategory', 'd.tenantId'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .execute();
}
