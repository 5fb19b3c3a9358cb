import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { invitableStatuses } from '../supplier/index.js';
import { eventFor, type Actor } from './sourcing-service.js';

/**
 * The suppliers an event's invite picker offers (SRC-3, X-15): of the event's tenant, in a
 * company status the event's participation setting admits, by code or name. The invite checks
 * each one again (categories, grades, qualifications); this only leaves out what can only fail.
 */
export async function inviteCandidates(db: Db, actor: Actor, eventId: string, keyword: string | undefined) {
  const event = await eventFor(db, actor, eventId);
  let q = db
    .selectFrom('supplier')
    .select(['id', 'code', 'name'])
    .where('tenantId', '=', event.tenantId)
    .where('delFlag', '=', 0)
    .where('status', 'in', invitableStatuses(event.eligibility));
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('code', 'like', pattern), eb('name', 'like', pattern)]));
  }
  return q.orderBy('code').limit(20).execute();
}
