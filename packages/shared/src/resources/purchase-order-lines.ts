import type { LineSetDef } from '../workflow-lines.js';

const ledger = (label: string) => ({ label, type: 'decimal', readOnly: true }) as const;

/** The order lines (§16 PurchaseOrderLine): what the buyer fills in, and what the server keeps (snapshot, ledger). */
export const purchaseOrderLines = {
  label: '订单明细',
  table: 'srm_purchase_order_line',
  parentColumn: 'order_id',
  orderColumn: 'line_no',
  min: 0,
  fields: {
    materialId: { label: '物料', type: 'string', max: 32 },
    materialCode: { label: '物料编码', type: 'string', readOnly: true },
    materialName: { label: '物料名称', type: 'string', readOnly: true },
    description: { label: '描述', type: 'string', max: 200 },
    spec: { label: '规格型号', type: 'string', max: 200 },
    categoryId: { label: '物料分类', type: 'string', max: 32 },
    unit: { label: '单位', type: 'dict', dict: 'srm_unit' },
    qty: { label: '数量', type: 'decimal', required: true },
    unitPrice: { label: '不含税单价', type: 'decimal', required: true },
    taxRate: { label: '税率(%)', type: 'decimal', required: true },
    amount: { label: '不含税金额', type: 'decimal', readOnly: true },
    taxAmount: { label: '税额', type: 'decimal', readOnly: true },
    priceSource: { label: '价格来源', type: 'dict', dict: 'srm_po_price_source', readOnly: true },
    priceDeviationReason: { label: '价格偏离原因', type: 'string', max: 500 },
    needByDate: { label: '需求日期', type: 'date', required: true },
    promisedDate: { label: '承诺交期', type: 'date', readOnly: true },
    promiseReason: { label: '交期说明', type: 'string', readOnly: true },
    deliveryPlace: { label: '交货地点', type: 'string', max: 300 },
    requisitionLineId: { label: '采购申请行', type: 'string', max: 32 },
    contractLineId: { label: '合同行', type: 'string', max: 32 },
    qtyInTransit: ledger('在途数量'),
    qtyReceived: ledger('已收数量'),
    qtyAccepted: ledger('合格数量'),
    qtyInvoiced: ledger('已开票数量'),
    qtyShortClosed: ledger('短关数量'),
    lineStatus: { label: '行状态', type: 'dict', dict: 'srm_po_line_status', readOnly: true },
    remark: { label: '备注', type: 'string', max: 500 },
  },
  products: { amount: ['qty', 'unitPrice'] },
} as const satisfies LineSetDef;
