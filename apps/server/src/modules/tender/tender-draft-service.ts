import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { serverNow, serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { refusePastDeadlines } from '../sourcing/draft-dates.js';
import { prepareLines } from '../sourcing/event-lines.js';
import { invitationRefusal, logState, newEventDraft, type Actor } from '../sourcing/sourcing-service.js';
import { appendTenderEvent } from './audit.js';
import { addBody, DEFAULT_SETTINGS, editBody, eventValues, settingsValues, tenderFor } from './tender-service.js';

/**
 * Tender drafts (§11.2 step 1): create with settings and lines, edit, invite suppliers (invited
 * tenders), and a failed tender copied to a new draft (TND-24). Every change is an audit entry.
 */

type AddTender = z.infer<typeof addBody>;
type EditTender = z.infer<typeof editBody>;

/** What an audit entry records of an edit: the field names and the lines' count, never content of bids. */
const auditOf = (body: Record<string, unknown>) => ({
  fields: Object.keys(body)
    .filter((k) => k !== 'lines')
    .sort(),
  lines: Array.isArray(body.lines) ? body.lines.length : undefined,
});

/** The tender's deadlines a draft may not hold once passed (SRC-1, X-1). */
const TENDER_DEADLINES = {
  responseDeadline: '投标截止时间',
  docIssueEndAt: '招标文件发售截止时间',
  bidBondDeadline: '保证金截止时间',
  clarificationDeadline: '澄清截止时间',
  objectionDeadline: '异议截止时间',
} as const;

/** A new tender draft with its settings, implicit lot and lines. */
export async function createTender(
  trx: Db,
  codes: AppContext['codes'],
  actor: Actor,
  eventId: string,
  body: AddTender,
): Promise<void> {
  refusePastDeadlines(body, TENDER_DEADLINES);
  const now = serverNowIso();
  const code = await codes.next('TND', { tenantId: actor.tenantId, trx });
  await trx
    .insertInto('sourcingEvent')
    .values({
      ...newEventDraft(actor, { id: eventId, code }, now),
      type: 'TENDER',
      legalMandatory: 1,
      pricePrecision: 2,
      ...eventValues(body),
      title: body.title,
      method: body.method,
      visibility: body.method === 'OPEN_TENDER' ? 'PUBLIC' : 'INVITED',
    })
    .execute();
  await trx
    .insertInto('tenderSettings')
    .values({ ...DEFAULT_SETTINGS, ...settingsValues(body), eventId })
    .execute();
  const lotId = newId();
  await trx
    .insertInto('sourcingLot')
    .values({
      id: lotId,
      eventId,
      lotNo: 1,
      name: body.title.slice(0, 200),
      ceilingPrice: body.ceilingPrice ?? null,
      rules: null,
      status: 'ACTIVE',
      createTime: now,
      updateTime: null,
    })
    .execute();
  await trx
    .insertInto('sourcingLine')
    .values(await prepareLines(trx, actor.tenantId, eventId, lotId, body.lines))
    .execute();
  await logState(trx, actor, {
    eventId,
    docType: 'EVENT',
    docId: eventId,
    action: 'create',
    fromStatus: null,
    toStatus: 'DRAFT',
  });
  await appendTenderEvent(trx, {
    eventId,
    tenantId: actor.tenantId,
    actor,
    action: 'create',
    payload: { code, ...auditOf(body) },
  });
}

/** Saves a draft's sent fields and settings; sent lines replace the old ones (optimistic on `version`). */
export async function editTender(trx: Db, actor: Actor, body: EditTender): Promise<void> {
  const { event } = await tenderFor(trx, actor, body.id);
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的招标项目可以修改');
  if (event.version !== body.version) throw businessError('招标项目已被他人修改，请刷新后重试');
  refusePastDeadlines(body, TENDER_DEADLINES);
  const changed = await trx
    .updateTable('sourcingEvent')
    .set({
      ...eventValues(body),
      version: event.version + 1,
      updateBy: actor.user.username,
      updateTime: serverNowIso(),
    })
    .where('id', '=', event.id)
    .where('version', '=', event.version)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw businessError('招标项目已被他人修改，请刷新后重试');
  const settings = settingsValues(body);
  if (Object.keys(settings).length)
    await trx.updateTable('tenderSettings').set(settings).where('eventId', '=', event.id).execute();
  if (body.ceilingPrice !== undefined)
    await trx
      .updateTable('sourcingLot')
      .set({ ceilingPrice: body.ceilingPrice, updateTime: serverNowIso() })
      .where('eventId', '=', event.id)
      .execute();
  if (body.lines) {
    const lot = await trx
      .selectFrom('sourcingLot')
      .select('id')
      .where('eventId', '=', event.id)
      .orderBy('lotNo')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('sourcingLine').where('eventId', '=', event.id).execute();
    await trx
      .insertInto('sourcingLine')
      .values(await prepareLines(trx, actor.tenantId, event.id, lot.id, body.lines))
      .execute();
  }
  const { id: _id, version: _v, ...rest } = body;
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'amend',
    payload: auditOf(rest),
  });
}

