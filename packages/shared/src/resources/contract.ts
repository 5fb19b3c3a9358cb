import { defineResource } from '../resource/define-resource.js';
import { defineWorkflow, workflowStateText } from '../workflow.js';
import type { LineSetDef } from '../workflow-lines.js';

/**
 * Contracts (合同, domain §15) on the document platform: a header with its lines and pay plan,
 * created by hand or from a final award (CON-1: supplier, lines, prices and quantities copied
 * and locked), approved through the engine, sent to the supplier, who confirms or rejects with
 * a reason, and made ACTIVE by uploading the signed scan. The supplier sees it from
 * SUPPLIER_CONFIRMING on (CON-8).
 */
export const CONTRACT_DOC_TYPE = 'CONTRACT';
/** The approval of a termination, its own document type in 审批配置. */
export const CONTRACT_TERMINATION_DOC_TYPE = 'CONTRACT_TERMINATION';
export const CONTRACT_PAGE = '/srm/contract';
export const MY_CONTRACT_PAGE = '/srm/my-contracts';

export const contractWorkflow = defineWorkflow({
  docType: CONTRACT_DOC_TYPE,
  label: '合同',
  permission: 'contract',
  page: CONTRACT_PAGE,
  supplierPage: MY_CONTRACT_PAGE,
  supplierSideRefusal: '只有合同的供应商可以确认或拒绝合同',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    PENDING_APPROVAL: { text: '审批中', color: 'processing', terminal: false },
    APPROVED: { text: '已审批', color: 'blue', terminal: false },
    SUPPLIER_CONFIRMING: { text: '待供应商确认', color: 'gold', terminal: false },
    SUPPLIER_CONFIRMED: { text: '供应商已确认', color: 'cyan', terminal: false },
    SUPPLIER_REJECTED: { text: '供应商已拒绝', color: 'red', terminal: false },
    ACTIVE: { text: '生效', color: 'success', terminal: false },
    PENDING_TERMINATION: { text: '终止审批中', color: 'orange', terminal: false },
    EXPIRED: { text: '已到期', color: 'default', terminal: true },
    CANCELLED: { text: '已取消', color: 'default', terminal: true },
    TERMINATED: { text: '已终止', color: 'default', terminal: true },
    SUPERSEDED: { text: '已被新版本取代', color: 'default', terminal: true },
  },
  transitions: {
    submit: {
      from: ['DRAFT'],
      to: 'PENDING_APPROVAL',
      side: 'INTERNAL',
      label: '提交审批',
      confirm: '确定提交审批吗？提交后合同内容不能再修改',
      refusal: '只有草稿状态的合同可以提交审批',
      done: '合同已提交审批',
      approval: { docType: CONTRACT_DOC_TYPE, amountField: 'amountInclTax' },
    },
    approved: {
      from: ['PENDING_APPROVAL'],
      to: 'APPROVED',
      side: 'SYSTEM',
      label: '审批通过',
      refusal: '只有审批中的合同可以审批通过',
      done: '合同已审批通过',
      notices: [{ to: ['creator'], title: '合同已审批通过：{code}', content: '{code} 已审批通过，可以发送给供应商。' }],
    },
    rejected: {
      from: ['PENDING_APPROVAL'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '审批驳回',
      refusal: '只有审批中的合同可以驳回',
      done: '合同已驳回',
      notices: [{ to: ['creator'], title: '合同审批被驳回：{code}', content: '{code} 审批被驳回，请修改后重新提交。' }],
    },
    send: {
      from: ['APPROVED'],
      to: 'SUPPLIER_CONFIRMING',
      side: 'INTERNAL',
      label: '发送供应商',
      confirm: '确定把合同发送给供应商确认吗？',
      refusal: '只有已审批的合同可以发送给供应商',
      done: '合同已发送给供应商',
      notices: [{ to: ['supplier'], title: '新合同待确认：{code}', content: '采购方发来合同 {code}，请查看并确认。' }],
    },
    confirm: {
      from: ['SUPPLIER_CONFIRMING'],
      to: 'SUPPLIER_CONFIRMED',
      side: 'SUPPLIER',
      label: '确认合同',
      confirm: '确定确认该合同吗？',
      refusal: '只有待确认的合同可以确认',
      done: '已确认合同',
      notices: [
        {
          to: ['creator'],
          title: '供应商已确认合同：{code}',
          content: '{code} 已由供应商确认，请上传双方签字的合同扫描件。',
        },
      ],
    },
    reject: {
      from: ['SUPPLIER_CONFIRMING'],
      to: 'SUPPLIER_REJECTED',
      side: 'SUPPLIER',
      label: '拒绝',
      logText: '拒绝合同',
      reason: true,
      reasonLabel: '拒绝原因',
      refusal: '只有待确认的合同可以拒绝',
      done: '已拒绝合同',
      notices: [
        { to: ['creator'], title: '供应商拒绝了合同：{code}', content: '{code} 被供应商拒绝，请查看原因并修改。' },
      ],
    },
    revise: {
      from: ['SUPPLIER_REJECTED'],
      to: 'DRAFT',
      side: 'INTERNAL',
      label: '修改合同',
      logText: '退回草稿修改',
      refusal: '只有供应商已拒绝的合同可以退回修改',
      done: '合同已退回草稿，可以修改后重新提交',
    },
    sign: {
      from: ['SUPPLIER_CONFIRMED'],
      to: 'ACTIVE',
      side: 'INTERNAL',
      label: '签署生效',
      logText: '上传签署件，合同生效',
      refusal: '只有供应商已确认的合同可以签署生效',
      done: '合同已生效',
      notices: [{ to: ['supplier'], title: '合同已生效：{code}', content: '合同 {code} 已签署生效。' }],
    },
    cancel: {
      from: ['DRAFT', 'APPROVED', 'SUPPLIER_CONFIRMING', 'SUPPLIER_CONFIRMED', 'SUPPLIER_REJECTED'],
      to: 'CANCELLED',
      side: 'INTERNAL',
      label: '取消',
      reason: true,
      reasonLabel: '取消原因',
      refusal: '只有生效前、未在审批中的合同可以取消',
      done: '合同已取消',
    },
    expire: {
      from: ['ACTIVE'],
      to: 'EXPIRED',
      side: 'SYSTEM',
      label: '到期',
      logText: '合同到期',
      refusal: '只有生效的合同可以到期',
      done: '合同已到期',
      notices: [
        { to: ['creator'], title: '合同已到期：{code}', content: '合同 {code} 已过失效日期，状态变为已到期。' },
      ],
    },
    // CON-6: an amendment that neither raises the amount nor changes a price takes effect without
    // approval and supplier confirmation (the buyer's command, logged under the buyer's name).
    amendApplied: {
      from: ['DRAFT'],
      to: 'ACTIVE',
      side: 'SYSTEM',
      label: '变更生效',
      refusal: '只有草稿状态的变更版本可以直接生效',
      done: '变更版本已生效',
      notices: [{ to: ['supplier'], title: '合同变更已生效：{code}', content: '合同变更版本 {code} 已生效。' }],
    },
    // CON-6: the earlier version once the new one is ACTIVE.
    supersede: {
      from: ['ACTIVE'],
      to: 'SUPERSEDED',
      side: 'SYSTEM',
      label: '被新版本取代',
      refusal: '只有生效的合同可以被新版本取代',
      done: '合同已被新版本取代',
    },
    terminate: {
      from: ['ACTIVE'],
      to: 'PENDING_TERMINATION',
      side: 'INTERNAL',
      label: '终止合同',
      reason: true,
      reasonLabel: '终止原因',
      confirm: '确定申请终止该合同吗？终止须经审批',
      refusal: '只有生效的合同可以申请终止',
      done: '合同终止已提交审批',
      approval: {
        docType: CONTRACT_TERMINATION_DOC_TYPE,
        amountField: 'amountInclTax',
        approved: 'terminated',
        rejected: 'terminationRejected',
      },
    },
    terminated: {
      from: ['PENDING_TERMINATION'],
      to: 'TERMINATED',
      side: 'SYSTEM',
      label: '终止审批通过',
      refusal: '只有终止审批中的合同可以终止',
      done: '合同已终止',
      notices: [
        { to: ['supplier'], title: '合同已终止：{code}', content: '合同 {code} 已终止。' },
        { to: ['creator'], title: '合同终止已审批通过：{code}', content: '合同 {code} 已终止。' },
      ],
    },
    terminationRejected: {
      from: ['PENDING_TERMINATION'],
      to: 'ACTIVE',
      side: 'SYSTEM',
      label: '终止审批驳回',
      refusal: '只有终止审批中的合同可以驳回终止',
      done: '合同终止被驳回，合同继续有效',
      notices: [
        { to: ['creator'], title: '合同终止被驳回：{code}', content: '{code} 的终止申请被驳回，合同继续有效。' },
      ],
    },
  },
  // CON-8: drafts, approvals and approved-not-sent contracts are the buyer's alone.
  supplierVisibleFrom: [
    'SUPPLIER_CONFIRMING',
    'SUPPLIER_CONFIRMED',
    'SUPPLIER_REJECTED',
    'ACTIVE',
    'PENDING_TERMINATION',
    'EXPIRED',
    'CANCELLED',
    'TERMINATED',
    'SUPERSEDED',
  ],
  // CON-6: the first log row of an amendment's new version (written by the amend command).
  logActions: { amend: '创建变更版本' },
});

