import type { AppContext } from '../../app-context.js';
import { serverNow, toWireDateTime } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { JobDefinition } from '../jobs/index.js';
import { notifySuppliers, TYPE_TEXT } from './sourcing-service.js';

/** How long before the response deadline participants that have not responded are reminded. */
export const REMINDER_HOURS = 24;

/** Participations that are still expected to respond. */
const WAITING = ['INVITED', 'ACCEPTED', 'APPROVED'];
/** A response that counts as an answer in the current round. */
const ANSWERED = ['SUBMITTED', 'OPENED', 'VALID'];

/**
 * Reminds every participant without a submitted response of a published RFQ or tender whose
 * response deadline is within `hours` from `now` (and not passed): one in-app notice per event
 * and participant, ever (the `sourcing_reminder` row is written first; a second run or a
 * concurrent one sends nothing). Returns how many reminders were sent.
 */
export async function runSourcingReminders(db: Db, now: Date, hours = REMINDER_HOURS): Promise<number> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + hours * 3600_000).toISOString();
  const events = await db
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('status', '=', 'PUBLISHED')
    .where('type', 'in', ['RFQ', 'TENDER'])
    .where('responseDeadline', '>', from)
    .where('responseDeadline', '<=', to)
    .execute();
  let sent = 0;
  for (const event of events) {
    sent += await db.transaction().execute(async (trx) => {
      const waiting = await trx
        .selectFrom('sourcingParticipation')
        .select('supplierId')
        .where('eventId', '=', event.id)
        .where('status', 'in', WAITING)
        .execute();
      const answered = new Set(
        (
          await trx
            .selectFrom('sourcingResponse')
            .select('supplierId')
            .where('eventId', '=', event.id)
            .where('round', '=', event.currentRound)
            .where('status', 'in', ANSWERED)
            .execute()
        ).map((r) => r.supplierId),
      );
      let n = 0;
      for (const p of waiting) {
        if (answered.has(p.supplierId)) continue;
        const done = await trx
          .insertInto('sourcingReminder')
          .values({
            id: newId(),
            eventId: event.id,
            supplierId: p.supplierId,
            kind: 'RESPONSE_DEADLINE',
            deadline: event.responseDeadline!,
            sentAt: from,
          })
          .onConflict((oc) => oc.columns(['eventId', 'supplierId', 'kind']).doNothing())
          .executeTakeFirst();
        if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) continue;
        const what = TYPE_TEXT[event.type] ?? '寻源';
        await notifySuppliers(
          trx,
          event,
          [p.supplierId],
          `${what}即将截止：${event.title}`,
          `响应截止时间 ${toWireDateTime(event.responseDeadline)}，贵公司尚未提交，请及时响应`,
        );
        n += 1;
      }
      return n;
    });
  }
  return sent;
}

/**
 * The reminder job on the scheduler: first run a minute after start, then every 15 minutes (a
 * reminder is sent once per event and participant whatever the runs).
 */
export function sourcingReminderJob(ctx: AppContext): JobDefinition {
  return {
    name: 'sourcing.responseReminders',
    label: '寻源响应截止提醒',
    schedule: { firstRunAfterMs: 60_000, everyMs: 15 * 60_000 },
    run: async () => ({ sent: await runSourcingReminders(ctx.db, serverNow()) }),
  };
}
