import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';

/** Document types of the supplier lifecycle that wait for a manager (X-10, SST-1, §4.3). */
const MANAGER_APPROVED = [
  ['SUPPLIER_ADMISSION', '供应商品类准入审批'],
  ['SUPPLIER_ADMISSION_REVIEW', '供应商准入评审审批'],
  ['SUPPLIER_BLACKLIST', '供应商拉黑审批'],
  ['SUPPLIER_BLACKLIST_LIFT', '解除黑名单审批'],
  // CHG-3: controlled-field changes (name, USCC, legal person, bank account) need a manager.
  ['SUPPLIER_CHANGE', '供应商变更审批'],
] as const;

/**
 * The demo's supplier lifecycle: admissions, blacklists and lifts are approved by the
 * administrator role (the demo's purchasing manager), and the qualified demo suppliers hold
 * their two categories as QUALIFIED with the status-log rows that put them there.
 */
export async function seedSupplierDemo(db: Db, qualifiedSupplierIds: string[]): Promise<void> {
  const now = serverNowIso();
  for (const [docType, name] of MANAGER_APPROVED) {
    await db
      .insertInto('approvalDefinition')
      .values({
        id: newId(),
        tenantId: 0,
        docType,
        name,
        enabled: 1,
        steps: JSON.stringify([{ name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }]),
        ccUserIds: null,
        version: 1,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  // §5 approve(B): a change of non-critical facts only (contacts) is decided by a buyer.
  await db
    .insertInto('approvalDefinition')
    .values({
      id: newId(),
      tenantId: 0,
      docType: 'SUPPLIER_CHANGE_GENERAL',
      name: '供应商一般信息变更审批',
      enabled: 1,
      steps: JSON.stringify([{ name: '采购员审批', minAmount: null, approverType: 'ROLE', approverId: 'buyer' }]),
      ccUserIds: null,
      version: 1,
      createBy: 'system',
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  for (const qualifiedSupplierId of qualifiedSupplierIds) {
    for (const categoryCode of ['MACHINERY', 'RAW_MATERIAL']) {
      await db
        .insertInto('supplierCategory')
        .values({
          id: newId(),
          supplierId: qualifiedSupplierId,
          categoryCode,
          status: 'QUALIFIED',
          qualifiedAt: now,
          suspendedAt: null,
          sourceRequestId: null,
          createTime: now,
          updateTime: null,
        })
        .execute();
      await db
        .insertInto('supplierStatusLog')
        .values({
          id: newId(),
          supplierId: qualifiedSupplierId,
          scope: 'CATEGORY',
          categoryId: categoryCode,
          fromStatus: null,
          toStatus: 'QUALIFIED',
          reason: '初始化导入',
          sourceDocType: 'IMPORT',
          sourceDocId: null,
          actorId: null,
          actorKind: 'SYSTEM',
          at: now,
        })
        .execute();
    }
  }
}
