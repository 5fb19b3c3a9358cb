import type { UserInfo } from '@procura/shared';
import { getAction, putAction } from '../../lib/http';

export type PasswordChange = { username: string; oldpassword: string; password: string; confirmpassword: string };

/** PUT /sys/user/updatePassword: refusals answer HTTP 200 with success false and the reason. */
export function updatePassword(change: PasswordChange) {
  return putAction<null>('/sys/user/updatePassword', change);
}

export type Depart = {
  id: string;
  parentId?: string | null;
  departName: string;
  orgCode: string;
  orgCategory?: string;
};
export type CurrentUserDeparts = { list: Depart[]; orgCode: string };

export function fetchCurrentUserDeparts() {
  return getAction<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');
}

export function selectDepart(orgCode: string, username: string) {
  return putAction<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
}
