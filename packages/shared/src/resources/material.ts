import { defineResource } from '../resource/define-resource.js';

/**
 * Master data of domain §3: the material category tree, tax rates, materials and the price
 * library. Codes are unique per tenant (MAT-1). Tree position, level, leaf flag and statuses
 * are the server's; the rules beyond a field's own shape live in the server's hooks
 * (`apps/server/src/modules/material`).
 */
export const materialCategoryResource = defineResource({
  key: 'srmMaterialCategory',
  table: 'srm_material_category',
  path: '/srm/materialCategory',
  label: '物料分类',
  permission: 'materialCategory',
  tenant: true,
  defaultSort: { field: 'code', order: 'asc' },
  capabilities: { import: false },
  fields: {
    code: {
      label: '分类编码',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_.-]+$', message: '分类编码只能包含字母、数字、点、下划线和横线' },
    },
    name: { label: '分类名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    parentId: {
      label: '上级分类',
      type: 'string',
      max: 32,
      immutable: true,
      filter: 'eq',
      placeholder: '不选则为一级分类',
    },
    level: { label: '层级', type: 'int', readOnly: true, sortable: true, width: 70 },
    isLeaf: { label: '末级', type: 'int', dict: 'yn', readOnly: true, width: 70 },
    categoryType: { label: '采购类型', type: 'dict', dict: 'srm_purchase_type', filter: 'eq' },
    supplierCategory: {
      label: '准入品类',
      type: 'dict',
      dict: 'supplier_main_category',
      filter: 'eq',
      placeholder: '供应商在此品类合格方可参与本分类物料的寻源与配额；不选则沿用上级分类',
    },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_active_status',
      filter: 'eq',
      sortable: true,
      placeholder: '停用的分类不能再挂新物料',
    },
    sortNo: { label: '排序', type: 'int', min: 0, max: 99999, sortable: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});

export const taxRateResource = defineResource({
  key: 'srmTaxRate',
  table: 'srm_tax_rate',
  path: '/srm/taxRate',
  label: '税率',
  permission: 'taxRate',
  tenant: true,
  defaultSort: { field: 'code', order: 'asc' },
  capabilities: { import: false },
  fields: {
    code: {
      label: '税率编码',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '税率编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '税率名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    rate: { label: '税率(%)', type: 'decimal', required: true, sortable: true, placeholder: '0 到 100，例如 13' },
    status: { label: '状态', type: 'dict', dict: 'srm_active_status', filter: 'eq', sortable: true },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});

export const materialResource = defineResource({
  key: 'srmMaterial',
  table: 'srm_material',
  path: '/srm/material',
  label: '物料',
  permission: 'material',
  tenant: true,
  capabilities: { import: false },
  fields: {
    code: { label: '物料编码', type: 'string', readOnly: true, filter: 'like', sortable: true, width: 180 },
    name: { label: '物料名称', type: 'string', required: true, max: 200, filter: 'like', sortable: true, width: 200 },
    spec: { label: '规格型号', type: 'string', max: 200, filter: 'like' },
    categoryId: {
      label: '物料分类',
      type: 'string',
      required: true,
      max: 32,
      filter: 'eq',
      placeholder: '只能选择末级分类',
    },
    unit: { label: '计量单位', type: 'dict', dict: 'srm_unit', required: true, filter: 'eq', width: 90 },
    defaultTaxRate: { label: '默认税率(%)', type: 'decimal', width: 100 },
    billControl: { label: '开票依据', type: 'dict', dict: 'srm_bill_control', list: false },
    inspectionRequired: { label: '来料检验', type: 'int', dict: 'yn', min: 0, max: 1, filter: 'eq', width: 90 },
    overDeliveryPct: { label: '超收比例(%)', type: 'decimal', list: false, placeholder: '不填则用采购设置的超收比例' },
    minShelfLifeDays: { label: '最短剩余保质期(天)', type: 'int', min: 0, max: 36500, list: false },
    leadTimeDays: { label: '采购周期(天)', type: 'int', min: 0, max: 3650, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_material_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});

export const priceRecordResource = defineResource({
  key: 'srmPriceRecord',
  table: 'srm_price_record',
  path: '/srm/priceRecord',
  label: '价格记录',
  permission: 'priceRecord',
  tenant: true,
  defaultSort: { field: 'validFrom', order: 'desc' },
  // Prices are history: corrected by a newer record (MAT-4), never edited or deleted.
  capabilities: { edit: false, delete: false, deleteBatch: false, import: false },
  fields: {
    materialId: { label: '物料', type: 'string', required: true, max: 32, filter: 'eq', width: 200 },
    supplierId: { label: '供应商', type: 'string', required: true, max: 32, filter: 'eq', width: 200 },
    orgCode: {
      label: '采购组织',
      type: 'string',
      max: 64,
      filter: 'eq',
      list: false,
      placeholder: '不填则适用于全部采购组织',
    },
    currency: { label: '币种', type: 'dict', dict: 'srm_currency', filter: 'eq', width: 80 },
    unitPrice: { label: '不含税单价', type: 'decimal', required: true, sortable: true },
    taxRate: { label: '税率(%)', type: 'decimal', required: true, width: 90 },
    ladder: {
      label: '阶梯价',
      type: 'text',
      max: 2000,
      list: false,
      placeholder: '[{"fromQty":0,"unitPrice":"10.50"},{"fromQty":100,"unitPrice":"9.80"}]',
    },
    validFrom: { label: '生效日期', type: 'date', required: true, filter: 'range', sortable: true },
    validTo: { label: '失效日期', type: 'date', required: true, filter: 'range', sortable: true },
    sourceType: { label: '价格来源', type: 'dict', dict: 'srm_price_source', readOnly: true, filter: 'eq' },
    sourceId: { label: '来源单据', type: 'string', readOnly: true, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_price_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    remark: { label: '备注', type: 'string', max: 500, filter: 'like', list: false },
  },
});

export const materialResources = [
  materialCategoryResource,
  taxRateResource,
  materialResource,
  priceRecordResource,
] as const;
