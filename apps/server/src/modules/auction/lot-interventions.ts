import { businessError, forbidden } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { logState, type Actor } from '../sourcing/sourcing-service.js';
import { voidBid } from './bid-rules.js';
import { notifyBidders, writeState, type AuctionService, type LotContext } from './auction-service.js';
import type { AuctionLotState } from './bid-types.js';

/**
 * The buyer's interventions in a lot, run inside the lot lock of AuctionService.withLot: the
 * transitions (start, pause, resume), voiding a bid and banning a bidder (AUC-13), each logged.
 */

/** Lot actions are the buyer's: a supplier user is refused. */
export function asBuyer(actor: Actor): Actor {
  if (actor.user.supplierId) throw forbidden();
  return actor;
}

/** A buyer's lot transition: checks the event is published, applies it, logs it. */
export const lotTransition =
  (
    service: AuctionService,
    action: string,
    apply: (lot: LotContext, admitted: number) => { ok: true; state: AuctionLotState } | { ok: false; message: string },
    reasonOf?: (body: unknown) => string | null,
  ) =>
  async (actor: Actor, lotId: string, body: unknown) => {
    const { result } = await service.withLot(asBuyer(actor), lotId, async (trx, lot) => {
      if (lot.event.status !== 'PUBLISHED') return { ok: false as const, message: '竞价单尚未发布或已结束' };
      const admitted = (
        await trx
          .selectFrom('sourcingParticipation')
          .select('id')
          .where('eventId', '=', lot.event.id)
          .where('status', '=', 'ACCEPTED')
          .execute()
      ).length;
      const from = lot.state.status;
      const moved = apply(lot, admitted);
      if (!moved.ok) return moved;
      await writeState(trx, moved.state, lot.now);
      lot.changed = true;
      await logState(trx, actor, {
        eventId: lot.event.id,
        docType: 'EVENT',
        docId: lotId,
        action,
        fromStatus: from,
        toStatus: moved.state.status,
        reason: reasonOf?.(body) ?? null,
      });
      return { ok: true as const, message: '' };
    });
    if (!result.ok) throw businessError(result.message);
  };

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** Voids one accepted bid (the ranking is recomputed from the rest). */
export async function voidLotBid(trx: Db, lot: LotContext, actor: Actor, seq: number, why: string): Promise<Outcome> {
  const lotId = lot.state.lotId;
  const voiding = voidBid(lot.state, lot.bids, seq, why);
  if (!voiding.ok) return { ok: false as const, message: voiding.message };
  const now = lot.now.toISOString();
  await trx
    .updateTable('auctionBid')
    .set({ status: 'VOIDED', voidedBy: actor.user.username, voidReason: why.trim(), voidedAt: now })
    .where('lotId', '=', lotId)
    .where('seq', '=', seq)
    .where('status', '=', 'ACCEPTED')
    .execute();
  await writeState(trx, voiding.state, lot.now);
  lot.changed = true;
  await logState(trx, actor, {
    eventId: lot.event.id,
    docType: 'EVENT',
    docId: lotId,
    action: 'auction-void',
    fromStatus: 'ACCEPTED',
    toStatus: 'VOIDED',
    reason: `#${seq} ${why.trim()}`,
  });
  const voided = lot.bids.find((b) => b.seq === seq);
  if (voided)
    await notifyBidders(
      trx,
      lot.event,
      [voided.supplierId],
      `您的竞价报价已被作废：${lot.event.title}`,
      `报价 ${voided.price}，原因：${why.trim()}`,
    );
  return { ok: true as const, message: '' };
}

/** Stops a supplier from bidding on in this lot. */
export async function banBidder(
  trx: Db,
  lot: LotContext,
  actor: Actor,
  supplierId: string,
  why: string,
): Promise<Outcome> {
  if (['CLOSED', 'FAILED', 'CANCELLED'].includes(lot.state.status))
    return { ok: false as const, message: '竞价已结束，不能禁止出价' };
  const p = await trx
    .selectFrom('sourcingParticipation')
    .select(['id', 'status', 'supplierName'])
    .where('eventId', '=', lot.event.id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (!p) return { ok: false as const, message: '该供应商未参与本次竞价' };
  if (p.status === 'BANNED') return { ok: false as const, message: '该供应商已被禁止出价' };
  await trx
    .updateTable('sourcingParticipation')
    .set({ status: 'BANNED', updateTime: lot.now.toISOString() })
    .where('id', '=', p.id)
    .execute();
  lot.changed = true;
  await logState(trx, actor, {
    eventId: lot.event.id,
    docType: 'PARTICIPATION',
    docId: p.id,
    action: 'auction-ban',
    fromStatus: p.status,
    toStatus: 'BANNED',
    reason: why.trim(),
  });
  await notifyBidders(
    trx,
    lot.event,
    [supplierId],
    `您已被禁止在竞价中继续出价：${lot.event.title}`,
    `原因：${why.trim()}`,
  );
  return { ok: true as const, message: '' };
}
