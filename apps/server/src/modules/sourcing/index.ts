/**
 * Sourcing (domain §9 common part, §10 RFQ, §13 award, §23 portal) — server side.
 *
 * One event model for the three sourcing types (`sourcing_event.type` TENDER / RFQ / AUCTION,
 * migration 0043, types in `sourcing-tables.ts`); lots (`sourcing_lot`, generic: an RFQ
 * has one implicit lot, auctions keep their rule block in `rules`), lines, participations
 * (one per event and supplier), clarifications, responses with versions, opening records,
 * awards and award lines, and a state log of every transition.
 *
 * RFQ flow (routes; buyer ones need `srm:sourcing:*` and are internal only, supplier ones
 * `srm:sourcing:supplier` and are bound to the user's own supplier):
 *
 *   buyer    POST /srm/sourcing/event/add            draft with lines (code RFQ-yyyyMMdd-NNNN)
 *            PUT  /srm/sourcing/event/edit           draft only, optimistic `version`
 *            POST /srm/sourcing/event/invite         SRC-3 eligibility, RFQ-3 no duplicates
 *            POST /srm/sourcing/event/uninvite       draft only
 *            POST /srm/sourcing/event/publish        SRC-1, RFQ-1; PUBLIC → portal purchase announcement
 *   supplier POST /srm/sourcing/supplier/event/accept | decline
 *            POST /srm/sourcing/supplier/quote/submit    sealed (AES-256-GCM), receipt = server time + SHA-256
 *            POST /srm/sourcing/supplier/quote/withdraw  before the deadline
 *   buyer    POST /srm/sourcing/event/extend         SRC-2 (only later, before the deadline; or from INSUFFICIENT)
 *            POST /srm/sourcing/event/open           RFQ-5 (now ≥ deadline), RFQ-7 → INSUFFICIENT
 *            POST /srm/sourcing/event/continue | fail   INSUFFICIENT handling (continue is the manager's)
 *            GET  /srm/sourcing/event/matrix         comparison matrix + version history (after opening)
 *            POST /srm/sourcing/award/save           recommendation (RFQ-10/11, AWD-2/3)
 *            POST /srm/sourcing/award/submit         approval engine doc type SOURCING_AWARD (AWD-4);
 *                                                    FINAL: price records, AWARDED / NOT_AWARDED,
 *                                                    winner and non-winner notices (AWD-7), portal result
 *            GET  /srm/sourcing/event/logs           status log (sys_doc_log, issue 17; tender and auction: /srm/tender/logs,
 *                                                    /srm/auction/event/logs), see sourcing-log.ts
 *            POST /srm/sourcing/event/cancel         SRC-10 (after publish: `srm:sourcing:cancelPublished`)
 *   both     clarifications (SRC-9): clarification.ts; requisition → RFQ (PR-3, PR-7): from-requisition.ts
 *
 * Time: every deadline check reads `core/clock.ts serverNow()`; tests move it with
 * `setTestClockOffset` when started with TEST_CLOCK=true (refused in production).
 * Sealing: `sealing.ts` — plain price columns stay null until `open` (§9.4); the master key is
 * never in the database. Nothing of a sealed quote is readable by anyone, the supplier
 * included, before opening: the supplier sees its receipts only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { awardRoutes } from './award.js';
import { clarificationRoutes } from './clarification.js';
import { fromRequisitionRoutes } from './from-requisition.js';
import { eventRoutes } from './event-routes.js';
import { responseRoutes } from './response-routes.js';
import { sourcingLogRoutes } from './sourcing-log.js';

export const sourcingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(eventRoutes(ctx));
    await app.register(responseRoutes(ctx));
    await app.register(awardRoutes(ctx));
    await app.register(clarificationRoutes(ctx));
    await app.register(fromRequisitionRoutes(ctx));
    await app.register(sourcingLogRoutes(ctx));
  };

export {
  awardedLines,
  awardRemaining,
  contractAwardLines,
  finalAward,
  orderAwardLines,
  uncontractAwardLines,
  unorderAwardLines,
  type AwardedLine,
} from './award-ledger.js';
