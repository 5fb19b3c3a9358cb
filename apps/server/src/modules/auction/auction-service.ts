import { serverNow, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { auctionLotTopic, type LiveHub } from '../../core/live-events.js';
import type { Db, DatabaseKind } from '../../db/database.js';
import type { AuctionBidTable, AuctionLotStateTable } from './auction-tables.js';
import { logState, supplierUsers, type Actor, type EventRow } from '../sourcing/sourcing-service.js';
import { notifyUsers } from '../announcements/notify.js';
import { settleClosedLot } from './auction-award.js';
import {
  closeLot,
  evaluateBid,
  type Admission,
  type AuctionLotState,
  type AuctionRules,
  type AuctionSnapshot,
  type BidAttempt,
  type BidDecision,
  type StoredBid,
  type Viewer,
} from './bid-rules.js';
import { noticeHtml } from '../../core/sanitize.js';

/**
 * The database side of a live auction lot (§12.2, §12.3). Every change of a lot (bid, start,
 * pause, resume, close, void, and the lazy close at the end) runs in ONE transaction that first
 * locks the lot's `auction_lot_state` row and then reads the time (X-1) and the stored bids:
 *
 * - PostgreSQL: `SELECT … FOR UPDATE` on the state row; a concurrent bid waits for the commit and
 *   then reads the committed bids (READ COMMITTED takes a new snapshot per statement).
 * - SQLite: Kysely's SqliteDriver owns ONE better-sqlite3 connection guarded by a mutex; a
 *   transaction holds that connection from BEGIN to COMMIT/ROLLBACK, and every other query of the
 *   process (other requests' transactions included) waits for it. So two bids can never
 *   interleave their read-modify-write; `FOR UPDATE` does not exist in SQLite and is not sent.
 *
 * After the commit the new snapshot is published on the hub (topic `auction.lot:<id>`); each
 * subscriber turns it into its own view with `visibleTo` (§12.4).
 */

/** In-app notices to bidders of an auction (X-12), opening 我的竞价. */
export async function notifyBidders(
  trx: Db,
  event: Pick<EventRow, 'id' | 'code' | 'title'>,
  supplierIds: readonly string[],
  title: string,
  detail = '',
): Promise<void> {
  await notifyUsers(trx, {
    userIds: await supplierUsers(trx, supplierIds),
    title,
    content: noticeHtml`<p>${`${event.code} ${event.title}`}${detail ? `：${detail}` : ''}</p>`,
    busType: 'auction',
    busId: event.id,
    openType: 'url',
    openPage: '/srm/my-auction',
  });
}

export type LotContext = {
  event: EventRow;
  lotId: string;
  rules: AuctionRules;
  state: AuctionLotState;
  bids: StoredBid[];
  /** The lot was closed lazily by this load (its end had passed). */
  closedNow: boolean;
  /** Set by the work when it changed the lot: only then is a snapshot published. */
  changed: boolean;
  now: Date;
};

const toState = (row: AuctionLotStateTable): AuctionLotState => ({
  lotId: row.lotId,
  status: row.status as AuctionLotState['status'],
  currentEndAt: row.currentEndAt,
  extensionsUsed: row.extensionsUsed,
  totalExtensionMs: Number(row.totalExtensionMs),
  lastSeq: row.lastSeq,
  bestPrice: row.bestPrice,
  bestSupplierId: row.bestSupplierId,
  pausedAt: row.pausedAt,
  pauseReason: row.pauseReason,
});

const toBid = (row: AuctionBidTable): StoredBid => ({
  seq: row.seq,
  supplierId: row.supplierId,
  price: row.price,
  receivedAt: row.receivedAt,
  status: row.status as StoredBid['status'],
  clientRequestId: row.clientRequestId,
  rankAfter: row.rankAfter,
  extendedEndAt: row.extendedEndAt,
});

export async function writeState(trx: Db, state: AuctionLotState, now: Date): Promise<void> {
  await trx
    .updateTable('auctionLotState')
    .set({
      status: state.status,
      currentEndAt: state.currentEndAt,
      extensionsUsed: state.extensionsUsed,
      totalExtensionMs: state.totalExtensionMs,
      lastSeq: state.lastSeq,
      bestPrice: state.bestPrice,
      bestSupplierId: state.bestSupplierId,
      pausedAt: state.pausedAt,
      pauseReason: state.pauseReason,
      updateTime: now.toISOString(),
    })
    .where('lotId', '=', state.lotId)
    .execute();
}

/** AUC-11: a RUNNING lot at or after its end is closed by the next read or bid. */
const dueToClose = (state: AuctionLotState, now: Date) =>
  state.status === 'RUNNING' && now.getTime() >= Date.parse(state.currentEndAt);

export class AuctionService {
  constructor(
    private readonly db: Db,
    private readonly kind: DatabaseKind,
    private readonly hub: LiveHub,
  ) {}

  /**
   * Locks the lot, reads the time, the rules and the bids, and closes the lot lazily when its end
   * has passed (AUC-11: any read or bid at/after `currentEndAt` sees it CLOSED). `who` limits
   * the lot to the buyer's tenant or to an event the supplier takes part in.
   */
  async load(trx: Db, actor: Actor, lotId: string, { lock = true }: { lock?: boolean } = {}): Promise<LotContext> {
    let query = trx.selectFrom('auctionLotState').selectAll().where('lotId', '=', lotId);
    if (lock && this.kind === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('竞价标段不存在');
    const now = serverNow();
    const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', row.eventId).executeTakeFirst();
    if (!event || event.type !== 'AUCTION') throw notFound('竞价标段不存在');
    if (actor.user.supplierId) {
      if (['DRAFT', 'PENDING_APPROVAL', 'APPROVED'].includes(event.status)) throw notFound('竞价标段不存在');
      const p = await trx
        .selectFrom('sourcingParticipation')
        .select('id')
        .where('eventId', '=', event.id)
        .where('supplierId', '=', actor.user.supplierId)
        .executeTakeFirst();
      if (!p) throw notFound('竞价标段不存在');
    } else if (event.tenantId !== actor.tenantId) {
      throw notFound('竞价标段不存在');
    }
    const lotRules = await trx
      .selectFrom('sourcingLot')
      .select('rules')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    const rules = JSON.parse(lotRules.rules ?? '{}') as AuctionRules;
    const bids = (
      await trx.selectFrom('auctionBid').selectAll().where('lotId', '=', lotId).orderBy('seq').execute()
    ).map(toBid);
    let state = toState(row);
    let closedNow = false;
    if (lock && dueToClose(state, now)) {
      const closing = closeLot(state, bids, now);
      if (closing.ok) {
        const from = state.status;
        state = closing.state;
        closedNow = true;
        await writeState(trx, state, now);
        await logState(trx, null, {
          eventId: event.id,
          docType: 'EVENT',
          docId: lotId,
          action: 'auction-close',
          fromStatus: from,
          toStatus: state.status,
        });
        await settleClosedLot(trx, event, state, rules, bids, now);
      }
    }
    return { event, lotId, rules, state, bids, closedNow, changed: closedNow, now };
  }

  /** Runs `work` on the locked lot in one transaction, then publishes the lot's new snapshot. */
  async withLot<T>(
    actor: Actor,
    lotId: string,
    work: (trx: Db, lot: LotContext) => Promise<T>,
  ): Promise<{ result: T; lot: LotContext }> {
    let changed: LotContext | null = null;
    const result = await this.db.transaction().execute(async (trx) => {
      const lot = await this.load(trx, actor, lotId);
      const value = await work(trx, lot);
      changed = lot;
      return value;
    });
    // Re-read after commit: the snapshot published is what is stored.
    const lot = await this.snapshotLot(changed!);
    if (lot.changed) await this.publish(lot);
    return { result, lot };
  }

  private async snapshotLot(lot: LotContext): Promise<LotContext> {
    const row = await this.db
      .selectFrom('auctionLotState')
      .selectAll()
      .where('lotId', '=', lot.lotId)
      .executeTakeFirstOrThrow();
    const bids = (
      await this.db.selectFrom('auctionBid').selectAll().where('lotId', '=', lot.lotId).orderBy('seq').execute()
    ).map(toBid);
    return { ...lot, state: toState(row), bids, now: serverNow() };
  }

  async participants(eventId: string): Promise<{ supplierId: string; name: string }[]> {
    const rows = await this.db
      .selectFrom('sourcingParticipation')
      .select(['supplierId', 'supplierName'])
      .where('eventId', '=', eventId)
      // A banned bidder keeps its place, so the anonymous labels of the others do not shift (AUC-13).
      .where('status', 'in', ['ACCEPTED', 'BANNED'])
      .orderBy('respondedAt')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ supplierId: r.supplierId, name: r.supplierName }));
  }

  async snapshot(lot: LotContext): Promise<AuctionSnapshot> {
    const snapshot: AuctionSnapshot = {
      state: lot.state,
      rules: lot.rules,
      bids: lot.bids,
      participants: await this.participants(lot.event.id),
      now: lot.now,
    };
    return lot.state.status === 'CLOSED' ? { ...snapshot, result: await this.result(lot.event) } : snapshot;
  }

  /**
   * What bidders may learn after the close (§12.4): the winner's name once the award is FINAL
   * (the result is published then, with its notices), the best price only when the event's
   * `resultVisibility` publishes prices.
   */
  private async result(event: EventRow): Promise<NonNullable<AuctionSnapshot['result']>> {
    const winner = await this.db
      .selectFrom('sourcingAward as a')
      .innerJoin('sourcingAwardLine as l', 'l.awardId', 'a.id')
      .select('l.supplierId')
      .where('a.eventId', '=', event.id)
      .where('a.status', '=', 'FINAL')
      .executeTakeFirst();
    const visibility = JSON.parse(event.resultVisibility ?? '{}') as { publishPrice?: boolean };
    return {
      published: winner !== undefined,
      winnerSupplierId: winner?.supplierId ?? null,
      showBestPrice: visibility.publishPrice === true,
    };
  }

  /**
   * Publishes the lot's snapshot; subscribers compute their own views. Awaited before the answer
   * goes out, so a stream opened after an answer never receives that change again.
   */
  async publish(lot: LotContext): Promise<void> {
    try {
      this.hub.publish(auctionLotTopic(lot.lotId), await this.snapshot(lot));
    } catch {
      // The change is committed; a stream that missed it gets the state on its next event or reconnect.
    }
  }

  /**
   * A read of the lot for one viewer. It takes no lock: a wave of thousands of streams
   * (re)connecting must not queue behind one another and the bids (§12.3). Only a lot whose end
   * has passed while still RUNNING goes through the locked path, which closes it (AUC-11).
   */
  async read(actor: Actor, lotId: string): Promise<{ lot: LotContext; snapshot: AuctionSnapshot }> {
    // One consistent view of state and bids: PostgreSQL's repeatable read (SQLite's transactions already are).
    const begin =
      this.kind === 'postgres' ? this.db.transaction().setIsolationLevel('repeatable read') : this.db.transaction();
    const seen = await begin.execute((trx) => this.load(trx, actor, lotId, { lock: false }));
    const lot = dueToClose(seen.state, seen.now) ? (await this.withLot(actor, lotId, async () => null)).lot : seen;
    return { lot, snapshot: await this.snapshot(lot) };
  }

  /** The bidder's admission in the lot's event (AUC-2). */
  private async admission(trx: Db, eventId: string, supplierId: string): Promise<Admission> {
    const p = await trx
      .selectFrom('sourcingParticipation')
      .select('status')
      .where('eventId', '=', eventId)
      .where('supplierId', '=', supplierId)
      .executeTakeFirst();
    if (p?.status === 'ACCEPTED') return 'ADMITTED';
    if (p?.status === 'BANNED') return 'BANNED';
    return 'NOT_ADMITTED';
  }

  /**
   * One bid (§12.3): lock, time, decide, store (append-only, seq from the locked state), commit,
   * publish. A refusal is written to `auction_attempt_log` after the transaction.
   */
  async bid(
    actor: Actor,
    attempt: Omit<BidAttempt, 'admission' | 'supplierId'> & { lotId: string; clientRequestId: string },
  ): Promise<BidDecision> {
    const supplierId = actor.user.supplierId;
    if (!supplierId) throw forbidden();
    const { result } = await this.withLot(actor, attempt.lotId, async (trx, lot) => {
      const admission = await this.admission(trx, lot.event.id, supplierId);
      // serverNow() inside the lock (X-1): `lot.now` was read right after the state row was locked.
      const decision = evaluateBid(lot.state, lot.rules, lot.bids, { ...attempt, supplierId, admission }, serverNow());
      if (decision.outcome === 'ACCEPTED') {
        await trx
          .insertInto('auctionBid')
          .values({
            id: newId(),
            lotId: lot.lotId,
            seq: decision.bid.seq,
            supplierId,
            price: decision.bid.price,
            lines: decision.lines ? JSON.stringify(decision.lines) : null,
            receivedAt: decision.bid.receivedAt,
            status: 'ACCEPTED',
            clientRequestId: attempt.clientRequestId,
            rankAfter: decision.bid.rankAfter,
            extendedEndAt: decision.bid.extendedEndAt,
            userId: actor.user.id,
            voidedBy: null,
            voidReason: null,
            voidedAt: null,
          })
          .execute();
        await writeState(trx, decision.state, new Date(decision.bid.receivedAt));
        lot.changed = true;
        // AUC-9: each extension is told to every admitted bidder once (one bid triggers at most one extension).
        if (decision.bid.extendedEndAt) {
          const bidders = await trx
            .selectFrom('sourcingParticipation')
            .select('supplierId')
            .where('eventId', '=', lot.event.id)
            .where('status', '=', 'ACCEPTED')
            .execute();
          await notifyBidders(
            trx,
            lot.event,
            bidders.map((b) => b.supplierId),
            `竞价已延时：${lot.event.title}`,
            `新的结束时间 ${toWireDateTime(decision.bid.extendedEndAt)}（第 ${decision.state.extensionsUsed} 次延时）`,
          );
        }
      }
      return decision;
    });
    if (result.outcome === 'REFUSED') {
      const price =
        attempt.price !== undefined
          ? String(attempt.price)
          : attempt.lines
            ? JSON.stringify(attempt.lines).slice(0, 64)
            : null;
      await this.db
        .insertInto('auctionAttemptLog')
        .values({
          id: newId(),
          lotId: attempt.lotId,
          supplierId,
          userId: actor.user.id,
          price,
          clientRequestId: attempt.clientRequestId,
          reason: result.reason,
          message: result.message,
          attemptedAt: serverNow().toISOString(),
        })
        .execute();
    }
    return result;
  }

  /** Raises a lot action refusal as a business error (HTTP 200, success false). */
  static refuse(message: string): never {
    throw businessError(message);
  }

  viewerOf(actor: Actor): Viewer {
    return actor.user.supplierId ? { kind: 'BIDDER', supplierId: actor.user.supplierId } : { kind: 'BUYER' };
  }
}