export type ContractStatus = keyof typeof contractWorkflow.states;
export const CONTRACT_STATUS_TEXT = workflowStateText(contractWorkflow);

const contractLines: LineSetDef = {
  label: '合同明细',
  table: 'srm_contract_line',
  parentColumn: 'contract_id',
  orderColumn: 'line_no',
  fields: {
    materialId: { label: '物料', type: 'string', max: 32 },
    materialName: { label: '物料名称', type: 'string', required: true, max: 200 },
    spec: { label: '规格', type: 'string', max: 200 },
    unit: { label: '单位', type: 'dict', dict: 'srm_unit', required: true },
    qty: { label: '数量', type: 'decimal', required: true },
    unitPrice: { label: '不含税单价', type: 'decimal', required: true },
    taxRate: { label: '税率(%)', type: 'decimal', required: true },
    amount: { label: '不含税金额', type: 'decimal', readOnly: true },
    taxAmount: { label: '税额', type: 'decimal', readOnly: true },
    deliveryDate: { label: '交货日期', type: 'date' },
    awardLineId: { label: '定标明细', type: 'string', readOnly: true },
  },
  products: { amount: ['qty', 'unitPrice'] },
  max: 500,
};

const payPlan: LineSetDef = {
  label: '付款计划',
  table: 'srm_contract_pay_stage',
  parentColumn: 'contract_id',
  orderColumn: 'seq',
  fields: {
    stageType: { label: '阶段', type: 'dict', dict: 'srm_pay_stage_type', required: true },
    trigger: { label: '付款条件', type: 'string', max: 200 },
    pct: { label: '比例(%)', type: 'decimal', required: true },
    amount: { label: '金额', type: 'decimal', required: true },
    plannedDate: { label: '计划付款日期', type: 'date' },
  },
  max: 20,
};

