import { defineResource } from '../resource/define-resource.js';

/**
 * The source list (货源清单, domain §3 SupplierMaterial): which supplier may supply which
 * material, with its part number, minimum order quantity and lead time. One row per tenant,
 * supplier and material. The status changes only through the named commands 冻结 / 解冻
 * (`/srm/supplierMaterial/block`, `/unblock`, X-3); a supplier reads its own rows.
 */
export const SOURCE_LIST_STATUS = ['ACTIVE', 'BLOCKED'] as const;
export type SourceListStatus = (typeof SOURCE_LIST_STATUS)[number];

export const supplierMaterialResource = defineResource({
  key: 'supplierMaterial',
  table: 'supplier_material',
  path: '/srm/supplierMaterial',
  label: '货源清单',
  permission: 'supplierMaterial',
  tenant: true,
  capabilities: { import: false },
  fields: {
    // The key of a row: another supplier or material is another row.
    supplierId: {
      label: '供应商',
      type: 'string',
      required: true,
      max: 32,
      immutable: true,
      filter: 'eq',
      refText: 'supplierName',
      width: 200,
    },
    materialId: {
      label: '物料',
      type: 'string',
      required: true,
      max: 32,
      immutable: true,
      filter: 'eq',
      refText: 'materialName',
      width: 220,
    },
    supplierPartNo: { label: '供应商物料编码', type: 'string', max: 64, filter: 'like', width: 150 },
    minOrderQty: { label: '最小起订量', type: 'decimal', width: 110, placeholder: '不填则不限' },
    leadTimeDays: { label: '供货周期(天)', type: 'int', min: 0, max: 3650, width: 110 },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_source_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
      width: 90,
    },
    blockReason: { label: '冻结原因', type: 'string', readOnly: true, list: false },
    blockedBy: { label: '冻结人', type: 'string', readOnly: true, list: false },
    blockedAt: { label: '冻结时间', type: 'datetime', readOnly: true, list: false },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});
