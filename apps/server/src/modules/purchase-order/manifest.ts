import type { ModuleManifest } from '../manifest.js';
import { purchaseOrderMenus } from './menus.js';
import { purchaseOrderApprovalDocTypes } from './purchase-order-outcomes.js';
import { purchaseOrderRoutes } from './purchase-order-routes.js';
import { purchaseOrderQuotaRoutes } from './purchase-order-quota-routes.js';

export const purchaseOrderManifest: ModuleManifest = {
  name: 'purchase-order',
  routes: [purchaseOrderRoutes, purchaseOrderQuotaRoutes],
  // PO-4, X-10: the approval of `submit` by amountInclTax, whose outcome fires `approved` / `rejected`.
  approvalDocTypes: () => purchaseOrderApprovalDocTypes(),
  menus: purchaseOrderMenus,
  dictionaries: [
    [
      'srm_po_status',
      '采购订单状态',
      'DRAFT 草稿 · PENDING_APPROVAL 审批中 · APPROVED 已审批 · SENT 待供应商确认 · CONFIRMED 已确认 · SUPPLIER_REJECTED 供应商已拒绝 · CHANGE_PENDING 变更中 · IN_DELIVERY 交货中 · RECEIVED 已收货 · COMPLETED 已完成 · CLOSED 已关闭 · CANCELLED 已取消 · ON_HOLD 已暂挂',
    ],
    [
      'srm_po_type',
      '采购订单类型',
      'STANDARD 标准订单 · CONTRACT_RELEASE 合同下达订单 · SERVICE 服务订单 · SAMPLE 样品订单',
    ],
    ['srm_po_line_status', '订单行状态', 'OPEN 执行中 · CLOSED 已关闭 · CANCELLED 已取消'],
    ['srm_po_price_source', '订单价格来源', 'CONTRACT 合同 · PRICE_RECORD 价格库 · AWARD 定标 · MANUAL 手工录入'],
    ['srm_po_receipt_status', '订单收货状态', 'NONE 未收货 · PARTIAL 部分收货 · FULL 已收货'],
    ['srm_po_invoice_status', '订单开票状态', 'NONE 未开票 · PARTIAL 部分开票 · FULL 已开票'],
    ['srm_po_payment_status', '订单付款状态', 'NONE 未付款 · PARTIAL 部分付款 · FULL 已付款'],
    ['srm_po_source_doc_type', '订单来源单据类型', 'REQUISITION 采购申请 · AWARD 定标结果'],
  ],
};
