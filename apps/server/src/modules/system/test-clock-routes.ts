import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNow, setTestClockOffset } from '../../core/clock.js';
import { forbidden } from '../../core/errors.js';

/**
 * Tests only (TEST_CLOCK=true, which the configuration refuses in production): browser tests
 * move the server clock to a sourcing deadline instead of waiting for it (domain §25's test
 * clock). Registered only when the test clock is on, and only for the administrator.
 *
 *   GET /sys/test/clock   the server's time
 *   PUT /sys/test/clock   { offsetMs } from the real time
 */
export const testClockRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function testClock(app) {
    if (!ctx.config.testClock) return;
    const now = () => ({ now: serverNow().toISOString() });
    app.get(
      '/sys/test/clock',
      {
        schema: { tags: ['system'], summary: '测试用：服务器时间（仅 TEST_CLOCK=true）' },
        config: { access: 'authenticated' },
      },
      async () => ok(now()),
    );
    app.put(
      '/sys/test/clock',
      {
        schema: {
          tags: ['system'],
          summary: '测试用：移动服务器时钟（仅 TEST_CLOCK=true，管理员）',
          body: z.object({
            offsetMs: z
              .number()
              .int()
              .min(-366 * 86_400_000)
              .max(366 * 86_400_000),
          }),
        },
        config: { access: 'authenticated', internalOnly: true },
      },
      async (request) => {
        if (request.user?.username !== 'admin') throw forbidden();
        setTestClockOffset(request.body.offsetMs);
        return ok(now());
      },
    );
  };
