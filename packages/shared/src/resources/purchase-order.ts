import { defineResource } from '../resource/define-resource.js';
import { defineWorkflow, workflowStateText, type WorkflowTransitionDef } from '../workflow.js';
import { purchaseOrderLines } from './purchase-order-lines.js';

export { purchaseOrderLines };

/**
 * Purchase orders (采购订单, domain §16). Status and everything after the draft are the server's:
 * they change only through the named transitions of `/srm/order/<action>`. The ledger
 * quantities of the lines (§24) change only with the documents that post them.
 */
export const PO_STATUS = [
  'DRAFT',
  'PENDING_APPROVAL',
  'APPROVED',
  'SENT',
  'CONFIRMED',
  'SUPPLIER_REJECTED',
  'CHANGE_PENDING',
  'IN_DELIVERY',
  'RECEIVED',
  'COMPLETED',
  'CLOSED',
  'CANCELLED',
  'ON_HOLD',
] as const;
export type PoStatus = (typeof PO_STATUS)[number];

export const PO_TYPES = ['STANDARD', 'CONTRACT_RELEASE', 'SERVICE', 'SAMPLE'] as const;
export const PO_PRICE_SOURCES = ['CONTRACT', 'PRICE_RECORD', 'AWARD', 'MANUAL'] as const;

export const PURCHASE_ORDER_DOC_TYPE = 'PURCHASE_ORDER';

/** PO-6: the states a change order is made from (back to SENT: the supplier confirms the new revision). */
export const PO_CHANGEABLE = ['SENT', 'CONFIRMED', 'IN_DELIVERY', 'SUPPLIER_REJECTED'] as const;

/** The states an order may be put on hold from, and which `release` brings it back to. */
export const PO_HOLDABLE = ['APPROVED', 'SENT', 'CONFIRMED', 'IN_DELIVERY', 'RECEIVED'] as const;

/** The SYSTEM transition that brings a held order back to the state it was held in (`release`). */
export const poReleaseAction = (to: string) => `releaseTo${to}`;

const releases = Object.fromEntries(
  PO_HOLDABLE.map((to) => [
    poReleaseAction(to),
    {
      from: ['ON_HOLD'],
      to,
      side: 'SYSTEM',
      label: '解除暂挂',
      logText: '解除暂挂',
      refusal: '只有已暂挂的订单可以解除暂挂',
      done: '订单已解除暂挂',
    } satisfies WorkflowTransitionDef<PoStatus>,
  ]),
) as unknown as Record<`releaseTo${(typeof PO_HOLDABLE)[number]}`, WorkflowTransitionDef<PoStatus>>;

/** PO-7: the states whose open remainder may be short-closed (CONFIRMED when cancelling is refused). */
export const PO_SHORT_CLOSABLE = ['CONFIRMED', 'IN_DELIVERY', 'RECEIVED'] as const;

/** The SYSTEM transition that brings an order whose change was rejected in approval back to the state it was changed from. */
export const poChangeRejectedAction = (to: string) => `changeRejectedTo${to}`;

const changeRejections = Object.fromEntries(
  PO_CHANGEABLE.map((to) => [
    poChangeRejectedAction(to),
    {
      from: ['CHANGE_PENDING'],
      to,
      side: 'SYSTEM',
      label: '变更审批驳回',
      logText: '变更审批驳回，恢复原版本',
      refusal: '只有变更中的订单可以驳回变更',
      done: '订单变更已驳回，恢复为变更前的版本',
      notices: [
        {
          to: ['creator'],
          title: '订单变更审批被驳回：{code}',
          content: '{code} 的变更审批被驳回，已恢复变更前的版本。',
        },
      ],
    } satisfies WorkflowTransitionDef<PoStatus>,
  ]),
) as unknown as Record<`changeRejectedTo${(typeof PO_CHANGEABLE)[number]}`, WorkflowTransitionDef<PoStatus>>;

/**
 * The state machine of §16: the buyer drafts, submits, sends, cancels and holds (B); a manager
 * approves or rejects (M, never the submitter, X-10); the order's supplier confirms with promised
 * dates or refuses with a reason (PO-5); deliveries and receipts move it on (SYSTEM, §17).
 */
