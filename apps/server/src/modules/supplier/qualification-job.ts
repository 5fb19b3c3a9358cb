import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** How often the expiry job runs (QLF-3 is daily; more often only re-checks the same dates). */
const EVERY_MS = 6 * 3600_000;
/** The first run waits a little: startup (and a test suite's own clock) come first. */
const FIRST_RUN_MS = 60_000;

/**
 * Starts the qualification expiry job with the server and stops it with the server. Tests
 * call `ctx.qualifications.runExpiryJob(clock)` directly with their own clock.
 */
export function scheduleQualificationExpiry(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const done = await ctx.qualifications.runExpiryJob(new Date());
      if (done.expiring + done.expired + done.notices > 0)
        app.log.info({ event: 'qualification.expiry', ...done }, 'qualification expiry job');
    } catch (error) {
      app.log.error({ err: error, event: 'qualification.expiry' }, 'qualification expiry job failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function tick() {
      void run().finally(() => {
        timer = setTimeout(tick, EVERY_MS);
        timer.unref();
      });
    }, FIRST_RUN_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
