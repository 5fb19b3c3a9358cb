import { defineResource } from '../resource/define-resource.js';
import type { LineSetDef } from '../workflow-lines.js';
import { requisitionWorkflow } from '../requisition.js';

const ledger = (label: string) => ({ label, type: 'decimal', readOnly: true }) as const;

/**
 * The requisition lines (§8 RequisitionLine): what the requester asks for, the catalogue snapshot
 * the server copies, and the quantity ledger sourcing and orders move (PR-3, PR-7).
 */
export const requisitionLines = {
  label: '采购明细',
  table: 'purchase_requisition_line',
  parentColumn: 'requisition_id',
  orderColumn: 'line_no',
  min: 1,
  max: 200,
  fields: {
    lineNo: { label: '行号', type: 'int', readOnly: true },
    materialId: { label: '物料', type: 'string', max: 32 },
    materialCode: { label: '物料编码', type: 'string', readOnly: true },
    materialName: { label: '物料名称', type: 'string', readOnly: true },
    description: { label: '物料描述', type: 'string', max: 500 },
    spec: { label: '规格型号', type: 'string', max: 200 },
    categoryId: { label: '物料分类', type: 'string', max: 32 },
    qty: { label: '数量', type: 'decimal', required: true },
    unit: { label: '单位', type: 'dict', dict: 'srm_unit' },
    needByDate: { label: '需求日期', type: 'date', required: true },
    estimatedUnitPrice: { label: '预估单价', type: 'decimal' },
    amount: { label: '金额', type: 'decimal', readOnly: true },
    suggestedSupplierId: { label: '推荐供应商', type: 'string', max: 32 },
    suggestionReason: { label: '推荐理由', type: 'string', max: 500 },
    deliveryPlace: { label: '交货地点', type: 'string', max: 300 },
    qtyInSourcing: ledger('已寻源'),
    qtyOrdered: ledger('已下单'),
    qtyCancelled: ledger('已取消'),
    qtyAwarded: ledger('已定标'),
    lineStatus: { label: '行状态', type: 'dict', dict: 'srm_pr_line_status', readOnly: true },
    remark: { label: '备注', type: 'string', max: 500 },
  },
} as const satisfies LineSetDef;

/**
 * Purchase requisitions (采购申请, domain §8) on the generic workflow-document routes and pages:
 * list, queryById, delete of drafts, exportXls, the status log and tabs, and `submit`
 * handed to the approval engine by budget (PR-2, X-10). Drafts are added and edited by the
 * module's own routes (PR-1 line by line, the catalogue snapshot X-14, the budget Σ lines);
 * withdrawing, cancelling the rest (PR-5) and the derived statuses (PR-7) are the module's too.
 * Internal users only: no supplier field, so a supplier user sees none.
 */
export const requisitionResource = defineResource({
  key: 'srmPurchaseRequisition',
  table: 'purchase_requisition',
  path: '/srm/requisition',
  label: '采购申请',
  permission: 'srm:requisition',
  tenant: true,
  softDelete: true,
  capabilities: { add: false, edit: false, deleteBatch: false, import: false },
  numbering: { field: 'code', rule: 'PR' },
  fields: {
    code: { label: '申请单号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 170 },
    title: { label: '标题', type: 'string', required: true, max: 200, filter: 'like', sortable: true },
    purchaseType: {
      label: '采购类型',
      type: 'dict',
      dict: 'srm_purchase_type',
      required: true,
      filter: 'eq',
      width: 90,
    },
    urgency: { label: '紧急程度', type: 'dict', dict: 'srm_pr_urgency', filter: 'eq', list: false },
    urgentReason: { label: '紧急原因', type: 'string', max: 500, list: false },
    reason: { label: '采购用途', type: 'text', max: 2000, list: false },
    budgetAmount: { label: '预算金额', type: 'decimal', readOnly: true, width: 130 },
    currency: { label: '币种', type: 'dict', dict: 'srm_currency', list: false },
    deliveryPlace: { label: '交货地点', type: 'string', max: 300, list: false },
    requesterId: {
      label: '申请人',
      type: 'string',
      readOnly: true,
      refText: 'requesterName',
      width: 100,
    },
    departmentCode: { label: '需求部门', type: 'string', max: 64, list: false },
    buyerId: { label: '采购员', type: 'string', max: 32, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_pr_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    submittedBy: { label: '提交人', type: 'string', readOnly: true, list: false, detail: false },
    submittedAt: { label: '提交时间', type: 'datetime', readOnly: true, list: false },
    approvedAt: { label: '审批通过', type: 'datetime', readOnly: true, list: false },
    cancelledAt: { label: '取消剩余数量时间', type: 'datetime', readOnly: true, list: false },
    cancelReason: { label: '取消原因', type: 'text', readOnly: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
    // The optimistic lock: the form and 提交 send it back as read.
    version: { label: '版本号', type: 'int', readOnly: true, list: false, detail: false },
  },
  workflow: {
    def: requisitionWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    amountField: 'budgetAmount',
    lines: { lines: requisitionLines },
  },
});
