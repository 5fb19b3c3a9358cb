import type { Db } from '../../db/database.js';
import { toWireDateTime } from '../../core/clock.js';
import { eventFor, type Actor } from '../sourcing/sourcing-service.js';
import { eventDetail } from '../sourcing/event-detail.js';
import { type AuctionRules } from './bid-rules.js';
import { lotResult } from './auction-award.js';
import { AuctionService } from './auction-service.js';

/* Reads of auctions: the buyer's detail with live lot states, and the supplier's lots. */

/** What a bidder may know of a lot's rules before and during the auction (§12.4): never the reserve price. */
export const publicRules = (r: AuctionRules) => ({
  biddingTarget: r.biddingTarget,
  startPrice: r.startPrice,
  decrementMode: r.decrementMode,
  decrementValue: r.decrementValue,
  bidRule: r.bidRule,
  tieRule: r.tieRule,
  maxBidsPerSupplier: r.maxBidsPerSupplier,
  confirmDropPct: r.confirmDropPct,
  startAt: r.startAt,
  endAt: r.endAt,
  overtimeEnabled: r.overtimeEnabled,
  overtimeWindowMin: r.overtimeWindowMin,
  overtimeExtendMin: r.overtimeExtendMin,
  maxExtensions: r.maxExtensions,
  supplierView: r.supplierView,
  pricePrecision: r.pricePrecision,
});

/** The buyer's detail of an auction: the event and each lot's rules, live state and result once ended. */
export async function auctionDetail(db: Db, service: AuctionService, actor: Actor, eventId: string) {
  const lots = await db
    .selectFrom('sourcingLot as l')
    .innerJoin('auctionLotState as s', 's.lotId', 'l.id')
    .select(['l.id', 'l.lotNo', 'l.name', 'l.rules', 's.status', 's.currentEndAt', 's.extensionsUsed', 's.bestPrice'])
    .where('l.eventId', '=', eventId)
    .orderBy('l.lotNo')
    .execute();
  const withResult = [];
  for (const l of lots) {
    const rules = JSON.parse(l.rules ?? '{}') as AuctionRules;
    // A read closes a lot whose end has passed (AUC-11), so the detail never shows a stale RUNNING.
    const { snapshot } = await service.read(actor, l.id);
    const { state } = snapshot;
    const ended = state.status === 'CLOSED' || state.status === 'FAILED';
    // The lazy close above may have just recorded the previous price (AUC-17).
    const { previousPrice } = await db
      .selectFrom('auctionLotState')
      .select('previousPrice')
      .where('lotId', '=', l.id)
      .executeTakeFirstOrThrow();
    withResult.push({
      ...l,
      status: state.status,
      currentEndAt: state.currentEndAt,
      extensionsUsed: state.extensionsUsed,
      bestPrice: state.bestPrice,
      rules,
      result: ended ? lotResult(rules, state, snapshot.bids, previousPrice) : null,
    });
  }
  // Re-read the event: the lazy close may have moved it (EVALUATING / FAILED).
  return {
    ...(await eventDetail(db, await eventFor(db, actor, eventId))),
    lots: withResult,
  };
}

/** The supplier's auction lots with the public rules (never the reserve price) and its outcome once FINAL. */
export async function supplierAuctionLots(db: Db, supplierId: string) {
  const rows = await db
    .selectFrom('sourcingParticipation as p')
    .innerJoin('sourcingEvent as e', 'e.id', 'p.eventId')
    .innerJoin('sourcingLot as l', 'l.eventId', 'e.id')
    .innerJoin('auctionLotState as s', 's.lotId', 'l.id')
    .select([
      'e.id as eventId',
      'e.code',
      'e.title',
      'e.status as eventStatus',
      'e.failReason',
      'e.currency',
      'p.status as participationStatus',
      'l.id as lotId',
      'l.name as lotName',
      'l.rules',
      's.status',
      's.currentEndAt',
      's.extensionsUsed',
    ])
    .where('p.supplierId', '=', supplierId)
    .where('e.type', '=', 'AUCTION')
    .where('e.status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
    .orderBy('e.createTime', 'desc')
    .orderBy('l.lotNo')
    .execute();
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const lines = rows.length
    ? await db
        .selectFrom('sourcingLine')
        .select(['id', 'lotId', 'lineNo', 'materialName', 'spec', 'qty', 'unit'])
        .where('eventId', 'in', eventIds)
        .orderBy('lineNo')
        .execute()
    : [];
  // Once the award is FINAL the supplier's own outcome, as its award / non-award notice told it (AWD-7).
  const outcomes = rows.length
    ? await db
        .selectFrom('sourcingResponse as r')
        .innerJoin('sourcingAward as a', (j) => j.onRef('a.eventId', '=', 'r.eventId').on('a.status', '=', 'FINAL'))
        .select(['r.eventId', 'r.status', 'a.noticeIssuedAt'])
        .where('r.eventId', 'in', eventIds)
        .where('r.supplierId', '=', supplierId)
        .where('r.status', 'in', ['AWARDED', 'NOT_AWARDED'])
        .execute()
    : [];
  return rows.map(({ rules, failReason, ...r }) => {
    const outcome = outcomes.find((o) => o.eventId === r.eventId);
    return {
      ...r,
      rules: publicRules(JSON.parse(rules ?? '{}') as AuctionRules),
      lines: lines.filter((l) => l.lotId === r.lotId),
      outcome: (outcome?.status ?? null) as 'AWARDED' | 'NOT_AWARDED' | null,
      noticeIssuedAt: toWireDateTime(outcome?.noticeIssuedAt ?? null),
      failReason: r.eventStatus === 'FAILED' ? failReason : null,
    };
  });
}
