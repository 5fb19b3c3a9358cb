import type { UserInfo } from '@procura/shared';
import { toWireDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { SysUserTable } from '../../db/schema.js';

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
    .select(['d.id', 'd.parentId', 'd.departName', 'd.orgCode', 'd.orgCategory'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .execute();
}