export const contractResource = defineResource({
  key: 'srmContract',
  table: 'srm_contract',
  path: '/srm/contract',
  label: '合同',
  permission: 'contract',
  tenant: true,
  capabilities: { import: false },
  numbering: { field: 'code', rule: 'CT' },
  fields: {
    code: { label: '合同编号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 180 },
    title: { label: '合同名称', type: 'string', required: true, max: 200, filter: 'like', width: 220 },
    contractType: {
      label: '合同类型',
      type: 'dict',
      dict: 'srm_contract_type',
      required: true,
      filter: 'eq',
      width: 100,
    },
    supplierId: {
      label: '供应商',
      type: 'string',
      required: true,
      max: 32,
      filter: 'eq',
      refText: 'supplierName',
      width: 200,
    },
    supplierName: { label: '供应商名称', type: 'string', readOnly: true, list: false },
    sourceAwardId: {
      label: '来源定标单',
      type: 'string',
      max: 32,
      immutable: true,
      list: false,
      placeholder: '从定标结果生成时填写，供应商、明细、价格和数量取自定标结果',
    },
    currency: { label: '币种', type: 'dict', dict: 'srm_currency', required: true, width: 80 },
    amountExclTax: { label: '不含税金额', type: 'decimal', readOnly: true, list: false },
    taxAmount: { label: '税额', type: 'decimal', readOnly: true, list: false },
    amountInclTax: { label: '含税金额', type: 'decimal', readOnly: true, sortable: true, width: 130 },
    validFrom: { label: '生效日期', type: 'date', required: true, filter: 'range', width: 110 },
    validTo: { label: '失效日期', type: 'date', required: true, filter: 'range', sortable: true, width: 110 },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_contract_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 110,
    },
    deliveryTerms: { label: '交货条款', type: 'text', max: 2000, list: false },
    qualityTerms: { label: '质量条款', type: 'text', max: 2000, list: false },
    warrantyTerms: { label: '质保条款', type: 'text', max: 2000, list: false },
    signedAt: { label: '签署日期', type: 'date', readOnly: true, list: false },
    signedFiles: { label: '合同签署件', type: 'string', readOnly: true, list: false },
    supplierConfirmedAt: { label: '供应商确认时间', type: 'datetime', readOnly: true, list: false },
    supplierRejectReason: { label: '供应商拒绝原因', type: 'text', readOnly: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
    versionNo: { label: '版本', type: 'int', readOnly: true, width: 70 },
    rootContractId: { label: '原合同', type: 'string', readOnly: true, list: false, detail: false },
    previousVersionId: { label: '上一版本', type: 'string', readOnly: true, list: false, detail: false },
    amendReason: { label: '变更原因', type: 'string', readOnly: true, list: false },
    parentContractId: {
      label: '主合同',
      type: 'string',
      max: 32,
      immutable: true,
      list: false,
      placeholder: '补充协议填写其所附的生效合同',
    },
    terminateReason: { label: '终止原因', type: 'string', readOnly: true, list: false },
  },
  workflow: {
    def: contractWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    supplierField: 'supplierId',
    attachments: ['signedFiles'],
    amountField: 'amountInclTax',
    lines: { lines: contractLines, payPlan },
    totals: {
      amountExclTax: { lines: 'lines', field: 'amount' },
      taxAmount: { lines: 'lines', field: 'taxAmount' },
    },
  },
});
