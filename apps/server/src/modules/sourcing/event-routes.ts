import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, toPage } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { decimalText, flag, id, pageParams, requiredText, text, wireTime } from '../../http/wire.js';
import {
  actorOf,
  eventFor,
  invitationCaution,
  invitationRefusal,
  logState,
  moveEvent,
  notifySuppliers,
  participantIds,
  publishAnnouncement,
  updateAnnouncementDeadline,
  withdrawAnnouncement,
  EVENT_STATUS_TEXT,
  type Actor,
  type EventRow,
} from './sourcing-service.js';
import { eventDetail } from './event-detail.js';
import { lineBody, prepareLines } from './event-lines.js';
import { comparisonMatrix, openEvent } from './opening.js';
import { releaseForEvent, reserveForEvent } from './requisition-link.js';

const headerFields = {
  title: requiredText(200, '标题'),
  method: z.enum(['RFQ', 'NEGOTIATION', 'SINGLE_SOURCE'], { error: '采购方式不正确' }).optional(),
  purchaseType: z.enum(['GOODS', 'WORKS', 'SERVICES'], { error: '采购类型不正确' }).optional(),
  visibility: z.enum(['PUBLIC', 'INVITED'], { error: '公开方式不正确' }).optional(),
  eligibility: z
    .enum(['QUALIFIED_IN_CATEGORY', 'QUALIFIED_ANY', 'POTENTIAL_OR_BETTER'], { error: '参与资格不正确' })
    .optional(),
  orgCode: text(64, '采购组织').optional(),
  orgName: text(200, '采购组织名称').optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, '币种不正确')
    .optional(),
  taxIncludedQuote: flag.optional(),
  estimatedAmount: decimalText('预算金额').optional(),
  responseStartAt: wireTime('报价开始时间').optional(),
  responseDeadline: wireTime('报价截止时间').optional(),
  clarificationDeadline: wireTime('澄清截止时间').optional(),
  signupStartAt: wireTime('报名开始时间').optional(),
  signupDeadline: wireTime('报名截止时间').optional(),
  sealed: flag.optional(),
  allowRevision: flag.optional(),
  allowWithdraw: flag.optional(),
  allowPartialQuote: flag.optional(),
  showTargetPrice: flag.optional(),
  pricePrecision: z.number().int().min(0).max(6).optional(),
  minInvited: z.number().int().min(1, '最少邀请数至少为1').max(100).optional(),
  minQuotes: z.number().int().min(1, '最少报价数至少为1').max(100).optional(),
  awardMode: z.enum(['SINGLE', 'SPLIT_BY_LINE', 'SPLIT_BY_QTY'], { error: '定标方式不正确' }).optional(),
  contactName: text(50, '联系人').optional(),
  contactPhone: text(30, '联系电话').optional(),
  contactEmail: text(100, '联系邮箱').optional(),
  content: text(20000, '公告内容').optional(),
  remark: text(500, '备注').optional(),
};

const addBody = z.object({
  ...headerFields,
  lines: z.array(lineBody).min(1, '请至少添加一行物料').max(200, '物料行不能超过200行'),
});
const editBody = z.object({
  id,
  version: z.number().int(),
  ...headerFields,
  title: headerFields.title.optional(),
  lines: addBody.shape.lines.optional(),
});

type Header = Partial<z.infer<typeof editBody>>;
export type AddBody = z.infer<typeof addBody>;

