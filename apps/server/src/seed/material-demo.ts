import { newId } from '../core/ids.js';
import { businessDay, serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';
import { CodeRuleService } from '../modules/code-rules/code-rule-service.js';

const SEEDER = 'system';

/** [code, name, parent code, purchase type, supplier category (主营品类) for admission; children inherit it] */
const CATEGORIES: [string, string, string | null, string, string | null][] = [
  ['01', '原材料', null, 'GOODS', 'RAW_MATERIAL'],
  ['0101', '钢材', '01', 'GOODS', null],
  ['0102', '塑料粒子', '01', 'GOODS', null],
  ['02', '电子元器件', null, 'GOODS', 'ELECTRONICS'],
  ['0201', '电阻电容', '02', 'GOODS', null],
  ['0202', '连接器', '02', 'GOODS', null],
  ['03', '标准件', null, 'GOODS', 'MACHINERY'],
  ['0301', '紧固件', '03', 'GOODS', null],
  ['0302', '轴承', '03', 'GOODS', null],
  ['04', '包装材料', null, 'GOODS', 'PACKAGING'],
  ['05', '服务', null, 'SERVICES', null],
  ['0501', '物流运输', '05', 'SERVICES', 'LOGISTICS'],
];

const TAX_RATES: [string, string, string][] = [
  ['VAT13', '增值税13%', '13'],
  ['VAT9', '增值税9%', '9'],
  ['VAT6', '增值税6%', '6'],
  ['VAT3', '增值税3%（小规模）', '3'],
  ['VAT0', '免税', '0'],
];

/** [category, name, spec, unit, tax, inspection, bill control, status] */
const MATERIALS: [string, string, string, string, string, number, string, string][] = [
  ['0101', '冷轧钢板', 'SPCC 1.0×1250×2500', 'TON', '13', 1, 'RECEIVED', 'ACTIVE'],
  ['0101', '不锈钢圆棒', 'SUS304 Φ20', 'KG', '13', 1, 'RECEIVED', 'ACTIVE'],
  ['0102', 'ABS 塑料粒子', '通用级 757', 'KG', '13', 1, 'RECEIVED', 'ACTIVE'],
  ['0201', '贴片电阻', '0603 10kΩ ±1%', 'PCS', '13', 0, 'RECEIVED', 'ACTIVE'],
  ['0201', '电解电容', '470μF 25V', 'PCS', '13', 1, 'RECEIVED', 'ACTIVE'],
  ['0202', '端子连接器', '2.54mm 2×10P', 'PCS', '13', 0, 'RECEIVED', 'ACTIVE'],
  ['0301', '六角头螺栓', 'GB/T 5782 M8×30 8.8级', 'PCS', '13', 0, 'RECEIVED', 'ACTIVE'],
  ['0301', '平垫圈', 'GB/T 97.1 M8', 'PCS', '13', 0, 'RECEIVED', 'INACTIVE'],
  ['0302', '深沟球轴承', '6204-2RS', 'PCS', '13', 1, 'RECEIVED', 'ACTIVE'],
  ['0302', '圆锥滚子轴承', '30205', 'PCS', '13', 1, 'RECEIVED', 'DRAFT'],
  ['04', '五层瓦楞纸箱', '600×400×400', 'PCS', '13', 0, 'RECEIVED', 'ACTIVE'],
  ['0501', '整车运输服务', '上海—苏州 9.6米', 'TIME', '9', 0, 'ORDERED', 'ACTIVE'],
];

/**
 * The demo catalogue (domain §3): a two-level category tree, the usual VAT rates, a dozen
 * materials in every status, a few manual prices and source list rows of the approved supplier, and an approval
 * flow for material activation (approved by the administrator role).
 */
export async function seedMaterialDemo(db: Db, supplierId: string): Promise<void> {
  const now = serverNowIso();
  const audit = { createBy: SEEDER, createTime: now, updateBy: null, updateTime: null };
  const ids = new Map<string, string>();
  for (const [code, name, parent, categoryType, supplierCategory] of CATEGORIES) {
    const id = newId();
    ids.set(code, id);
    const isLeaf = CATEGORIES.some((c) => c[2] === code) ? 0 : 1;
    await db
      .insertInto('srmMaterialCategory')
      .values({
        id,
        tenantId: 0,
        code,
        name,
        parentId: parent ? ids.get(parent)! : null,
        level: parent ? 2 : 1,
        isLeaf,
        categoryType,
        supplierCategory,
        requiredQualificationTypes: null,
        defaultBuyerId: null,
        status: 'ACTIVE',
        sortNo: 0,
        remark: null,
        ...audit,
      })
      .execute();
  }
  for (const [code, name, rate] of TAX_RATES) {
    await db
      .insertInto('srmTaxRate')
      .values({ id: newId(), tenantId: 0, code, name, rate, status: 'ACTIVE', remark: null, ...audit })
      .execute();
  }
  const codes = new CodeRuleService(db);
  const priced: string[] = [];
  for (const [category, name, spec, unit, tax, inspection, billControl, status] of MATERIALS) {
    const id = newId();
    await db
      .insertInto('srmMaterial')
      .values({
        id,
        tenantId: 0,
        code: await codes.next('MAT', { tenantId: 0 }),
        name,
        spec,
        categoryId: ids.get(category)!,
        unit,
        defaultTaxRate: tax,
        billControl,
        inspectionRequired: inspection,
        overDeliveryPct: null,
        minShelfLifeDays: null,
        leadTimeDays: 15,
        status,
        drawings: null,
        remark: null,
        ...audit,
      })
      .execute();
    if (status === 'ACTIVE' && priced.length < 4) priced.push(id);
  }
  const year = businessDay().slice(0, 4);
  for (const [i, materialId] of priced.entries()) {
    await db
      .insertInto('srmPriceRecord')
      .values({
        id: newId(),
        tenantId: 0,
        supplierId,
        materialId,
        orgCode: '',
        currency: 'CNY',
        unitPrice: ['4850.00', '26.800000', '13.50', '0.012000'][i]!,
        taxRate: '13',
        ladder: null,
        validFrom: `${year}-01-01`,
        validTo: `${year}-12-31`,
        sourceType: 'MANUAL',
        sourceId: null,
        status: 'ACTIVE',
        remark: '年度框架价',
        ...audit,
      })
      .execute();
  }
  // The approved supplier's source list (§3 SupplierMaterial): its priced materials, the last one blocked.
  for (const [i, materialId] of priced.entries()) {
    const blocked = i === priced.length - 1;
    await db
      .insertInto('supplierMaterial')
      .values({
        id: newId(),
        tenantId: 0,
        supplierId,
        materialId,
        supplierPartNo: `HDJM-${String(i + 1).padStart(4, '0')}`,
        minOrderQty: ['1', '100', '50', '5000'][i] ?? null,
        leadTimeDays: [15, 7, 10, 20][i] ?? null,
        status: blocked ? 'BLOCKED' : 'ACTIVE',
        blockReason: blocked ? '来料批次质量问题，整改完成前暂停采购' : null,
        blockedBy: blocked ? SEEDER : null,
        blockedAt: blocked ? now : null,
        remark: null,
        ...audit,
      })
      .execute();
  }
  await db
    .insertInto('approvalDefinition')
    .values({
      id: newId(),
      tenantId: 0,
      docType: 'MATERIAL_ACTIVATION',
      name: '物料启用审批',
      enabled: 1,
      steps: JSON.stringify([{ name: '管理员审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }]),
      ccUserIds: null,
      version: 1,
      createBy: SEEDER,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
}
