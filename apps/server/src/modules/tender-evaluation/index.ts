/**
 * Tender evaluation and award (domain §11 after opening, §13 for tenders, §23 results) — server side.
 * Tables: migration 0047 (`tender-evaluation-tables.ts`); awards reuse `sourcing_award`.
 * Pure ranking: `scoring.ts` (TND-13, exact decimals). Permissions: `srm:tenderEval:setup`
 * (buyer: method, criteria, committee, report), `srm:tenderEval:score` (committee members, who
 * also need a seat on the event's committee), `srm:tenderEval:award` (buyer: award, publicity,
 * objections), `srm:sourcing:supplier` (bidders).
 *
 *   buyer    POST /srm/tender/evaluation/setup            method, price formula, publicity days, mustAwardRank1, criteria
 *            GET  /srm/tender/evaluation/setup
 *            POST /srm/tender/evaluation/committee        TND-11 (≥ 5, odd, ≥ 2/3 experts, one chair, no link to a bidder)
 *            GET  /srm/tender/evaluation/committee
 *            GET  /srm/tender/evaluation/committee/candidates  internal users to pick, experts first, marked expert / linked to a bidder
 *            GET  /srm/tender/evaluation/report
 *   member   GET  /srm/tender/evaluation/my               my committee seats
 *            POST /srm/tender/evaluation/declare          no conflict of interest, before seeing bids (TND-11)
 *            GET  /srm/tender/evaluation/bids             opened bids (after the declaration; P5)
 *            POST /srm/tender/evaluation/score/submit     all MANUAL and PASS_FAIL items of every valid bid at once (TND-12)
 *            GET  /srm/tender/evaluation/scores           others' scores only after submitting one's own (TND-12)
 *            POST /srm/tender/evaluation/reject           chair: reject a bid with a reason (TND-14); all rejected → FAILED ALL_REJECTED (TND-24)
 *            POST /srm/tender/evaluation/report/generate  chair: ranking (TND-13) and ≤ 3 candidates (TND-16)
 *            POST /srm/tender/evaluation/report/sign      SIGNED when every member signed
 *            GET  /srm/tender/evaluation/member/report
 *   buyer    POST /srm/tender/award/propose               rank 1 by default, TND-21, deviation reason; approval TENDER_AWARD (X-10)
 *            GET  /srm/tender/award                       award, candidates, objections, mustAwardRank1, report status (finalises lazily when due)
 *            POST /srm/tender/award/finalize              publicity over, no open objection → FINAL (TND-19, AWD-5/7)
 *            POST /srm/tender/objection/answer            all answered → back to PUBLISHED (TND-4) or PUBLICITY (TND-18)
 *   job      publicityFinalizerJob: every 10 minutes finalizeDueAwards (the same FINAL as above)
 *   bidder   POST /srm/tender/supplier/objection/add      DOCUMENTS: until 10 days before the deadline → event SUSPENDED (TND-4);
 *                                                         RESULT: during publicity → award SUSPENDED (TND-18)
 *            GET  /srm/tender/supplier/result             candidates in publicity, winner and committee names once FINAL
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { evaluationRoutes } from './evaluation-routes.js';
import { tenderAwardRoutes } from './tender-award.js';

export { finalizeIfDue, TENDER_AWARD_DOC_TYPE } from './tender-award.js';
export { finalizeDueAwards, publicityFinalizerJob } from './publicity-job.js';

export const tenderEvaluationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(evaluationRoutes(ctx));
    await app.register(tenderAwardRoutes(ctx));
  };
