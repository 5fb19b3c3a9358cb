import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sourcingLogDef } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { id } from '../../http/wire.js';
import { documentFamilyLog } from '../../workflow/doc-log.js';
import { actorOf, eventFor } from './sourcing-service.js';

/**
 * Inquiries, tenders and auctions keep their own screens and status rules, but every status
 * change of an event and of its documents goes into the one status log and the tenant's audit
 * chain (issue 17) through `writeDocLog`, as the platform documents' transitions do. How the rows
 * are named (types, states, action texts) is in @procura/shared (sourcing-log.ts).
 */

/** An event's status log with its documents', oldest first (`…/logs?id=`; the caller has checked the actor sees it). */
export function eventLog(db: Db, event: { id: string; type: string }) {
  return documentFamilyLog(db, sourcingLogDef(event.type, 'EVENT'), event.id);
}

/** Where each sourcing type's log is read, with the permission of its list (null: any type, the RFQ screens' path). */
const LOG_ROUTES = [
  { url: '/srm/sourcing/event/logs', permission: 'srm:sourcing:list', type: null, missing: '寻源单不存在' },
  { url: '/srm/tender/logs', permission: 'srm:tender:list', type: 'TENDER', missing: '招标项目不存在' },
  { url: '/srm/auction/event/logs', permission: 'srm:auction:list', type: 'AUCTION', missing: '竞价单不存在' },
] as const;

/** `GET …/logs?id=`: the event's status log with its documents', as the platform documents' `/logs`. */
export const sourcingLogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const route of LOG_ROUTES)
      app.get(
        route.url,
        {
          schema: {
            tags: ['寻源（采购方）'],
            summary: '状态日志（含参与、应答、定标）',
            querystring: z.object({ id }),
          },
          config: { access: { permission: route.permission }, internalOnly: true },
        },
        async (request) => {
          const event = await eventFor(ctx.db, actorOf(request), request.query.id);
          if (route.type && event.type !== route.type) throw notFound(route.missing);
          return ok(await eventLog(ctx.db, event));
        },
      );
  };
