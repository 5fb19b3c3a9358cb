import { defineResource } from '../resource/define-resource.js';
import { changeWorkflow } from '../supplier-change.js';

/**
 * Supplier change requests (供应商变更, domain §5) on the generic workflow-document routes and
 * pages. The supplier drafts, submits and withdraws its own requests (X-5: it sees only those,
 * drafts included); buyers see their tenant's suppliers' requests once submitted (a supplier's
 * unsent draft is its own) and decide in 审批中心. The changed values (`changes`, old → new per
 * field) and the evidence files are the request's body; the module computes them against the
 * profile (CHG-2, CHG-3), so there is no generic add or edit: drafts are saved through the
 * change form (`/supplierChange/saveDraft`), submitted and withdrawn through the module's routes.
 */
export const supplierChangeResource = defineResource({
  key: 'srmSupplierChange',
  table: 'supplier_change_request',
  path: '/supplierChange',
  label: '变更申请',
  permission: 'supplierChange',
  tenant: true,
  capabilities: { add: false, edit: false, delete: false, deleteBatch: false, import: false },
  defaultSort: { field: 'submittedAt', order: 'desc' },
  numbering: { field: 'code', rule: 'CR' },
  fields: {
    code: { label: '变更单号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 170 },
    supplierId: {
      label: '供应商',
      type: 'string',
      readOnly: true,
      filter: 'eq',
      refText: 'supplierName',
      width: 220,
    },
    // JSON: the sections touched (BASIC, BANK, CONTACT) and the changed values; the list and the
    // detail show them as words (the module's decorate hook), never as JSON.
    sections: { label: '变更分类', type: 'string', readOnly: true, list: false, detail: false },
    changes: { label: '变更内容', type: 'text', readOnly: true, list: false, detail: false },
    baseVersion: { label: '基准版本', type: 'int', readOnly: true, list: false, detail: false },
    reason: { label: '变更原因', type: 'text', readOnly: true, width: 220 },
    // The evidence (CHG-3), shown as file links among the detail's attachments.
    files: { label: '证明材料', type: 'string', readOnly: true, list: false, detail: false },
    initiatedBy: {
      label: '发起方',
      type: 'dict',
      dict: 'srm_change_initiator',
      readOnly: true,
      list: false,
    },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_change_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    submittedBy: { label: '提交人', type: 'string', readOnly: true, list: false, detail: false },
    submittedAt: { label: '提交时间', type: 'datetime', readOnly: true, sortable: true, width: 170 },
    decidedAt: { label: '审批时间', type: 'datetime', readOnly: true, list: false },
    decisionComment: { label: '审批意见', type: 'text', readOnly: true, width: 160 },
  },
  workflow: {
    def: changeWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    supplierField: 'supplierId',
    attachments: ['files'],
  },
});
