import { z } from 'zod';
import type { AuthEntry } from './permission.js';

/** `POST /sys/login` body. `captcha`, `checkKey` and `remember_me` are accepted for JeecgBoot clients. */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(100),
  password: z.string().min(1, '请输入密码').max(128),
  captcha: z.string().max(20).optional(),
  checkKey: z.union([z.string().max(64), z.number()]).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user info kept after login (spec part 1 §3). Never carries a password or salt. */
export type UserInfo = {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  workNo: string | null;
  status: number;
  /** 2: a supplier who must complete supplier information first. */
  isShow: number;
  supplierId: string | null;
  /** 1 internal user, 2 supplier user. */
  userType: number;
  relTenantIds: string;
  createTime: string | null;
};

export type DictItem = { value: string; text: string; title: string; label: string };
export type DictMap = Record<string, DictItem[]>;

export type LoginResult = {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: DictMap;
  departs: { id: string; departName: string; orgCode: string }[];
  multi_depart: 0 | 1 | 2;
  /** The user's effective tenants; present only when the user belongs to tenants (`relTenantIds`). */
  tenantList?: TenantInfo[];
};

/** A tenant as login and `/sys/tenant/queryList` answer it (JeecgBoot's SysTenant; ids are integers). */
export type TenantInfo = {
  id: number;
  name: string;
  createBy: string | null;
  createTime: string | null;
  beginDate: string | null;
  endDate: string | null;
  /** 1 normal, 0 frozen. */
  status: number;
};

export type { AuthEntry };
