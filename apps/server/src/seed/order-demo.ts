import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';

/**
 * The demo's approval flow of purchase orders (PO-4, X-10), the defaults of §21
 * approval.po.thresholds as steps of 审批配置: every order goes to the purchasing manager, one
 * above 100 000 (incl. tax) to the director too. The demo's administrator role holds both.
 */
export async function seedOrderDemo(db: Db): Promise<void> {
  await db
    .insertInto('approvalDefinition')
    .values({
      id: newId(),
      tenantId: 0,
      docType: 'PURCHASE_ORDER',
      name: '采购订单审批',
      enabled: 1,
      steps: JSON.stringify([
        { name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
        { name: '采购总监审批', minAmount: '100000.01', approverType: 'ROLE', approverId: 'admin' },
      ]),
      ccUserIds: null,
      version: 1,
      createBy: 'system',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}