export const purchaseOrderWorkflow = defineWorkflow({
  docType: PURCHASE_ORDER_DOC_TYPE,
  label: '采购订单',
  permission: 'purchaseOrder',
  page: '/srm/order',
  supplierPage: '/srm/my-orders',
  supplierSideRefusal: '只有订单的供应商可以确认或拒绝订单',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    PENDING_APPROVAL: { text: '审批中', color: 'processing', terminal: false },
    APPROVED: { text: '已审批', color: 'blue', terminal: false },
    SENT: { text: '待供应商确认', color: 'orange', terminal: false },
    CONFIRMED: { text: '已确认', color: 'green', terminal: false },
    SUPPLIER_REJECTED: { text: '供应商已拒绝', color: 'red', terminal: false },
    CHANGE_PENDING: { text: '变更中', color: 'purple', terminal: false },
    IN_DELIVERY: { text: '交货中', color: 'cyan', terminal: false },
    RECEIVED: { text: '已收货', color: 'geekblue', terminal: false },
    COMPLETED: { text: '已完成', color: 'success', terminal: false },
    CLOSED: { text: '已关闭', color: 'default', terminal: true },
    CANCELLED: { text: '已取消', color: 'default', terminal: true },
    ON_HOLD: { text: '已暂挂', color: 'warning', terminal: false },
  },
  transitions: {
    submit: {
      from: ['DRAFT'],
      to: 'PENDING_APPROVAL',
      side: 'INTERNAL',
      label: '提交审批',
      confirm: '确定提交审批吗？提交后订单内容不能再修改',
      refusal: '只有草稿状态的订单可以提交审批',
      done: '订单已提交审批',
      approval: { docType: PURCHASE_ORDER_DOC_TYPE, amountField: 'amountInclTax' },
    },
    // PO-4, X-10: the engine's outcome, routed by amountInclTax through the order's approval flow.
    approved: {
      from: ['PENDING_APPROVAL'],
      to: 'APPROVED',
      side: 'SYSTEM',
      label: '审批通过',
      refusal: '只有审批中的订单可以审批通过',
      done: '订单已审批通过',
      notices: [{ to: ['creator'], title: '订单已审批通过：{code}', content: '{code} 已审批通过，可以发送给供应商。' }],
    },
    rejected: {
      from: ['PENDING_APPROVAL'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '审批驳回',
      refusal: '只有审批中的订单可以驳回',
      done: '订单已驳回，退回草稿',
      notices: [{ to: ['creator'], title: '订单审批被驳回：{code}', content: '{code} 审批被驳回，请修改后重新提交。' }],
    },
    send: {
      from: ['APPROVED'],
      to: 'SENT',
      side: 'INTERNAL',
      label: '发送供应商',
      confirm: '确定将订单发送给供应商吗？',
      refusal: '只有已审批的订单可以发送',
      done: '订单已发送给供应商',
    },
    // Without supplier confirmation (po.requiresSupplierConfirmation off) sending goes on to CONFIRMED.
    autoConfirm: {
      from: ['SENT'],
      to: 'CONFIRMED',
      side: 'SYSTEM',
      label: '无需供应商确认',
      refusal: '只有待供应商确认的订单可以确认',
      done: '订单已确认',
    },
    confirm: {
      from: ['SENT'],
      to: 'CONFIRMED',
      side: 'SUPPLIER',
      label: '确认订单',
      confirm: '确定按订单供货吗？',
      refusal: '只有待确认的订单可以确认',
      done: '订单已确认',
    },
    refuse: {
      from: ['SENT'],
      to: 'SUPPLIER_REJECTED',
      side: 'SUPPLIER',
      label: '拒绝订单',
      reason: true,
      reasonLabel: '拒绝原因',
      refusal: '只有待确认的订单可以拒绝',
      done: '已拒绝订单',
    },
    revise: {
      from: ['SUPPLIER_REJECTED'],
      to: 'DRAFT',
      side: 'INTERNAL',
      label: '修订',
      logText: '修订订单',
      refusal: '只有供应商已拒绝的订单可以修订',
      done: '订单已退回草稿，请修订后重新提交',
    },
    // PO-6 (§16 CHANGE_PENDING): a change order raises revisionNo and keeps the previous revision; one that
    // raises the amount, adds a line or deviates from the price (PO-2) goes through the order's approval
    // again (PO-4), any other goes on to the supplier's re-confirmation at once (changeSent).
    change: {
      from: PO_CHANGEABLE,
      to: 'CHANGE_PENDING',
      side: 'INTERNAL',
      label: '变更订单',
      logText: '订单变更',
      reason: true,
      reasonLabel: '变更原因',
      refusal: '只有待供应商确认、已确认、交货中或供应商已拒绝的订单可以变更',
      done: '订单已变更',
    },
    // The change approved (or needing no approval): the supplier confirms the new revision.
    changeSent: {
      from: ['CHANGE_PENDING'],
      to: 'SENT',
      side: 'SYSTEM',
      label: '变更待供应商确认',
      refusal: '只有变更中的订单可以发送供应商确认',
      done: '订单已变更，等待供应商重新确认',
      notices: [
        {
          to: ['supplier'],
          title: '采购订单变更待确认：{code}',
          content: '采购订单 {code} 已变更，请查看并重新确认。',
        },
      ],
    },
    ...changeRejections,
    // PO-7: with something shipped the order is not cancelled; the open remainder is closed instead.
    shortClose: {
      from: PO_SHORT_CLOSABLE,
      to: 'IN_DELIVERY',
      side: 'INTERNAL',
      label: '关闭剩余',
      logText: '短关剩余数量',
      reason: true,
      reasonLabel: '关闭原因',
      confirm: '确定关闭订单的剩余未交数量吗？关闭后不能再对剩余数量发货',
      refusal: '只有已确认、交货中或已收货的订单可以关闭剩余数量',
      done: '订单剩余数量已关闭',
      notices: [
        {
          to: ['supplier'],
          title: '采购订单剩余数量已关闭：{code}',
          content: '采购订单 {code} 的剩余未交数量已关闭。',
        },
      ],
    },
    cancel: {
      from: ['APPROVED', 'SENT', 'CONFIRMED'],
      to: 'CANCELLED',
      side: 'INTERNAL',
      label: '取消订单',
      reason: true,
      reasonLabel: '取消原因',
      confirm: '确定取消该订单吗？已发送的订单会通知供应商',
      refusal: '只有已审批、待供应商确认或已确认的订单可以取消',
      done: '订单已取消',
    },
    hold: {
      from: PO_HOLDABLE,
      to: 'ON_HOLD',
      side: 'INTERNAL',
      label: '暂挂',
      reason: true,
      reasonLabel: '暂挂原因',
      refusal: '只有执行中的订单可以暂挂',
      done: '订单已暂挂',
    },
    ...releases,
    // §17: the first delivery note, the receipts and the invoices move the order on.
    deliver: {
      from: ['CONFIRMED'],
      to: 'IN_DELIVERY',
      side: 'SYSTEM',
      label: '开始交货',
      refusal: '只有已确认的订单可以开始交货',
      done: '订单交货中',
    },
    receive: {
      from: ['IN_DELIVERY'],
      to: 'RECEIVED',
      side: 'SYSTEM',
      label: '收货完成',
      refusal: '只有交货中的订单可以收货完成',
      done: '订单已收货',
    },
    complete: {
      from: ['RECEIVED'],
      to: 'COMPLETED',
      side: 'SYSTEM',
      label: '开票完成',
      refusal: '只有已收货的订单可以完成',
      done: '订单已完成',
    },
    close: {
      from: ['COMPLETED'],
      to: 'CLOSED',
      side: 'SYSTEM',
      label: '关闭',
      refusal: '只有已完成的订单可以关闭',
      done: '订单已关闭',
    },
  },
  // PO-5, X-5: the supplier sees its orders from SENT on.
  supplierVisibleFrom: [
    'SENT',
    'CONFIRMED',
    'SUPPLIER_REJECTED',
    'CHANGE_PENDING',
    'IN_DELIVERY',
    'RECEIVED',
    'COMPLETED',
    'CLOSED',
    'CANCELLED',
    'ON_HOLD',
  ],
});

