import type { AuditColumns } from '../../db/audit-columns.js';

/** Materials, categories, tax rates, the price library and purchase settings (domain §3, §21; migrations 0021, 0041). */

export type SrmMaterialCategoryTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  parentId: string | null;
  level: number;
  isLeaf: number;
  categoryType: string | null;
  requiredQualificationTypes: string | null;
  defaultBuyerId: string | null;
  /** 主营品类 code suppliers are admitted to for this category; null: the parent's (material-rules admissionCategoryCodes). */
  supplierCategory: string | null;
  /** ACTIVE or INACTIVE. */
  status: string;
  sortNo: number;
  remark: string | null;
};

export type SrmTaxRateTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  rate: string;
  status: string;
  remark: string | null;
};

export type SrmMaterialTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  spec: string | null;
  categoryId: string;
  unit: string;
  defaultTaxRate: string | null;
  billControl: string;
  inspectionRequired: number;
  overDeliveryPct: string | null;
  minShelfLifeDays: number | null;
  leadTimeDays: number | null;
  /** Quota splits round each part down to it (QUO-4, migration 0094); null: whole units. */
  orderMultiple: string | null;
  /** DRAFT, PENDING_APPROVAL, ACTIVE or INACTIVE. */
  status: string;
  drawings: string | null;
  remark: string | null;
};

export type SrmPriceRecordTable = AuditColumns & {
  id: string;
  tenantId: number;
  supplierId: string;
  materialId: string;
  orgCode: string;
  currency: string;
  unitPrice: string;
  taxRate: string;
  /** JSON [{fromQty, unitPrice}] (MAT-5). */
  ladder: string | null;
  validFrom: string;
  validTo: string;
  /** AWARD, CONTRACT or MANUAL. */
  sourceType: string;
  sourceId: string | null;
  /** ACTIVE, EXPIRED or SUPERSEDED. */
  status: string;
  remark: string | null;
};

/** The source list (货源清单, §3 SupplierMaterial; migration 0041): unique per tenant, supplier and material. */
export type SupplierMaterialTable = AuditColumns & {
  id: string;
  tenantId: number;
  supplierId: string;
  materialId: string;
  supplierPartNo: string | null;
  /** Decimal string; null: no minimum. */
  minOrderQty: string | null;
  leadTimeDays: number | null;
  /** ACTIVE or BLOCKED. */
  status: string;
  blockReason: string | null;
  blockedBy: string | null;
  blockedAt: string | null;
  remark: string | null;
};

export type SrmPurchaseSettingTable = {
  id: string;
  tenantId: number;
  settingKey: string;
  valueType: string;
  settingValue: string;
  updatedBy: string | null;
  updatedAt: string;
};
export type SrmPurchaseSettingLogTable = {
  id: string;
  tenantId: number;
  settingKey: string;
  oldValue: string | null;
  newValue: string;
  changedBy: string;
  changedAt: string;
};

/** 计量单位 (migration 0053); the table serves the dictionary `srm_unit`. */
export type SrmUnitOfMeasureTable = AuditColumns & {
  id: string;
  code: string;
  name: string;
  sortNo: number;
  /** ACTIVE or INACTIVE. */
  status: string;
  remark: string | null;
};

export type MaterialTables = {
  srmUnitOfMeasure: SrmUnitOfMeasureTable;
  srmMaterialCategory: SrmMaterialCategoryTable;
  srmTaxRate: SrmTaxRateTable;
  srmMaterial: SrmMaterialTable;
  srmPriceRecord: SrmPriceRecordTable;
  supplierMaterial: SupplierMaterialTable;
  srmPurchaseSetting: SrmPurchaseSettingTable;
  srmPurchaseSettingLog: SrmPurchaseSettingLogTable;
};
