import { defineResource } from '../resource/define-resource.js';
import { defineWorkflow, workflowStateText } from '../workflow.js';

/**
 * Sample requests (样品, domain §7): a buyer asks a supplier for a sample of a material (or of a
 * described item in a category); the supplier confirms or refuses and ships it; the buyer side
 * receives and tests it. Status and everything after the draft are the server's: they change
 * only through the named transitions of `/srm/sampleRequest/<action>`, never by edit.
 */
export const SAMPLE_STATUS = [
  'DRAFT',
  'SENT',
  'CONFIRMED',
  'REFUSED',
  'SHIPPED',
  'RECEIVED',
  'TESTED',
  'CLOSED',
  'CANCELLED',
] as const;
export type SampleStatus = (typeof SAMPLE_STATUS)[number];

/** The transitions of §7, each behind `sampleRequest:<action>`. */
export const SAMPLE_ACTIONS = ['send', 'cancel', 'confirm', 'refuse', 'ship', 'receive', 'test', 'close'] as const;
export type SampleAction = (typeof SAMPLE_ACTIONS)[number];

/** Hand delivery needs a delivery note instead of a carrier and tracking number (SMP-1). */
export const SAMPLE_HAND_DELIVERY = 'HAND';

/**
 * The state machine of §7: who acts (B/W/Q internal, S the addressed supplier, SMP-1), from
 * which states, to which, and what the caller is told. A supplier never sees drafts.
 */
export const sampleWorkflow = defineWorkflow({
  docType: 'SAMPLE_REQUEST',
  label: '送样申请',
  permission: 'sampleRequest',
  supplierSideRefusal: '只有被要求送样的供应商可以确认、拒绝或寄出样品（SMP-1）',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    SENT: { text: '已发送', color: 'processing', terminal: false },
    CONFIRMED: { text: '已确认', color: 'blue', terminal: false },
    REFUSED: { text: '已拒绝', color: 'red', terminal: true },
    SHIPPED: { text: '已寄出', color: 'cyan', terminal: false },
    RECEIVED: { text: '已签收', color: 'geekblue', terminal: false },
    TESTED: { text: '已测试', color: 'purple', terminal: false },
    CLOSED: { text: '已关闭', color: 'success', terminal: true },
    CANCELLED: { text: '已取消', color: 'default', terminal: true },
  },
  transitions: {
    send: {
      from: ['DRAFT'],
      to: 'SENT',
      side: 'INTERNAL',
      label: '发送',
      confirm: '确定发送吗？发送后供应商将收到送样通知，申请内容不能再修改',
      refusal: '只有草稿状态的送样申请可以发送',
      done: '送样申请已发送给供应商',
    },
    confirm: {
      from: ['SENT'],
      to: 'CONFIRMED',
      side: 'SUPPLIER',
      label: '确认送样',
      confirm: '确定按要求送样吗？',
      refusal: '只有待确认的送样申请可以确认',
      done: '已确认送样',
    },
    refuse: {
      from: ['SENT'],
      to: 'REFUSED',
      side: 'SUPPLIER',
      label: '拒绝',
      logText: '拒绝送样',
      reason: true,
      reasonLabel: '拒绝原因',
      refusal: '只有待确认的送样申请可以拒绝',
      done: '已拒绝送样',
    },
    ship: {
      from: ['CONFIRMED'],
      to: 'SHIPPED',
      side: 'SUPPLIER',
      label: '寄出',
      refusal: '只有已确认的送样申请可以寄出样品',
      done: '样品已寄出',
    },
    receive: {
      from: ['SHIPPED'],
      to: 'RECEIVED',
      side: 'INTERNAL',
      label: '签收',
      refusal: '只有已寄出的样品可以签收',
      done: '样品已签收',
    },
    test: {
      from: ['RECEIVED'],
      to: 'TESTED',
      side: 'INTERNAL',
      label: '录入结果',
      logText: '录入测试结果',
      refusal: '只有已签收的样品可以录入测试结果',
      done: '测试结果已保存',
    },
    close: {
      from: ['TESTED'],
      to: 'CLOSED',
      side: 'INTERNAL',
      label: '关闭',
      confirm: '确定关闭吗？',
      refusal: '只有已测试的送样申请可以关闭',
      done: '送样申请已关闭',
    },
    cancel: {
      from: ['DRAFT', 'SENT'],
      to: 'CANCELLED',
      side: 'INTERNAL',
      label: '取消',
      confirm: '确定取消该送样申请吗？已发送的申请会通知供应商',
      refusal: '只有草稿或待供应商确认的送样申请可以取消',
      done: '送样申请已取消',
    },
  },
  supplierVisibleFrom: ['SENT', 'CONFIRMED', 'REFUSED', 'SHIPPED', 'RECEIVED', 'TESTED', 'CLOSED', 'CANCELLED'],
});