const money = (label: string) => ({ label, type: 'decimal', readOnly: true, width: 120 }) as const;

export const purchaseOrderResource = defineResource({
  key: 'srmPurchaseOrder',
  table: 'srm_purchase_order',
  path: '/srm/order',
  label: '采购订单',
  permission: 'purchaseOrder',
  tenant: true,
  // Posted orders are cancelled or closed, never imported in bulk.
  capabilities: { import: false },
  numbering: { field: 'code', rule: 'PO' },
  fields: {
    code: { label: '订单号', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 180 },
    orderType: { label: '订单类型', type: 'dict', dict: 'srm_po_type', required: true, filter: 'eq', width: 100 },
    supplierId: {
      label: '供应商',
      type: 'string',
      required: true,
      max: 32,
      filter: 'eq',
      refText: 'supplierName',
      width: 200,
    },
    // The supplier's name and contact copied when the draft is saved.
    supplierName: { label: '供应商名称', type: 'string', readOnly: true, filter: 'like', list: false },
    supplierContact: { label: '供应商联系人', type: 'string', readOnly: true, list: false },
    orgCode: { label: '采购组织', type: 'string', max: 64, list: false },
    buyerId: { label: '采购员', type: 'string', readOnly: true, list: false, detail: false },
    contractId: { label: '合同', type: 'string', max: 32, list: false },
    currency: { label: '币种', type: 'dict', dict: 'srm_currency', required: true, width: 70 },
    orderDate: { label: '订单日期', type: 'date', required: true, filter: 'range', sortable: true, width: 110 },
    paymentTerms: { label: '付款条件', type: 'dict', dict: 'srm_payment_terms', list: false },
    shipTo: { label: '收货地址', type: 'string', required: true, max: 300, filter: 'like', list: false },
    receiverName: { label: '收货人', type: 'string', max: 50, list: false },
    receiverPhone: { label: '收货人电话', type: 'string', max: 30, list: false },
    amountExclTax: money('不含税金额'),
    taxAmount: { ...money('税额'), list: false },
    amountInclTax: money('含税金额'),
    requiresSupplierConfirmation: { label: '需供应商确认', type: 'int', readOnly: true, list: false },
    needsManagerApproval: { label: '价格偏离需经理审批', type: 'int', readOnly: true, list: false },
    supplierConfirmedAt: { label: '供应商确认时间', type: 'datetime', readOnly: true, list: false },
    supplierRejectReason: { label: '供应商拒绝原因', type: 'text', readOnly: true, list: false },
    cancelReason: { label: '取消原因', type: 'text', readOnly: true, list: false },
    holdFromStatus: { label: '暂挂前状态', type: 'string', readOnly: true, list: false, detail: false },
    // Derived from the lines' ledger (§24): NONE, PARTIAL or FULL.
    receiptStatus: { label: '收货状态', type: 'dict', dict: 'srm_po_receipt_status', readOnly: true, list: false },
    invoiceStatus: { label: '开票状态', type: 'dict', dict: 'srm_po_invoice_status', readOnly: true, list: false },
    paymentStatus: { label: '付款状态', type: 'dict', dict: 'srm_po_payment_status', readOnly: true, list: false },
    status: { label: '状态', type: 'dict', dict: 'srm_po_status', readOnly: true, filter: 'eq', sortable: true },
    revisionNo: { label: '版本', type: 'int', readOnly: true, list: false },
    submittedBy: { label: '提交人', type: 'string', readOnly: true, list: false, detail: false },
    sourceDocType: { label: '来源单据类型', type: 'dict', dict: 'srm_po_source_doc_type', readOnly: true, list: false },
    sourceDocId: { label: '来源单据', type: 'string', readOnly: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
  workflow: {
    def: purchaseOrderWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    supplierField: 'supplierId',
    amountField: 'amountInclTax',
    lines: { lines: purchaseOrderLines },
    // PO-8: header totals are sums of the lines (amountInclTax = their sum, set with them).
    totals: { amountExclTax: { lines: 'lines', field: 'amount' }, taxAmount: { lines: 'lines', field: 'taxAmount' } },
  },
});

/** Status names as srm_po_status shows them (§26), for messages. */
export const PO_STATUS_TEXT: Readonly<Record<PoStatus, string>> = workflowStateText(purchaseOrderWorkflow);
