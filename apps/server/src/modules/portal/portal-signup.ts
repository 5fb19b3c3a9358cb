import type { Actor, SessionUser } from '../../core/access.js';
import { serverNow } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { joinBySignup } from '../sourcing/signup.js';
import { supplierEligibility } from '../supplier/index.js';
import { signupOpen, type AnnouncementWithEvent } from './portal-projection.js';
import { purchaseById } from './portal-view-queries.js';

/** How the portal's sign-up names an excluding company status to the supplier itself (the status dictionary's words). */
const EXCLUDED_WORD: Record<string, string> = { FROZEN: '冻结', BLACKLISTED: '黑名单', ELIMINATED: '淘汰' };

/**
 * Why the signed-in user's company may not sign up for anything now, or null (X-15, QLF-3):
 * what the sign-up refuses before the event, so the 报名 button can say it instead of failing.
 */
export async function signupRefusal(db: Db, user: SessionUser, at: Date): Promise<string | null> {
  if (user.userType !== 2 || !user.supplierId) return '仅供应商用户可以报名';
  const supplier = await db
    .selectFrom('supplier')
    .select(['id', 'status', 'infoStatus'])
    .where('id', '=', user.supplierId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!supplier) return '仅供应商用户可以报名';
  // X-15, and QLF-3: an expired mandatory qualification refuses too (by date, not by the job's status, X-2).
  const refusal = await supplierEligibility(db, supplier.id, { purpose: 'signup', at });
  if (refusal?.reason === 'EXCLUDED') return `供应商已被${EXCLUDED_WORD[supplier.status]}，不能报名`;
  if (supplier.status === 'REGISTERED' || supplier.infoStatus === 'INCOMPLETE' || supplier.infoStatus === 'RETURNED')
    return '请先完善企业信息后再报名';
  if (refusal?.reason === 'NOT_ADMITTED') return SIGNUP_AFTER_ADMISSION;
  if (refusal?.reason === 'QUALIFICATION_EXPIRED') return '必备资质已过期，不能报名，请先更新资质';
  return null;
}

/** A supplier whose admission review is still pending may not sign up yet (§4.2 step 4, X-15). */
export const SIGNUP_AFTER_ADMISSION = '供应商准入审核通过后方可报名';

/**
 * The portal's sign-up (报名, SRC-4): a supplier user, inside the sign-up window on the server
 * clock, eligible (X-15, QLF-3) and with its company information complete, signs up once;
 * for a sourcing event that is its participation in the event.
 */
export async function signUp(
  db: Db,
  user: SessionUser,
  actor: Actor,
  id: string,
): Promise<{ announcement: AnnouncementWithEvent; supplierId: string }> {
  if (user.userType !== 2 || !user.supplierId) throw businessError('仅供应商用户可以报名');
  const a = await purchaseById(db, id);
  // the sign-up window on the server clock, as the back office's sign-up (SRC-4).
  const now = serverNow().getTime();
  if (!signupOpen(a, now)) throw businessError('不在报名时间内');
  const refusal = await signupRefusal(db, user, new Date(now));
  if (refusal) throw businessError(refusal);
  const supplier = { id: user.supplierId };
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .insertInto('portalSignup')
      .values({
        id: newId(),
        announcementId: a.id,
        sourcingEventId: a.sourcingEventId,
        supplierId: supplier.id,
        userId: user.id,
        status: 'SIGNED_UP',
        createTime: new Date(now).toISOString(),
      })
      .onConflict((oc) => oc.columns(['announcementId', 'supplierId']).doNothing())
      .executeTakeFirst();
    if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) throw businessError('您已报名');
    // SRC-4: the sign-up of a sourcing event is the supplier's participation in it.
    if (a.sourcingEventId) await joinBySignup(trx, actor, a.sourcingEventId, supplier.id);
  });
  return { announcement: a, supplierId: supplier.id };
}