export const sampleRequestResource = defineResource({
  key: 'srmSampleRequest',
  table: 'srm_sample_request',
  path: '/srm/sampleRequest',
  label: '送样申请',
  permission: 'sampleRequest',
  tenant: true,
  // Posted requests are history: cancelled or closed, never imported in bulk.
  capabilities: { import: false },
  numbering: { field: 'code', rule: 'SMP' },
  fields: {
    code: { label: '送样单号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 180 },
    supplierId: {
      label: '供应商',
      type: 'string',
      required: true,
      max: 32,
      filter: 'eq',
      refText: 'supplierName',
      width: 200,
    },
    materialId: {
      label: '物料',
      type: 'string',
      max: 32,
      filter: 'eq',
      list: false,
      placeholder: '不选物料时填写样品描述和物料分类',
    },
    // The material's name and spec copied when the draft is saved, or the description.
    materialName: { label: '样品名称', type: 'string', readOnly: true, filter: 'like', width: 180 },
    description: {
      label: '样品描述',
      type: 'string',
      max: 200,
      filter: 'like',
      list: false,
      placeholder: '没有物料编码的样品，填写名称和规格',
    },
    categoryId: { label: '物料分类', type: 'string', max: 32, filter: 'eq', list: false },
    purpose: { label: '送样目的', type: 'dict', dict: 'srm_sample_purpose', required: true, filter: 'eq', width: 100 },
    qty: { label: '样品数量', type: 'decimal', required: true, width: 90 },
    unit: { label: '单位', type: 'dict', dict: 'srm_unit', required: true, width: 70 },
    requiredBy: { label: '要求送样日期', type: 'date', required: true, filter: 'range', sortable: true, width: 120 },
    receiverName: { label: '收样人', type: 'string', required: true, max: 50, list: false },
    receiverPhone: { label: '收样人电话', type: 'string', required: true, max: 30, list: false },
    receiveAddress: { label: '收样地址', type: 'string', required: true, max: 300, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_sample_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    supplierRemark: { label: '供应商回复', type: 'text', readOnly: true, list: false },
    shipMethod: { label: '寄送方式', type: 'dict', dict: 'srm_sample_ship_method', readOnly: true, list: false },
    carrier: { label: '承运商', type: 'string', readOnly: true, list: false },
    trackingNo: { label: '运单号', type: 'string', readOnly: true, filter: 'like', width: 150 },
    deliveryNote: { label: '送货说明', type: 'string', readOnly: true, list: false },
    shippedAt: { label: '寄出时间', type: 'datetime', readOnly: true, sortable: true, list: false },
    estimatedArrival: { label: '预计到达日期', type: 'date', readOnly: true, list: false },
    receivedAt: { label: '签收时间', type: 'datetime', readOnly: true, list: false },
    receivedQty: { label: '签收数量', type: 'decimal', readOnly: true, list: false },
    testResult: { label: '测试结果', type: 'dict', dict: 'srm_sample_result', readOnly: true, filter: 'eq', width: 90 },
    testReport: { label: '测试报告', type: 'text', readOnly: true, list: false },
    testReportFiles: { label: '测试报告附件', type: 'string', readOnly: true, list: false },
    testedBy: { label: '测试人', type: 'string', readOnly: true, list: false },
    testedAt: { label: '测试时间', type: 'datetime', readOnly: true, list: false },
    sourceDocType: { label: '来源单据类型', type: 'string', readOnly: true, list: false },
    sourceDocId: { label: '来源单据', type: 'string', readOnly: true, list: false },
    requesterId: { label: '申请人', type: 'string', readOnly: true, list: false, detail: false },
    remark: { label: '样品要求', type: 'string', max: 500, list: false, placeholder: '规格、包装、随附资料等要求' },
  },
  workflow: {
    def: sampleWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    supplierField: 'supplierId',
    attachments: ['testReportFiles'],
  },
});

/** Status names as srm_sample_status shows them (§26), for refusal messages. */
export const SAMPLE_STATUS_TEXT: Readonly<Record<SampleStatus, string>> = workflowStateText(sampleWorkflow);

export const SAMPLE_SHIP_METHODS = ['EXPRESS', 'LOGISTICS', SAMPLE_HAND_DELIVERY] as const;
export const SAMPLE_TEST_RESULTS = ['PASS', 'FAIL'] as const;
