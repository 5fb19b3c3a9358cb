import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 配额管理 (domain §14), as `/srm/quota/*` answers them. */
export type QuotaLineRow = {
  id: string;
  supplierId: string;
  supplierName: string;
  quotaPct: number;
  baseQty: string;
  allocatedQty: string;
  active: number;
};

/** `GET /srm/quota/queryById`: the header, its source and its lines. */
export type QuotaDetail = {
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
  sourceEventTitle: string | null;
  sourceAwardCode: string | null;
  sourceAwardApprovedAt: string | null;
  sourceLine: { lineNo: number; qty: string; unit: string | null } | null;
  activatedAt: string | null;
  remark: string | null;
  createTime: string | null;
  version: number;
  lines: QuotaLineRow[];
};

export const loadQuota = (id: string) => getOrThrow<QuotaDetail>('/srm/quota/queryById', { id });
