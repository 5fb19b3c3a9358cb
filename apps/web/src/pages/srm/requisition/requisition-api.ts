import type { PageResult } from '@procura/shared';
import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 采购申请 (domain §8), as `/srm/requisition/*` answers them. */
export type RequisitionRow = {
  id: string;
  code: string;
  title: string;
  status: string;
  status_dictText: string;
  purchaseType: string;
  urgency: string;
  budgetAmount: string;
  currency: string;
  requesterName: string | null;
  departmentCode: string | null;
  /** The department's name (the code is never shown). */
  departmentName?: string | null;
  submittedAt: string | null;
  createTime: string | null;
  version: number;
};

export type RequisitionLineRow = {
  id: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string | null;
  description: string | null;
  spec: string | null;
  categoryId: string | null;
  categoryName: string | null;
  qty: string;
  unit: string;
  needByDate: string;
  estimatedUnitPrice: string | null;
  amount: string;
  suggestedSupplierId: string | null;
  suggestedSupplierName: string | null;
  suggestionReason: string | null;
  deliveryPlace: string | null;
  qtyInSourcing: string;
  qtyOrdered: string;
  qtyCancelled: string;
  qtyRemaining: string;
  lineStatus: string;
  lineStatus_dictText: string;
  remark: string | null;
};

export type RequisitionDetail = RequisitionRow & {
  urgentReason: string | null;
  reason: string | null;
  deliveryPlace: string | null;
  buyerId: string | null;
  buyerName: string | null;
  approvedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  remark: string | null;
  lines: RequisitionLineRow[];
  approval: { instanceId: string; status: string; currentStep: number } | null;
  approvalHistory: {
    id: string;
    action: string;
    step: number | null;
    comment: string | null;
    at: string;
    actorName: string;
  }[];
  logs: {
    id: string;
    action: string;
    fromStatus: string | null;
    toStatus: string;
    actorName: string;
    reason: string | null;
    at: string;
  }[];
};

export type MaterialOption = {
  id: string;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  categoryId: string;
};
export type RequisitionOptions = {
  categories: { id: string; code: string; name: string }[];
  buyers: { id: string; username: string; realname: string }[];
};

export const PURCHASE_TYPES: Record<string, string> = { GOODS: '物资', WORKS: '工程', SERVICES: '服务' };

/** Today in GMT+8 (the server's business day, PR-1). */
export { businessToday } from '../../../lib/business-day';

export const listRequisitions = (params: Record<string, string>) =>
  getOrThrow<PageResult<RequisitionRow>>('/srm/requisition/list', params);
export const loadRequisition = (id: string) => getOrThrow<RequisitionDetail>('/srm/requisition/queryById', { id });
export const loadOptions = () => getOrThrow<RequisitionOptions>('/srm/requisition/options');
export const searchMaterials = (keyword: string) =>
  getOrThrow<MaterialOption[]>('/srm/requisition/materials', keyword ? { keyword } : {});
