import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { submitForApproval, type ApprovalOutcome } from '../approval/index.js';
import { publishClarification } from '../sourcing/clarification.js';
import {
  withdrawResponsesOnCancel,
  moveEvent,
  notifySuppliers,
  participantIds,
  publishAnnouncement,
  updateAnnouncementDeadline,
  withdrawAnnouncement,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { appendTenderEvent } from './audit.js';
import { DAY_MS, statusText, tenderFor, validateTender } from './tender-service.js';

/**
 * A tender from approval to its end (§11.2): submit for approval and what its decision
 * does, publish, deadline extension and amendments (SRC-2, TND-3, P2), cancellation (SRC-10).
 */

export const TENDER_DOC_TYPE = 'TENDER_PUBLISH';

/** The approval's decision on a tender moves it on and is an audit entry. */
export async function approvalDecided(
  trx: Db,
  outcome: ApprovalOutcome,
  to: 'APPROVED' | 'DRAFT',
  action: string,
): Promise<void> {
  const event = await trx
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', outcome.instance.docId)
    .executeTakeFirstOrThrow();
  await moveEvent(trx, null, event, ['PENDING_APPROVAL'], to, action, {}, outcome.comment);
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor: null,
    action,
    payload: { instanceId: outcome.instance.id, by: outcome.actorId, comment: outcome.comment },
  });
}

/**
 * Moves the bid deadline (= the opening time) later while bids are open (SRC-2, P2: never
 * earlier, and every change logged in the chain and announced to all participants).
 */
async function moveDeadline(
  trx: Db,
  actor: Actor,
  event: EventRow,
  to: string,
  why: string,
  action: string,
): Promise<void> {
  await moveEvent(trx, actor, event, ['PUBLISHED'], 'PUBLISHED', action, { responseDeadline: to }, why);
  await updateAnnouncementDeadline(trx, event.id, to);
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action,
    payload: { from: event.responseDeadline, to, reason: why },
  });
}

/** Submits a draft for approval after the checks of TND-1, TND-2, TND-22; the approval's status. */
export async function submitTender(trx: Db, actor: Actor, eventId: string) {
  const { event, settings } = await tenderFor(trx, actor, eventId);
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的招标项目可以提交审批');
  await validateTender(trx, event, settings, null);
  await moveEvent(trx, actor, event, ['DRAFT'], 'PENDING_APPROVAL', 'submit');
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'submitApproval',
    payload: null,
  });
  const started = await submitForApproval(trx, {
    docType: TENDER_DOC_TYPE,
    docId: event.id,
    title: `招标项目发布：${event.title}（${event.code}）`,
    amount: event.estimatedAmount,
    submitterId: actor.user.id,
    tenantId: event.tenantId,
  });
  await trx
    .updateTable('tenderSettings')
    .set({ approvalInstanceId: started.instanceId })
    .where('eventId', '=', event.id)
    .execute();
  return started.status;
}

/** Publishes an approved tender (portal announcement for open tenders, invitations sent). */
export async function publishTender(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const { event, settings } = await tenderFor(trx, actor, eventId);
  if (event.status !== 'APPROVED')
    throw businessError(
      event.status === 'DRAFT' || event.status === 'PENDING_APPROVAL'
        ? '招标项目须审批通过后才能发布（X-10）'
        : '只有审批通过的招标项目可以发布',
    );
  const now = serverNowIso();
  await validateTender(trx, event, settings, now);
  const start = now > settings.docIssueStartAt! ? now : settings.docIssueStartAt!;
  const changes = {
    publishAt: now,
    publishedAt: now,
    responseStartAt: start,
    signupStartAt: start,
    signupDeadline: settings.docIssueEndAt,
  };
  await moveEvent(trx, actor, event, ['APPROVED'], 'PUBLISHED', 'publish', changes);
  const published = { ...event, ...changes };
  if (event.visibility === 'PUBLIC') await publishAnnouncement(trx, published, actor);
  const invited = await trx
    .selectFrom('sourcingParticipation')
    .select('supplierId')
    .where('eventId', '=', event.id)
    .where('status', '=', 'INVITED')
    .execute();
  await notifySuppliers(
    trx,
    published,
    invited.map((p) => p.supplierId),
    `投标邀请：${event.title}`,
    `投标截止时间 ${toWireDateTime(event.responseDeadline)}`,
  );
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'publish',
    payload: { publishedAt: now, responseDeadline: event.responseDeadline },
  });
}

