import { defineResource } from '../resource/define-resource.js';
import type { LineSetDef } from '../workflow-lines.js';
import { quotaWorkflow } from '../quota.js';

/**
 * The suppliers' shares of a quota arrangement (§14 QuotaLine): the buyer picks the supplier and
 * its whole percentage (QUO-1); the name is the server's snapshot, the allocation its ledger.
 */
export const quotaLines = {
  label: '配额分配',
  table: 'quota_line',
  parentColumn: 'arrangement_id',
  orderColumn: 'line_no',
  min: 1,
  max: 20,
  fields: {
    supplierId: { label: '供应商', type: 'string', required: true, max: 32 },
    supplierName: { label: '供应商名称', type: 'string', readOnly: true },
    quotaPct: { label: '配额比例', type: 'int', required: true },
    baseQty: { label: '基数', type: 'decimal' },
    allocatedQty: { label: '已分配数量', type: 'decimal', readOnly: true },
    active: { label: '有效', type: 'int', readOnly: true },
  },
} as const satisfies LineSetDef;

/**
 * Quota arrangements (配额管理, domain §14) on the generic workflow-document routes and pages:
 * drafts are made by split awards (QUO-9), never added by hand; a buyer edits a draft's validity
 * and shares and submits it; the approval activates it (QUO-1, QUO-2) and a newer one supersedes
 * it (QUO-3). Internal users only: no supplier field, so a supplier user sees none.
 */
export const quotaResource = defineResource({
  key: 'srmQuotaArrangement',
  table: 'quota_arrangement',
  path: '/srm/quota',
  label: '配额',
  permission: 'srm:quota',
  tenant: true,
  capabilities: { add: false, delete: false, deleteBatch: false, import: false },
  numbering: { field: 'code', rule: 'QA' },
  fields: {
    code: { label: '配额编号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 170 },
    materialId: { label: '物料ID', type: 'string', readOnly: true, list: false, detail: false },
    materialCode: { label: '物料编码', type: 'string', readOnly: true, list: false, detail: false },
    // The search matches the material's code as well as its name.
    materialName: {
      label: '物料',
      type: 'string',
      readOnly: true,
      filter: 'like',
      alsoMatches: ['materialCode'],
      width: 200,
    },
    categoryId: { label: '物料分类', type: 'string', readOnly: true, list: false, detail: false },
    orgCode: { label: '采购组织', type: 'string', readOnly: true, list: false, detail: false },
    validFrom: { label: '生效日期', type: 'date', required: true, list: false },
    validTo: { label: '失效日期', type: 'date', required: true, list: false },
    basis: { label: '分配基准', type: 'dict', dict: 'srm_quota_basis', readOnly: true, list: false },
    minSplitQty: { label: '最小拆分数量', type: 'decimal', list: false },
    sourceAwardId: { label: '来源定标', type: 'string', readOnly: true, list: false, detail: false },
    sourceEventId: { label: '来源询价', type: 'string', readOnly: true, list: false, detail: false },
    sourceLineId: { label: '来源物料行', type: 'string', readOnly: true, list: false, detail: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_quota_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    versionNo: { label: '版本', type: 'int', readOnly: true, list: false },
    adjustReason: {
      label: '调整原因',
      type: 'dict',
      dict: 'srm_quota_adjust_reason',
      readOnly: true,
      list: false,
    },
    approvalInstanceId: { label: '审批实例', type: 'string', readOnly: true, list: false, detail: false },
    activatedAt: { label: '生效时间', type: 'datetime', readOnly: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
    // The optimistic lock of an edit: sent back as read, refused when another edit came first
    // (the quota form sends it; the server bumps it on every edit and submit).
    version: { label: '版本号', type: 'int', list: false, detail: false },
  },
  workflow: { def: quotaWorkflow, status: 'status', editable: ['DRAFT'], lines: { lines: quotaLines } },
});
