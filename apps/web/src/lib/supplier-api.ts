import type { SupplierInfo, SupplierProfile, UserInfo } from '@procura/shared';
import { getAction, postAction } from './http';
import type { RequestOptions } from './http';

export const SUPPLIER_PROFILE_QUERY_KEY = ['supplier', 'profile'] as const;

/** GET /supplierBaseAPI/getSupplier: the user's supplier (a draft may be partial), null for internal users. */
export async function fetchSupplierProfile(options?: RequestOptions): Promise<Partial<SupplierProfile> | null> {
  const body = await getAction<Partial<SupplierProfile> | null>('/supplierBaseAPI/getSupplier', undefined, options);
  if (!body.success) throw new Error(body.message || '企业信息加载失败');
  return body.result ?? null;
}

export type SaveSupplierInfoResult = { userInfo: UserInfo; supplier: SupplierProfile };

/** POST /supplierBaseAPI/saveSupplierInfo; 400 answers carry field errors the form shows itself. */
export function saveSupplierInfo(info: SupplierInfo) {
  return postAction<SaveSupplierInfoResult>('/supplierBaseAPI/saveSupplierInfo', info, { quiet: [400] });
}
