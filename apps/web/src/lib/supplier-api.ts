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

/** A supplier status-log row as the server answers it (SUP-6). */
export type { SupplierStatusLogRow } from '@procura/shared';

export type SupplierQualification = {
  id: string;
  supplierId: string;
  supplierName?: string;
  typeCode: string;
  certNo: string;
  issuer: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  files: string;
  status: string;
  reviewComment: string | null;
  createTime: string;
};

export type SupplierCategoryStanding = {
  id: string;
  categoryCode: string;
  status: string;
  qualifiedAt: string | null;
  trialLimitAmount?: string | null;
  pendingRequestId: string | null;
};

export type SupplierDetail = {
  supplier: SupplierProfile & {
    source: string;
    resumeStatus: string | null;
    version: number;
    createTime: string | null;
  };
  contacts: { id: string; name: string; mobile: string; email: string | null; role: string; isPrimary: number }[];
  bankAccounts: {
    id: string;
    bankName: string;
    accountName: string;
    accountNo: string;
    isPrimary: number;
    status: string;
  }[];
  categories: SupplierCategoryStanding[];
  qualifications: SupplierQualification[];
  pendingRequests: { id: string; action: string; categoryCode: string | null; reason: string; proposedAt: string }[];
};

/** Reads a GET answer or throws its message (for TanStack Query). */
export async function getOrThrow<T>(url: string, params?: Record<string, string>): Promise<T> {
  const body = await getAction<T>(url, params);
  if (!body.success) throw new Error(body.message || '加载失败');
  return body.result;
}
