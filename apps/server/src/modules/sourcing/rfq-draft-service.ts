import type { AppContext } from '../../app-context.js';
import { serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { eventFor, logState, newEventDraft, type Actor, type EventRow } from './sourcing-service.js';
import { prepareLines } from './event-lines.js';
import { EVENT_DEADLINES, refusePastDeadlines } from './draft-dates.js';
import type { AddBody, EditBody, Header } from './event-schemas.js';

/**
 * RFQ drafts (§9): the header's columns and SRC-1 time order, a new draft with its implicit lot
 * and lines, and edits to a draft (PR-3 keeps lines made from a requisition).
 */

/** The header's columns from the body (only what was sent). */
export function headerValues(body: Header): Partial<EventRow> {
  const v: Partial<EventRow> = {};
  const keys = [
    'title',
    'method',
    'purchaseType',
    'visibility',
    'eligibility',
    'orgCode',
    'orgName',
    'currency',
    'taxIncludedQuote',
    'estimatedAmount',
    'responseStartAt',
    'responseDeadline',
    'clarificationDeadline',
    'signupStartAt',
    'signupDeadline',
    'sealed',
    'allowRevision',
    'allowWithdraw',
    'allowPartialQuote',
    'showTargetPrice',
    'pricePrecision',
    'minInvited',
    'awardMode',
    'contactName',
    'contactPhone',
    'contactEmail',
    'content',
    'remark',
  ] as const;
  for (const k of keys) if (body[k] !== undefined) (v as Record<string, unknown>)[k] = body[k];
  if (body.minQuotes !== undefined) v.minParticipants = body.minQuotes;
  // SRC-1: sign-up (public events) closes no later than the responses.
  if (v.signupStartAt && v.signupDeadline && v.signupStartAt >= v.signupDeadline)
    throw badRequest('报名开始时间必须早于报名截止时间（SRC-1）', { signupDeadline: '报名截止时间必须晚于开始时间' });
  if (v.signupDeadline && v.responseDeadline && v.signupDeadline > v.responseDeadline)
    throw badRequest('报名截止时间不能晚于报价截止时间（SRC-1）', {
      signupDeadline: '报名截止时间不能晚于报价截止时间',
    });
  // SRC-9: questions close no later than the responses.
  if (v.clarificationDeadline && v.responseDeadline && v.clarificationDeadline > v.responseDeadline)
    throw badRequest('澄清截止时间不能晚于报价截止时间', { clarificationDeadline: '澄清截止时间不能晚于报价截止时间' });
  return v;
}

/** SRC-1: the response window is in order (and, at publish, still ahead of the server clock). */
export function checkWindow(start: string | null, deadline: string | null, atPublish: boolean): void {
  if (atPublish && !deadline) throw badRequest('请填写报价截止时间', { responseDeadline: '请填写报价截止时间' });
  if (atPublish && deadline! <= serverNowIso()) throw businessError('报价截止时间已过，请修改后再发布（SRC-1）');
  if (start && deadline && start >= deadline)
    throw badRequest('报价开始时间必须早于报价截止时间（SRC-1）', { responseDeadline: '报价截止时间必须晚于开始时间' });
}

/** SRC-1 checked, inserts an RFQ draft with its implicit lot and lines; returns the event id. */
export async function insertRfqDraft(trx: Db, ctx: AppContext, actor: Actor, body: AddBody): Promise<string> {
  const values = headerValues(body);
  refusePastDeadlines(values, EVENT_DEADLINES);
  checkWindow(values.responseStartAt ?? null, values.responseDeadline ?? null, false);
  const eventId = newId();
  const now = serverNowIso();
  const code = await ctx.codes.next('RFQ', { tenantId: actor.tenantId, trx });
  await trx
    .insertInto('sourcingEvent')
    .values({
      ...newEventDraft(actor, { id: eventId, code }, now),
      type: 'RFQ',
      method: 'RFQ',
      visibility: 'INVITED',
      pricePrecision: 4,
      ...values,
      title: body.title,
    })
    .execute();
  const lotId = newId();
  // An RFQ has one implicit lot (§9.1).
  await trx
    .insertInto('sourcingLot')
    .values({
      id: lotId,
      eventId,
      lotNo: 1,
      name: body.title.slice(0, 200),
      ceilingPrice: null,
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
  return eventId;
}

/** Saves the sent header fields and, when sent, replaces the lines (optimistic on `version`). */
export async function editRfqDraft(trx: Db, actor: Actor, body: EditBody): Promise<void> {
  const event = await eventFor(trx, actor, body.id);
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的询价单可以修改');
  if (event.version !== body.version) throw businessError('询价单已被他人修改，请刷新后重试');
  const values = headerValues(body);
  refusePastDeadlines(values, EVENT_DEADLINES);
  checkWindow(
    values.responseStartAt ?? event.responseStartAt,
    values.responseDeadline ?? event.responseDeadline,
    false,
  );
  const changed = await trx
    .updateTable('sourcingEvent')
    .set({
      ...values,
      version: event.version + 1,
      updateBy: actor.user.username,
      updateTime: serverNowIso(),
    })
    .where('id', '=', event.id)
    .where('version', '=', event.version)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw businessError('询价单已被他人修改，请刷新后重试');
  if (body.lines) {
    // PR-3: lines made from requisition lines carry the link their reservation follows; replacing them would drop it.
    const linked = await trx
      .selectFrom('sourcingLine')
      .select('id')
      .where('eventId', '=', event.id)
      .where('requisitionLineId', 'is not', null)
      .executeTakeFirst();
    if (linked) throw businessError('由采购申请创建的询价单不能修改物料行，请调整采购申请后重新创建（PR-3）');
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
}