/** Invites suppliers to an invited tender's draft (SRC-3 eligibility, no repeats). */
export async function inviteToTender(
  trx: Db,
  actor: Actor,
  eventId: string,
  supplierIds: readonly string[],
): Promise<void> {
  const { event } = await tenderFor(trx, actor, eventId);
  if (event.method !== 'INVITED_TENDER') throw businessError('公开招标由供应商自行报名，不能邀请');
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的招标项目可以邀请供应商');
  const existing = await trx
    .selectFrom('sourcingParticipation')
    .select('supplierName')
    .where('eventId', '=', event.id)
    .where('supplierId', 'in', supplierIds)
    .executeTakeFirst();
  if (existing) throw businessError(`供应商“${existing.supplierName}”已在邀请名单中，不能重复邀请（SRC-3）`);
  const now = serverNowIso();
  for (const supplierId of supplierIds) {
    const refusal = await invitationRefusal(trx, event, supplierId, { at: serverNow() });
    if (refusal) throw businessError(refusal);
    const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirstOrThrow();
    const pid = newId();
    await trx
      .insertInto('sourcingParticipation')
      .values({
        id: pid,
        eventId: event.id,
        supplierId,
        supplierName: s.name,
        origin: 'INVITED',
        status: 'INVITED',
        lotIds: null,
        declineReason: null,
        rejectReason: null,
        contactName: null,
        contactMobile: null,
        respondedAt: null,
        createBy: actor.user.username,
        createTime: now,
        updateTime: null,
      })
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'PARTICIPATION',
      docId: pid,
      action: 'invite',
      fromStatus: null,
      toStatus: 'INVITED',
    });
  }
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'invite',
    payload: { supplierIds },
  });
}

/** TND-24: a failed tender copied to a new draft linked to it, the same suppliers invited again. */
export async function cloneTender(
  trx: Db,
  codes: AppContext['codes'],
  actor: Actor,
  eventId: string,
  newEventId: string,
): Promise<void> {
  const { event, settings } = await tenderFor(trx, actor, eventId);
  if (event.status !== 'FAILED') throw businessError('只有已流标的招标项目可以重新招标（TND-24）');
  const now = serverNowIso();
  const code = await codes.next('TND', { tenantId: event.tenantId, trx });
  const { sealedKey: _k, ...header } = event;
  await trx
    .insertInto('sourcingEvent')
    .values({
      ...header,
      id: newEventId,
      code,
      sealedKey: null,
      status: 'DRAFT',
      failReason: null,
      cancelReason: null,
      publishAt: null,
      publishedAt: null,
      openedAt: null,
      version: 1,
      buyerId: actor.user.id,
      createBy: actor.user.username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await trx
    .insertInto('tenderSettings')
    .values({ ...settings, eventId: newEventId, previousEventId: event.id, approvalInstanceId: null })
    .execute();
  const lots = await trx.selectFrom('sourcingLot').selectAll().where('eventId', '=', event.id).execute();
  const lotIds = new Map<string, string>();
  for (const lot of lots) {
    lotIds.set(lot.id, newId());
    await trx
      .insertInto('sourcingLot')
      .values({
        ...lot,
        id: lotIds.get(lot.id)!,
        eventId: newEventId,
        status: 'ACTIVE',
        createTime: now,
        updateTime: null,
      })
      .execute();
  }
  const lines = await trx.selectFrom('sourcingLine').selectAll().where('eventId', '=', event.id).execute();
  if (lines.length)
    await trx
      .insertInto('sourcingLine')
      .values(
        lines.map((l) => ({
          ...l,
          id: newId(),
          eventId: newEventId,
          lotId: lotIds.get(l.lotId)!,
          createTime: now,
        })),
      )
      .execute();
  // An invited tender invites the same suppliers again (still checked at submit and publish).
  const invited = await trx
    .selectFrom('sourcingParticipation')
    .select(['supplierId', 'supplierName'])
    .where('eventId', '=', event.id)
    .where('origin', '=', 'INVITED')
    .execute();
  for (const p of invited) {
    await trx
      .insertInto('sourcingParticipation')
      .values({
        id: newId(),
        eventId: newEventId,
        supplierId: p.supplierId,
        supplierName: p.supplierName,
        origin: 'INVITED',
        status: 'INVITED',
        lotIds: null,
        declineReason: null,
        rejectReason: null,
        contactName: null,
        contactMobile: null,
        respondedAt: null,
        createBy: actor.user.username,
        createTime: now,
        updateTime: null,
      })
      .execute();
  }
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'clone',
    payload: { newEventId, code },
  });
  await logState(trx, actor, {
    eventId: newEventId,
    docType: 'EVENT',
    docId: newEventId,
    action: 'create',
    fromStatus: null,
    toStatus: 'DRAFT',
  });
  await appendTenderEvent(trx, {
    eventId: newEventId,
    tenantId: event.tenantId,
    actor,
    action: 'create',
    payload: { code, previousEventId: event.id },
  });
}
