import { contractWorkflow, CONTRACT_PAGE } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDay, serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { runTransition, type WorkflowRow } from '../../workflow/transition.js';
import { notifyUsers } from '../announcements/notify.js';
import type { JobDefinition } from '../jobs/index.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { internalUsersWith } from '../supplier/status-log.js';

/** Who besides the award's buyer receives the CON-3 overdue warning (the purchasing manager). */
export const OVERDUE_NOTICE_PERMISSION = 'contract:overdueNotice';
const OVERDUE_KIND = 'NOT_ACTIVE_IN_TIME';
/** A contract of the award that has been in force counts as made in time (CON-3). */
const WAS_ACTIVE = ['ACTIVE', 'PENDING_TERMINATION', 'EXPIRED', 'TERMINATED', 'SUPERSEDED'];
const DAY_MS = 86_400_000;

/**
 * §15 ACTIVE ─validTo passed (SYS)─▶ EXPIRED: every ACTIVE contract whose last valid day is before
 * today's business day (server clock) expires through the workflow path (status log, audit
 * entry, the creator told). A contract another action moved meanwhile is left alone.
 */
export async function expireContracts(db: Db): Promise<number> {
  const due = await db
    .selectFrom('srmContract')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('validTo', '<', businessDay())
    .execute();
  let expired = 0;
  for (const { id } of due) {
    try {
      await runTransition<WorkflowRow, string>(db, contractWorkflow, {
        table: 'srmContract',
        id,
        action: 'expire',
        actor: null,
      });
      expired += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return expired;
}

/**
 * CON-3 (TND-20): for each final tender award whose award notice is older than
 * `tender.contractWithinDays` (the tenant's setting), each awarded supplier without a contract of
 * the award that has been ACTIVE raises one warning to the award's buyer and the holders of
 * `contract:overdueNotice` (the warning row is written first: a second or concurrent run sends
 * nothing). Returns how many warnings were sent.
 */
export async function warnOverdueContracts(db: Db): Promise<number> {
  const awards = await db
    .selectFrom('sourcingAward as a')
    .innerJoin('sourcingEvent as e', 'e.id', 'a.eventId')
    .select(['a.id', 'a.tenantId', 'a.code', 'a.noticeIssuedAt', 'a.recommendedBy', 'e.title'])
    .where('e.type', '=', 'TENDER')
    .where('a.status', '=', 'FINAL')
    .where('a.noticeIssuedAt', 'is not', null)
    .execute();
  const now = serverNow().getTime();
  const days = new Map<number, number>();
  let sent = 0;
  for (const award of awards) {
    if (!days.has(award.tenantId))
      days.set(award.tenantId, Number(await purchaseSetting(db, award.tenantId, 'tender.contractWithinDays')));
    const within = days.get(award.tenantId)!;
    if (Date.parse(award.noticeIssuedAt!) + within * DAY_MS > now) continue;
    const suppliers = await db
      .selectFrom('sourcingAwardLine')
      .select(['supplierId', 'supplierName'])
      .distinct()
      .where('awardId', '=', award.id)
      .execute();
    for (const supplier of suppliers) {
      sent += await db.transaction().execute(async (trx) => {
        const made = await trx
          .selectFrom('srmContract')
          .select('id')
          .where('sourceAwardId', '=', award.id)
          .where('supplierId', '=', supplier.supplierId)
          .where('status', 'in', WAS_ACTIVE)
          .executeTakeFirst();
        if (made) return 0;
        const marked = await trx
          .insertInto('srmContractWarning')
          .values({
            id: newId(),
            tenantId: award.tenantId,
            awardId: award.id,
            supplierId: supplier.supplierId,
            kind: OVERDUE_KIND,
            sentAt: serverNowIso(),
          })
          .onConflict((oc) => oc.columns(['awardId', 'supplierId', 'kind']).doNothing())
          .executeTakeFirst();
        if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
        const managers = await internalUsersWith(trx, OVERDUE_NOTICE_PERMISSION);
        await notifyUsers(trx, {
          userIds: [award.recommendedBy, ...managers],
          title: `中标合同逾期未生效：${award.code}`,
          content: noticeHtml`<p>招标「${award.title}」的中标通知书已于 ${toWireDateTime(award.noticeIssuedAt) ?? ''} 发出，与中标人 ${supplier.supplierName} 的合同超过 ${String(within)} 天仍未生效（CON-3），请尽快签订合同。</p>`,
          priority: 'H',
          busType: 'CONTRACT_OVERDUE',
          busId: award.id,
          openType: 'url',
          openPage: CONTRACT_PAGE,
        });
        return 1;
      });
    }
  }
  return sent;
}

/**
 * The contracts' job on the one scheduler: expiry and the CON-3 overdue warning, first a minute
 * after start, then every hour (both read the server clock; a warning is sent once whatever the runs).
 */
export function contractLifecycleJob(ctx: AppContext): JobDefinition {
  return {
    name: 'contract.lifecycle',
    label: '合同到期与逾期未生效提醒',
    schedule: { firstRunAfterMs: 60_000, everyMs: 60 * 60_000 },
    run: async () => ({ expired: await expireContracts(ctx.db), warned: await warnOverdueContracts(ctx.db) }),
  };
}
