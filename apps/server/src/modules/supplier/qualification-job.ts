import type { AppContext } from '../../app-context.js';
import { serverNow } from '../../core/clock.js';
import type { JobDefinition } from '../jobs/index.js';

/**
 * QLF-3: marks certificates expiring or expired, notifies, and suspends where the tenant says
 * so. The first run waits a minute (start-up, and a test suite's own clock, come first); then
 * every 6 hours (the rule is daily; more often only re-checks the same dates). Tests call
 * `ctx.qualifications.runExpiryJob(clock)` directly with their own clock.
 */
export function qualificationExpiryJob(ctx: AppContext): JobDefinition {
  return {
    name: 'supplier.qualificationExpiry',
    label: '供应商资质到期检查',
    schedule: { firstRunAfterMs: 60_000, everyMs: 6 * 3600_000 },
    run: async () => ctx.qualifications.runExpiryJob(serverNow()),
  };
}
