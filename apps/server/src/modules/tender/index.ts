/**
 * Tenders (招标, domain §11) on the one sourcing event model (`sourcing_event.type = TENDER`,
 * migration 0043) with their own tables of migration 0046 (`tender-tables.ts`).
 *
 *   buyer    GET  /srm/tender/list | queryById
 *            POST /srm/tender/add, PUT /srm/tender/edit     draft + TenderSettings (§11.1), code TND-…
 *            POST /srm/tender/invite                        INVITED_TENDER (SRC-3)
 *            POST /srm/tender/submit                        TND-1/2/22, weights, officers → approval (X-10, TENDER_PUBLISH)
 *            POST /srm/tender/publish                       APPROVED → PUBLISHED; OPEN_TENDER → portal announcement
 *   supplier GET  /srm/tender/supplier/open-list, POST /srm/tender/supplier/signup (SRC-4)
 *            POST /srm/tender/supplier/accept               invited tenders
 *            POST /srm/tender/supplier/bid/submit | withdraw  sealed technical + commercial envelopes, receipt (P3, TND-6/7)
 *   officers POST /srm/tender/open                          TND-8 (409 before the deadline), TND-9 (< 3 bids → FAILED
 *                                                            INSUFFICIENT_BIDS, portal 已流标), quorum of named officers (P2);
 *                                                            two envelopes: TECHNICAL first
 *            POST /srm/tender/open-commercial               COMMERCIAL of bids not REJECTED (the evaluation rejects them)
 *   bidders  GET  /srm/tender/supplier/opening-record, POST …/opening-record/confirm (TND-10)
 *   buyer    GET  /srm/tender/bids | bid                    after opening only; superseded / withdrawn versions 404 (P5)
 *            POST /srm/tender/clone                         FAILED → new draft with previousEventId (TND-24)
 *            GET  /srm/tender/audit/list | audit/verify     the tender's entries of the tenant's audit chain (P4); `appendTenderEvent` is exported
 *
 * For the evaluation (modules/tender-evaluation): an opened tender has its effective bids
 * OPENED; with one envelope their prices are plain at once, with two only after
 * `open-commercial` (`tender_bid.commercial_opened_at`); the opening records are in
 * `tender_opening_record` (per envelope) and, once prices are plain, `sourcing_opening_record`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { bidRoutes } from './bid-routes.js';
import { tenderRoutes } from './tender-routes.js';

export { appendTenderEvent, verifyTenderAudit } from './audit.js';
export { tenderFor } from './tender-service.js';

export const tenderModuleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(tenderRoutes(ctx));
    await app.register(bidRoutes(ctx));
  };