/** Extends the bid deadline before it passes, with an AMENDMENT clarification (SRC-2, P2). */
export async function extendTender(
  trx: Db,
  actor: Actor,
  eventId: string,
  responseDeadline: string,
  reason: string,
): Promise<void> {
  const { event } = await tenderFor(trx, actor, eventId);
  const now = serverNowIso();
  if (event.status !== 'PUBLISHED') throw businessError('只有已发布的招标项目可以延期');
  if (!event.responseDeadline || now >= event.responseDeadline) throw businessError('投标已截止，不能延期（SRC-2）');
  if (responseDeadline <= event.responseDeadline) throw businessError('投标截止时间只能延长，不能提前（SRC-2）');
  await moveDeadline(trx, actor, event, responseDeadline, reason, 'extend');
  await publishClarification(
    trx,
    actor,
    { ...event, responseDeadline },
    { kind: 'AMENDMENT', answer: `投标截止（开标）时间延长至 ${toWireDateTime(responseDeadline)}：${reason}` },
  );
}

/** Publishes an amendment or an answer; TND-3 may push the deadline, returned (else null). */
export async function amendTender(
  trx: Db,
  actor: Actor,
  eventId: string,
  {
    answer,
    affectsResponses,
    questionId,
  }: { answer: string; affectsResponses: boolean; questionId?: string | undefined },
): Promise<string | null> {
  const { event } = await tenderFor(trx, actor, eventId);
  const now = serverNowIso();
  if (event.status !== 'PUBLISHED' || !event.responseDeadline || now >= event.responseDeadline)
    throw businessError('只有投标截止前的招标项目可以发布澄清或修改');
  let current = event;
  let pushedTo: string | null = null;
  // TND-3: an amendment that may affect bids needs 15 days before the deadline, else the deadline moves.
  const earliest = new Date(Date.parse(now) + 15 * DAY_MS).toISOString();
  if (affectsResponses && event.responseDeadline < earliest) {
    await moveDeadline(
      trx,
      actor,
      event,
      earliest,
      '澄清或修改可能影响投标文件编制，距投标截止不足15日，截止时间自动顺延（TND-3）',
      'extendTnd3',
    );
    current = { ...event, responseDeadline: earliest, version: event.version + 1 };
    pushedTo = earliest;
  }
  const text = pushedTo ? `${answer}\n\n投标截止（开标）时间顺延至 ${toWireDateTime(pushedTo)}（TND-3）` : answer;
  // With questionId a bidder's question gets this answer, published to all without its asker (SRC-9).
  const clarificationId = await publishClarification(trx, actor, current, {
    kind: 'AMENDMENT',
    answer: text,
    affectsResponses,
    ...(questionId ? { questionId } : {}),
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: questionId ? 'answer' : 'amendment',
    payload: { clarificationId, affectsResponses, pushedTo },
  });
  return pushedTo;
}

/** Terminates a tender (SRC-10: after publish only a manager, `manager`); bids withdrawn, portal and bidders told. */
export async function cancelTender(
  trx: Db,
  actor: Actor,
  eventId: string,
  reason: string,
  manager: boolean,
): Promise<void> {
  const { event } = await tenderFor(trx, actor, eventId);
  if (event.status === 'PENDING_APPROVAL') throw businessError('审批中的招标项目请先撤回审批');
  const before = ['DRAFT', 'APPROVED', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING'];
  if (!before.includes(event.status)) throw businessError(`当前状态（${statusText(event.status)}）不能终止`);
  if (!['DRAFT', 'APPROVED'].includes(event.status) && !manager)
    throw forbidden('发布后的招标项目须由采购主管终止（SRC-10）');
  await moveEvent(trx, actor, event, before, 'CANCELLED', 'cancel', { cancelReason: reason }, reason);
  await withdrawResponsesOnCancel(trx, actor, event, reason);
  await withdrawAnnouncement(trx, event.id, `已终止：${reason}`);
  if (!['DRAFT', 'APPROVED'].includes(event.status))
    await notifySuppliers(trx, event, await participantIds(trx, event.id), `招标项目已终止：${event.title}`, reason);
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'cancel',
    payload: { reason },
  });
}
