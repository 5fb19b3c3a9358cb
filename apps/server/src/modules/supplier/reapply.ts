import type { SessionUser } from '../../core/access.js';
import { businessError, notFound } from '../../core/errors.js';
import { businessDay, serverNow, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { notifyUsers } from '../announcements/notify.js';
import { internalUsersWith, logStatusChange } from './status-log.js';
import { noticeHtml } from '../../core/sanitize.js';

/** Category standings an elimination leaves behind that a new admission must earn again. */
const ADMITTED = ['QUALIFIED', 'TRIAL', 'SUSPENDED'];

/**
 * SST-4: an ELIMINATED supplier applies again. Refused until `supplier.reapplyCoolingDays`
 * have passed since the elimination (its status-log row); then the company goes back to
 * PENDING_REVIEW with its information submitted, so the buyer approves or returns it as on
 * first registration (§4.2 step 5). Nothing is deleted: the categories it held are TERMINATED
 * (logged) so each is admitted again through a review, and the whole history stays.
 */
export async function reapplyAfterElimination(
  db: Db,
  user: SessionUser,
  supplierId: string,
  note: string,
  now = serverNow(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const s = await trx
      .selectFrom('supplier')
      .select(['id', 'name', 'status', 'tenantId'])
      .where('id', '=', supplierId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!s) throw notFound('供应商不存在');
    if (s.status !== 'ELIMINATED') {
      const text = await trx
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as d', 'd.id', 'i.dictId')
        // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
        .where('d.tenantId', '=', 0)
        .select('i.itemText')
        .where('d.dictCode', '=', 'srm_supplier_status')
        .where('i.itemValue', '=', s.status)
        .executeTakeFirst();
      throw businessError(`供应商当前状态为“${text?.itemText ?? s.status}”，只有已淘汰的供应商可以重新申请准入`);
    }
    const eliminated = await trx
      .selectFrom('supplierStatusLog')
      .select('at')
      .where('supplierId', '=', s.id)
      .where('scope', '=', 'COMPANY')
      .where('toStatus', '=', 'ELIMINATED')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const coolingDays = await purchaseSetting<number>(trx, s.tenantId, 'supplier.reapplyCoolingDays');
    // Counted in business days (GMT+8) from the elimination day; without a log row there is nothing to wait for.
    if (eliminated) {
      const allowedFrom = businessDay(new Date(eliminated.at), coolingDays);
      if (businessDay(now) < allowedFrom)
        throw businessError(`淘汰后须满${coolingDays}天方可重新申请准入，请于${allowedFrom}起再申请`);
    }
    const at = serverNowIso();
    const done = await trx
      .updateTable('supplier')
      .set({
        status: 'PENDING_REVIEW',
        infoStatus: 'SUBMITTED',
        resumeStatus: null,
        returnComments: null,
        updateBy: user.username,
        updateTime: at,
      })
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', s.id)
      .where('status', '=', 'ELIMINATED')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw businessError('供应商状态已被他人修改，请刷新后重试');
    const actor = {
      supplierId: s.id,
      actorId: user.id,
      actorKind: 'SUPPLIER' as const,
      sourceDocType: 'REAPPLICATION',
      sourceDocId: s.id,
    };
    await logStatusChange(trx, {
      ...actor,
      from: 'ELIMINATED',
      to: 'PENDING_REVIEW',
      reason: note ? `淘汰后重新申请准入：${note}` : '淘汰后重新申请准入',
    });
    const held = await trx
      .selectFrom('supplierCategory')
      .select(['id', 'categoryCode', 'status'])
      .where('supplierId', '=', s.id)
      .where('status', 'in', ADMITTED)
      .execute();
    for (const c of held) {
      await trx
        .updateTable('supplierCategory')
        .set({ status: 'TERMINATED', updateTime: at })
        .where('id', '=', c.id)
        .execute();
      await logStatusChange(trx, {
        ...actor,
        categoryCode: c.categoryCode,
        from: c.status,
        to: 'TERMINATED',
        reason: '淘汰后重新申请准入，品类须重新评审',
      });
    }
    await notifyUsers(trx, {
      userIds: await internalUsersWith(trx, 'supplier:review'),
      title: `供应商重新申请准入：${s.name}`,
      content: noticeHtml`<p>已淘汰的供应商 ${s.name} 重新申请准入，请审核其企业信息。${note ? `申请说明：${note}` : ''}</p>`,
      busType: 'supplier',
      busId: s.id,
      openType: 'url',
      openPage: '/srm/supplier/list',
    });
    return '重新申请已提交，等待采购方审核';
  });
}
