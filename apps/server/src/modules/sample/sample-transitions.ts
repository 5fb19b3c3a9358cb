import { sampleWorkflow, type SampleAction } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { SrmSampleRequestTable } from './sample-tables.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { notifyUsers } from '../announcements/notify.js';
import { workflowRowFor } from '../../workflow/transition.js';
import { noticeHtml } from '../../core/sanitize.js';

export type SampleRow = SrmSampleRequestTable;
export type { Actor };

/**
 * The request the actor may act on: internal users within their tenant, a supplier user only
 * its own supplier's sent requests (X-5); anything else is simply not there.
 */
export const sampleFor = (db: Db, actor: Actor, id: string): Promise<SampleRow> =>
  workflowRowFor<SampleRow>(db, sampleWorkflow, 'srmSampleRequest', actor, id);

/** Refuses a supplier that is frozen, blacklisted or eliminated (X-15). */
export async function assertSupplierEligible(trx: Db, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'sample' });
  if (refusal) throw businessError(refusalText(refusal, '送样', 'X-15'));
}

/** The active users of a supplier: who gets its notices. */
async function supplierUsers(trx: Db, supplierId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** In-app notices of §7 (X-12): the supplier on a new or decided request, the requesting buyer on the supplier's moves. */
export async function notifySample(trx: Db, row: SampleRow, action: SampleAction, detail = ''): Promise<void> {
  const what = `${row.code} ${row.materialName}`;
  const body = noticeHtml`<p>${what}${detail ? `：${detail}` : ''}</p>`;
  const toSupplier = async (title: string) =>
    notifyUsers(trx, {
      userIds: await supplierUsers(trx, row.supplierId),
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/my-samples',
    });
  const toBuyer = (title: string) =>
    notifyUsers(trx, {
      userIds: [row.requesterId],
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/sample',
    });
  if (action === 'send') await toSupplier(`新的送样申请，请于${row.requiredBy}前送样`);
  else if (action === 'cancel' && row.status !== 'DRAFT') await toSupplier('送样申请已取消');
  else if (action === 'test') await toSupplier('样品测试结果已出');
  else if (action === 'confirm') await toBuyer('供应商已确认送样');
  else if (action === 'refuse') await toBuyer('供应商拒绝送样');
  else if (action === 'ship') await toBuyer('供应商已寄出样品');
}
