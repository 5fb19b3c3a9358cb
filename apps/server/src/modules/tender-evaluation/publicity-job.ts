import type { AppContext } from '../../app-context.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { JobDefinition } from '../jobs/index.js';
import { finalizeIfDue } from './tender-award.js';

/** For the scheduled job: finalises every due tender award (server clock); how many became FINAL. */
export async function finalizeDueAwards(db: Db): Promise<number> {
  const due = await db
    .selectFrom('sourcingAward as a')
    .innerJoin('sourcingEvent as e', 'e.id', 'a.eventId')
    .select('a.eventId')
    .where('e.type', '=', 'TENDER')
    .where('a.status', '=', 'PUBLICITY')
    .where('a.publicityEndAt', '<=', serverNowIso())
    .execute();
  let done = 0;
  for (const d of due) if (await db.transaction().execute((trx) => finalizeIfDue(trx, d.eventId, null))) done += 1;
  return done;
}

/**
 * TND-19 / AWD-5: awards whose publicity is over become FINAL on the scheduler, first a minute
 * after start, then every 10 minutes; reads finalise lazily meanwhile.
 */
export function publicityFinalizerJob(ctx: AppContext): JobDefinition {
  return {
    name: 'tender.publicityFinalizer',
    label: '招标中标公示期满定标',
    schedule: { firstRunAfterMs: 60_000, everyMs: 10 * 60_000 },
    run: async () => ({ finalised: await finalizeDueAwards(ctx.db) }),
  };
}
