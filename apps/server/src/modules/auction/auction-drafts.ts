import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/database.js';
import { serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { eventFor, logState, newEventDraft, type Actor } from '../sourcing/sourcing-service.js';
import { initialLotState, type AuctionRules } from './bid-rules.js';
import { isActiveUnit, UNKNOWN_UNIT } from '../material/material-rules.js';
import { refusePastDeadlines } from '../sourcing/draft-dates.js';

/** The auction's end may not have passed when its draft is saved (SRC-1, X-1). */
const AUCTION_DEADLINES = { endAt: '竞价结束时间' } as const;

/**
 * Auction drafts (§12.1): an AUCTION event with its one lot, rule block and lines, and edits to
 * the draft. Publishing and invitations are the sourcing module's.
 */

/** An auction draft as the buyer saves it. */
export type AuctionDraft = {
  title: string;
  visibility: 'PUBLIC' | 'INVITED';
  rules: AuctionRules;
  lines: readonly LineInput[];
};

export type LineInput = { materialId?: string; materialName: string; qty: string; unit: string };

/** The lot's lines; a catalogue material (active, same tenant) gives its code and name, so FINAL writes price records (MAT-4). */
async function lineRows(
  trx: Db,
  tenantId: number,
  eventId: string,
  lotId: string,
  lines: readonly LineInput[],
  now: string,
) {
  const rows = [];
  for (const [i, l] of lines.entries()) {
    let materialCode: string | null = null;
    let materialName = l.materialName;
    let categoryId: string | null = null;
    if (!(await isActiveUnit(trx, l.unit))) throw badRequest(`第${i + 1}行${UNKNOWN_UNIT}`);
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name', 'status', 'categoryId'])
        .where('id', '=', l.materialId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!m) throw badRequest(`第${i + 1}行物料不存在`);
      if (m.status !== 'ACTIVE') throw businessError(`第${i + 1}行物料未启用或已停用，不能竞价（MAT-3）`);
      materialCode = m.code;
      materialName = m.name;
      categoryId = m.categoryId;
    }
    rows.push({
      id: newId(),
      eventId,
      lotId,
      lineNo: i + 1,
      materialId: l.materialId ?? null,
      materialCode,
      materialName,
      spec: null,
      categoryId,
      qty: l.qty,
      unit: l.unit,
      needByDate: null,
      deliveryPlace: null,
      targetPrice: null,
      requisitionLineId: null,
      remark: null,
      createTime: now,
    });
  }
  return rows;
}

/** A new auction draft: event, lot with its rules and initial state, lines. */
export async function createAuction(
  trx: Db,
  codes: AppContext['codes'],
  actor: Actor,
  { eventId, lotId }: { eventId: string; lotId: string },
  { title, visibility, rules, lines }: AuctionDraft,
): Promise<void> {
  refusePastDeadlines(rules, AUCTION_DEADLINES, 'rules.');
  const now = serverNowIso();
  const code = await codes.next('AUC', { tenantId: actor.tenantId, trx });
  await trx
    .insertInto('sourcingEvent')
    .values({
      ...newEventDraft(actor, { id: eventId, code }, now),
      title,
      type: 'AUCTION',
      // The purchase-method code (srm_purchase_method), which screens show as 竞价.
      method: 'REVERSE_AUCTION',
      visibility,
      sealed: 0,
      minInvited: rules.minParticipants,
      minParticipants: rules.minParticipants,
      allowWithdraw: 0,
      pricePrecision: rules.pricePrecision,
      // Invitations can be accepted until the auction ends (the reused sourcing accept checks this deadline).
      responseStartAt: null,
      responseDeadline: rules.endAt,
      plannedStartAt: rules.startAt,
    })
    .execute();
  await trx
    .insertInto('sourcingLot')
    .values({
      id: lotId,
      eventId,
      lotNo: 1,
      name: title,
      ceilingPrice: rules.startPrice,
      rules: JSON.stringify(rules),
      status: 'ACTIVE',
      createTime: now,
      updateTime: null,
    })
    .execute();
  await trx
    .insertInto('sourcingLine')
    .values(await lineRows(trx, actor.tenantId, eventId, lotId, lines, now))
    .execute();
  const state = initialLotState(lotId, rules);
  await trx
    .insertInto('auctionLotState')
    .values({ ...state, eventId, tenantId: actor.tenantId, updateTime: now })
    .execute();
  await logState(trx, actor, {
    eventId,
    docType: 'EVENT',
    docId: eventId,
    action: 'create',
    fromStatus: null,
    toStatus: 'DRAFT',
  });
}

/** Replaces a draft's title, rules and lines (optimistic on `version`). */
export async function editAuction(
  trx: Db,
  actor: Actor,
  eventId: string,
  { title, visibility, rules, lines }: AuctionDraft,
): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  if (event.type !== 'AUCTION') throw businessError('该单据不是竞价单');
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的竞价单可以修改');
  refusePastDeadlines(rules, AUCTION_DEADLINES, 'rules.');
  const now = serverNowIso();
  const lot = await trx
    .selectFrom('sourcingLot')
    .select('id')
    .where('eventId', '=', eventId)
    .orderBy('lotNo')
    .executeTakeFirstOrThrow();
  const changed = await trx
    .updateTable('sourcingEvent')
    .set({
      title,
      visibility,
      minInvited: rules.minParticipants,
      minParticipants: rules.minParticipants,
      pricePrecision: rules.pricePrecision,
      responseDeadline: rules.endAt,
      plannedStartAt: rules.startAt,
      version: event.version + 1,
      updateBy: actor.user.username,
      updateTime: now,
    })
    .where('id', '=', eventId)
    .where('version', '=', event.version)
    .where('status', '=', 'DRAFT')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw businessError('竞价单已被他人修改，请刷新后重试');
  await trx
    .updateTable('sourcingLot')
    .set({ name: title, ceilingPrice: rules.startPrice, rules: JSON.stringify(rules), updateTime: now })
    .where('id', '=', lot.id)
    .execute();
  await trx.deleteFrom('sourcingLine').where('eventId', '=', eventId).execute();
  await trx
    .insertInto('sourcingLine')
    .values(await lineRows(trx, actor.tenantId, eventId, lot.id, lines, now))
    .execute();
  const state = initialLotState(lot.id, rules);
  await trx
    .updateTable('auctionLotState')
    .set({ status: state.status, currentEndAt: state.currentEndAt, updateTime: now })
    .where('lotId', '=', lot.id)
    .execute();
  await logState(trx, actor, {
    eventId,
    docType: 'EVENT',
    docId: eventId,
    action: 'edit',
    fromStatus: 'DRAFT',
    toStatus: 'DRAFT',
  });
}
