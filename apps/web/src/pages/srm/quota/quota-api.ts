import type { PageResult } from '@procura/shared';
import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 配额管理 (domain §14), as `/srm/quota/*` answers them. */
export type QuotaRow = {
  id: string;
  code: string;
  status: string;
  statusText: string;
  materialId: string | null;
  materialCode: string | null;
  materialName: string;
  validFrom: string;
  validTo: string;
  basis: string;
  minSplitQty: string | null;
  versionNo: number;
  adjustReason: string;
  sourceEventId: string | null;
  sourceEventCode: string | null;
  activatedAt: string | null;
  remark: string | null;
  createTime: string | null;
  version: number;
  /** e.g. 华东精密机械有限公司 60% / 华南钢铁贸易有限公司 40% */
  shares: string;
  /** QUO-6: what approved orders took, e.g. 华东精密机械有限公司 30 / 华南钢铁贸易有限公司 20 */
  allocated: string;
};

export type QuotaLineRow = {
  id: string;
  supplierId: string;
  supplierName: string;
  quotaPct: number;
  baseQty: string;
  allocatedQty: string;
  active: number;
};

export type QuotaDetail = Omit<QuotaRow, 'shares' | 'allocated'> & {
  sourceEventTitle: string | null;
  sourceAwardCode: string | null;
  sourceAwardApprovedAt: string | null;
  sourceLine: { lineNo: number; qty: string; unit: string | null } | null;
  lines: QuotaLineRow[];
};

export { QUOTA_STATUS_TEXT as QUOTA_STATUS } from '@procura/shared';
export const QUOTA_STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  ACTIVE: 'success',
  NEEDS_REVIEW: 'warning',
  EXPIRED: 'default',
  SUPERSEDED: 'default',
};
export const QUOTA_BASIS: Record<string, string> = { QUANTITY: '按数量', AMOUNT: '按金额' };
export const ADJUST_REASONS: Record<string, string> = {
  NEW_AWARD: '新定标',
  DELIVERY_PROBLEM: '交付问题',
  QUALITY_PROBLEM: '质量问题',
  SERVICE_PROBLEM: '服务问题',
  CONTRACT_BREACH: '合同违约',
  OTHER: '其他',
};

export const listQuotas = (params: Record<string, string>) =>
  getOrThrow<PageResult<QuotaRow>>('/srm/quota/list', params);
export const loadQuota = (id: string) => getOrThrow<QuotaDetail>('/srm/quota/queryById', { id });