/** The header's columns from the body (only what was sent). */
function headerValues(body: Header): Partial<EventRow> {
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
function checkWindow(start: string | null, deadline: string | null, atPublish: boolean): void {
  if (atPublish && !deadline) throw badRequest('请填写报价截止时间', { responseDeadline: '请填写报价截止时间' });
  if (atPublish && deadline! <= serverNowIso()) throw businessError('报价截止时间已过，请修改后再发布（SRC-1）');
  if (start && deadline && start >= deadline)
    throw badRequest('报价开始时间必须早于报价截止时间（SRC-1）', { responseDeadline: '报价截止时间必须晚于开始时间' });
}

/** SRC-1 checked, inserts an RFQ draft with its implicit lot and lines; returns the event id. */
export async function insertRfqDraft(trx: Db, ctx: AppContext, actor: Actor, body: AddBody): Promise<string> {
  const values = headerValues(body);
  checkWindow(values.responseStartAt ?? null, values.responseDeadline ?? null, false);
  const eventId = newId();
  const now = serverNowIso();
  const code = await ctx.codes.next('RFQ', { tenantId: actor.tenantId, trx });
  await trx
    .insertInto('sourcingEvent')
    .values({
      id: eventId,
      tenantId: actor.tenantId,
      code,
      type: 'RFQ',
      method: 'RFQ',
      purchaseType: 'GOODS',
      visibility: 'INVITED',
      eligibility: 'QUALIFIED_ANY',
      legalMandatory: 0,
      buyerId: actor.user.id,
      currency: 'CNY',
      taxIncludedQuote: 0,
      sealed: 1,
      envelopeMode: 'ONE',
      rounds: 1,
      currentRound: 1,
      minInvited: 3,
      minParticipants: 3,
      allowRevision: 1,
      allowWithdraw: 1,
      allowPartialQuote: 0,
      showTargetPrice: 0,
      pricePrecision: 4,
      awardMode: 'SINGLE',
      status: 'DRAFT',
      version: 1,
      createBy: actor.user.username,
      createTime: now,
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

/**
 * The buyer's side of sourcing events (§9, §10): drafts with lines, invitations, publish,
 * extend, open, the comparison matrix, INSUFFICIENT handling, cancel, state log.
 */
export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['寻源（采购方）'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.get(
      '/srm/sourcing/event/list',
      {
        schema: {
          tags,
          summary: '寻源单列表（按类型、状态、标题筛选）',
          querystring: z.object({
            ...pageParams,
            type: z.enum(['TENDER', 'RFQ', 'AUCTION']).optional(),
            status: z
              .string()
              .regex(/^[A-Z_]{1,32}$/)
              .optional(),
            title: z.string().trim().max(200).optional(),
          }),
        },
        config: access('srm:sourcing:list'),
      },
      async (request) => {
        const { pageNo, pageSize, type, status, title } = request.query;
        let q = ctx.db.selectFrom('sourcingEvent').where('tenantId', '=', request.tenantId);
        if (type) q = q.where('type', '=', type);
        if (status) q = q.where('status', '=', status);
        if (title) q = q.where('title', 'like', `%${escapeLike(title)}%`);
        const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const rows = await q
          .select([
            'id',
            'code',
            'type',
            'method',
            'title',
            'visibility',
            'status',
            'responseDeadline',
            'awardMode',
            'sealed',
            'buyerId',
            'publishedAt',
            'openedAt',
            'createTime',
          ])
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute();
        const records = rows.map((r) => ({
          ...r,
          statusText: EVENT_STATUS_TEXT[r.status] ?? r.status,
          responseDeadline: toWireDateTime(r.responseDeadline),
          publishedAt: toWireDateTime(r.publishedAt),
          openedAt: toWireDateTime(r.openedAt),
          createTime: toWireDateTime(r.createTime),
        }));
        return ok(toPage(records, total, pageNo, pageSize));
      },
    );

    app.get(
      '/srm/sourcing/event/queryById',
      {
        schema: { tags, summary: '寻源单详情（开标前不含任何报价）', querystring: z.object({ id }) },
        config: access('srm:sourcing:list'),
      },
      async (request) => {
        const event = await eventFor(ctx.db, actorOf(request), request.query.id);
        return ok(await eventDetail(ctx.db, event));
      },
    );

    app.post(
      '/srm/sourcing/event/add',
      { schema: { tags, summary: '新建询价单草稿（含物料行）', body: addBody }, config: access('srm:sourcing:add') },
      async (request) => {
        const eventId = await ctx.db
          .transaction()
          .execute(async (trx) => insertRfqDraft(trx, ctx, actorOf(request), request.body));
        return ok({ id: eventId }, '询价单已保存');
      },
    );

    app.put(
      '/srm/sourcing/event/edit',
      {
        schema: {
          tags,
          summary: '修改询价单草稿（传 lines 时整体替换物料行；由采购申请创建的不能替换，PR-3）',
          body: editBody,
        },
        config: access('srm:sourcing:edit'),
      },
      async (request) => {
        const body = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const event = await eventFor(trx, actorOf(request), body.id);
          if (event.status !== 'DRAFT') throw businessError('只有草稿状态的询价单可以修改');
          if (event.version !== body.version) throw businessError('询价单已被他人修改，请刷新后重试');
          const values = headerValues(body);
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
              updateBy: request.user!.username,
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
              .values(await prepareLines(trx, request.tenantId, event.id, lot.id, body.lines))
              .execute();
          }
        });
        return ok(null, '询价单已保存');
      },
    );

    app.post(
      '/srm/sourcing/event/invite',
      {
        schema: {
          tags,
          summary: '邀请供应商（SRC-3 资格，RFQ-3 不重复）',
          body: z.object({ id, supplierIds: z.array(id).min(1, '请选择供应商').max(100) }),
        },
        config: access('srm:sourcing:invite'),
      },
      async (request) => {
        const { supplierIds } = request.body;
        if (new Set(supplierIds).size !== supplierIds.length) throw businessError('同一供应商不能重复邀请（RFQ-3）');
        const caution = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.id);
          const open =
            event.status === 'DRAFT' ||
            (event.status === 'PUBLISHED' && !!event.responseDeadline && serverNowIso() < event.responseDeadline);
          if (!open) throw businessError('只有草稿或报价截止前的询价单可以邀请供应商');
          const existing = await trx
            .selectFrom('sourcingParticipation')
            .select(['supplierId', 'supplierName'])
            .where('eventId', '=', event.id)
            .where('supplierId', 'in', supplierIds)
            .executeTakeFirst();
          if (existing) throw businessError(`供应商“${existing.supplierName}”已在邀请名单中，不能重复邀请（RFQ-3）`);
          const now = serverNowIso();
          for (const supplierId of supplierIds) {
            // SRC-3, and QLF-3: an expired mandatory certificate blocks, checked by date.
            const refusal = await invitationRefusal(trx, event, supplierId, { at: serverNow() });
            if (refusal) throw businessError(refusal);
            const s = await trx
              .selectFrom('supplier')
              .select('name')
              .where('id', '=', supplierId)
              .executeTakeFirstOrThrow();
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
          // Invitations to a published event reach the suppliers at once; a draft's go out at publish.
          if (event.status === 'PUBLISHED')
            await notifySuppliers(
              trx,
              event,
              supplierIds,
              `询价邀请：${event.title}`,
              `报价截止时间 ${toWireDateTime(event.responseDeadline)}`,
            );
          return invitationCaution(trx, event.tenantId, supplierIds);
        });
        return ok(null, caution ? `已邀请供应商。${caution}` : '已邀请供应商');
      },
    );

    app.post(
      '/srm/sourcing/event/uninvite',
      {
        schema: { tags, summary: '移除受邀供应商（仅草稿）', body: z.object({ id, supplierId: id }) },
        config: access('srm:sourcing:invite'),
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const event = await eventFor(trx, actorOf(request), request.body.id);
          if (event.status !== 'DRAFT') throw businessError('只有草稿状态的询价单可以移除供应商');
          const removed = await trx
            .deleteFrom('sourcingParticipation')
            .where('eventId', '=', event.id)
            .where('supplierId', '=', request.body.supplierId)
            .executeTakeFirst();
          if (Number(removed.numDeletedRows) !== 1) throw businessError('该供应商不在邀请名单中');
        });
        return ok(null, '已移除');
      },
    );

    app.post(
      '/srm/sourcing/event/publish',
      {
        schema: {
          tags,
          summary: '发布询价单（SRC-1 时间顺序，RFQ-1 最少邀请数；公开询价同步门户公告）',
          body: z.object({ id }),
        },
        config: access('srm:sourcing:publish'),
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.id);
          if (event.type === 'TENDER') throw businessError('招标项目须经审批后在招标管理中发布（X-10）');
          if (event.status !== 'DRAFT' && event.status !== 'APPROVED')
            throw businessError('只有草稿状态的询价单可以发布');
          const now = serverNowIso();
          const start = event.responseStartAt ?? now;
          checkWindow(start, event.responseDeadline, true);
          const lines = await trx.selectFrom('sourcingLine').select('id').where('eventId', '=', event.id).execute();
          if (lines.length === 0) throw businessError('询价单没有物料行，不能发布');
          const invited = await trx
            .selectFrom('sourcingParticipation')
            .select('supplierId')
            .where('eventId', '=', event.id)
            .where('status', '=', 'INVITED')
            .execute();
          if (event.method === 'SINGLE_SOURCE') {
            if (invited.length !== 1) throw businessError('单一来源采购须且只能邀请一家供应商（RFQ-1）');
            if (!event.remark) throw businessError('单一来源采购须在备注中填写书面理由（RFQ-1）');
          } else if (invited.length < event.minInvited) {
            throw businessError(`邀请供应商不足：至少邀请${event.minInvited}家，当前${invited.length}家（RFQ-1）`);
          }
          // SRC-3 again at publish: eligibility is judged at that moment.
          for (const p of invited) {
            const refusal = await invitationRefusal(trx, event, p.supplierId);
            if (refusal) throw businessError(refusal);
          }
          await moveEvent(trx, actor, event, ['DRAFT', 'APPROVED'], 'PUBLISHED', 'publish', {
            publishAt: now,
            publishedAt: now,
            responseStartAt: start,
          });
          // PR-3: the linked requisition quantity is reserved (IN_SOURCING), or the publish is refused.
          await reserveForEvent(trx, event, actor);
          const published = { ...event, publishAt: now, publishedAt: now, responseStartAt: start };
          if (event.visibility === 'PUBLIC') await publishAnnouncement(trx, published, actor);
          await notifySuppliers(
            trx,
            published,
            invited.map((p) => p.supplierId),
            `询价邀请：${event.title}`,
            `报价截止时间 ${toWireDateTime(event.responseDeadline)}`,
          );
        });
        return ok(null, '询价单已发布');
      },
    );

    app.post(
      '/srm/sourcing/event/extend',
      {
        schema: {
          tags,
          summary: '延长报价截止时间（SRC-2 只能延长、截止前；响应不足时 RFQ-7 重新开放）',
          body: z.object({ id, responseDeadline: wireTime('报价截止时间'), reason: requiredText(500, '延期原因') }),
        },
        config: access('srm:sourcing:publish'),
      },
      async (request) => {
        const { responseDeadline, reason: why } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.id);
          if (event.type === 'TENDER') throw businessError('招标项目请在招标管理中延期（记入审计链，P2）');
          const now = serverNowIso();
          if (responseDeadline <= now) throw businessError('新的报价截止时间必须晚于当前时间（SRC-1）');
          if (event.status === 'PUBLISHED') {
            if (!event.responseDeadline || now >= event.responseDeadline)
              throw businessError('报价已截止，不能延期，请开标（SRC-2）');
            if (responseDeadline <= event.responseDeadline)
              throw businessError('报价截止时间只能延长，不能提前（SRC-2）');
            await moveEvent(trx, actor, event, ['PUBLISHED'], 'PUBLISHED', 'extend', { responseDeadline }, why);
          } else if (event.status === 'INSUFFICIENT') {
            await moveEvent(trx, actor, event, ['INSUFFICIENT'], 'PUBLISHED', 'extend', { responseDeadline }, why);
          } else {
            throw businessError('只有已发布或响应不足的询价单可以延期');
          }
          // SRC-2: an AMENDMENT clarification, the portal in step, everyone told.
          await trx
            .insertInto('sourcingClarification')
            .values({
              id: newId(),
              eventId: event.id,
              kind: 'AMENDMENT',
              askedBySupplierId: null,
              question: null,
              answer: `报价截止时间延长至 ${toWireDateTime(responseDeadline)}：${why}`,
              publishedAt: now,
              affectsResponses: 0,
              files: null,
              createBy: actor.user.username,
              createTime: now,
            })
            .execute();
          await updateAnnouncementDeadline(trx, event.id, responseDeadline);
          await notifySuppliers(
            trx,
            event,
            await participantIds(trx, event.id),
            `报价截止时间已延长：${event.title}`,
            `新的截止时间 ${toWireDateTime(responseDeadline)}`,
          );
        });
        return ok(null, '报价截止时间已延长');
      },
    );

    app.post(
      '/srm/sourcing/event/open',
      {
        schema: {
          tags,
          summary: '开标：截止后解密报价（RFQ-5）；报价不足 minQuotes 时转为响应不足（RFQ-7）',
          body: z.object({ id }),
        },
        config: access('srm:sourcing:open'),
      },
      async (request) => {
        const result = await ctx.db
          .transaction()
          .execute(async (trx) => openEvent(trx, ctx.config, actorOf(request), request.body.id, false));
        request.log.info({ event: 'sourcing.open', id: request.body.id, result }, 'sourcing event opened');
        return ok(result, result === 'OPENED' ? '已开标' : '有效报价不足，询价单转为响应不足（RFQ-7）');
      },
    );

    app.post(
      '/srm/sourcing/event/continue',
      {
        schema: {
          tags,
          summary: '响应不足时经批准继续开标（RFQ-7，主管权限）',
          body: z.object({ id, reason: requiredText(500, '继续原因') }),
        },
        config: access('srm:sourcing:continue'),
      },
      async (request) => {
        await ctx.db
          .transaction()
          .execute(async (trx) =>
            openEvent(trx, ctx.config, actorOf(request), request.body.id, true, request.body.reason),
          );
        return ok('OPENED', '已开标');
      },
    );

    app.post(
      '/srm/sourcing/event/fail',
      {
        schema: { tags, summary: '流标（RFQ-7）', body: z.object({ id, reason: requiredText(500, '流标原因') }) },
        config: access('srm:sourcing:fail'),
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.id);
          await moveEvent(
            trx,
            actor,
            event,
            ['INSUFFICIENT', 'OPENED', 'EVALUATING'],
            'FAILED',
            'fail',
            { failReason: request.body.reason },
            request.body.reason,
          );
          await releaseForEvent(trx, event, actor, true);
          await withdrawAnnouncement(trx, event.id, `已流标：${request.body.reason}`);
          await notifySuppliers(
            trx,
            event,
            await participantIds(trx, event.id),
            `询价已流标：${event.title}`,
            request.body.reason,
          );
        });
        return ok(null, '询价单已流标');
      },
    );

    app.post(
      '/srm/sourcing/event/cancel',
      {
        schema: {
          tags,
          summary: '取消询价单（SRC-10：须填原因；发布后须主管权限）',
          body: z.object({ id, reason: requiredText(500, '取消原因') }),
        },
        config: access('srm:sourcing:cancel'),
      },
      async (request) => {
        // Read before the transaction (SQLite has one connection, held by the transaction).
        const manager = (await ctx.permissions.codesOf(request.user!.id)).has('srm:sourcing:cancelPublished');
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.id);
          if (event.type === 'TENDER') throw businessError('招标项目请在招标管理中终止（记入审计链）');
          const before = [
            'DRAFT',
            'PENDING_APPROVAL',
            'APPROVED',
            'PUBLISHED',
            'CLOSED',
            'OPENED',
            'EVALUATING',
            'INSUFFICIENT',
          ];
          if (!before.includes(event.status))
            throw businessError(`当前状态（${EVENT_STATUS_TEXT[event.status] ?? event.status}）不能取消`);
          // SRC-10: after publish only M (srm:sourcing:cancelPublished) cancels.
          if (event.status !== 'DRAFT' && !manager) throw forbidden('发布后的询价单须由采购主管取消（SRC-10）');
          await moveEvent(
            trx,
            actor,
            event,
            before,
            'CANCELLED',
            'cancel',
            { cancelReason: request.body.reason },
            request.body.reason,
          );
          // SRC-10 / PR-3: a published event gives its requisition reservation back.
          await releaseForEvent(trx, event, actor, !['DRAFT', 'PENDING_APPROVAL', 'APPROVED'].includes(event.status));
          await trx
            .updateTable('sourcingResponse')
            .set({ status: 'WITHDRAWN', updateTime: serverNowIso() })
            .where('eventId', '=', event.id)
            .where('status', '=', 'SUBMITTED')
            .execute();
          await withdrawAnnouncement(trx, event.id, `已终止：${request.body.reason}`);
          if (event.status !== 'DRAFT')
            await notifySuppliers(
              trx,
              event,
              await participantIds(trx, event.id),
              `询价已取消：${event.title}`,
              request.body.reason,
            );
        });
        return ok(null, '询价单已取消');
      },
    );

    app.get(
      '/srm/sourcing/event/matrix',
      {
        schema: {
          tags,
          summary: '比价矩阵（开标后：每行各供应商单价、金额、交期，最低价标记；各版本历史）',
          querystring: z.object({ id }),
        },
        config: access('srm:sourcing:list'),
      },
      async (request) => {
        const event = await eventFor(ctx.db, actorOf(request), request.query.id);
        return ok(await comparisonMatrix(ctx.db, event));
      },
    );

    app.get(
      '/srm/sourcing/event/logs',
      { schema: { tags, summary: '寻源状态日志', querystring: z.object({ id }) }, config: access('srm:sourcing:list') },
      async (request) => {
        const event = await eventFor(ctx.db, actorOf(request), request.query.id);
        const logs = await ctx.db
          .selectFrom('sourcingStateLog')
          .select([
            'id',
            'docType',
            'docId',
            'action',
            'fromStatus',
            'toStatus',
            'actorName',
            'actorKind',
            'reason',
            'at',
          ])
          .where('eventId', '=', event.id)
          .orderBy('at')
          .orderBy('id')
          .execute();
        return ok(logs.map((l) => ({ ...l, at: toWireDateTime(l.at) })));
      },
    );
  };

export type { Actor };
