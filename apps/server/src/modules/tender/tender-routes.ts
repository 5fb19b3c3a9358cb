import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, toPage } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { escapeLike, runPagedList, type ListFields } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { defineApprovalDocType, submitForApproval, type ApprovalOutcome } from '../approval/index.js';
import { publishClarification } from '../sourcing/clarification.js';
import { id, pageParams, wireTime } from '../../http/wire.js';
import { prepareLines } from '../sourcing/event-lines.js';
import {
  actorOf,
  invitationRefusal,
  moveEvent,
  notifySuppliers,
  participantIds,
  publishAnnouncement,
  updateAnnouncementDeadline,
  withdrawAnnouncement,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { appendTenderAudit, verifyTenderAudit } from './audit.js';
import { internalUsers } from './internal-users.js';
import { approveOpening } from './tender-opening.js';
import {
  addBody,
  DAY_MS,
  DEFAULT_SETTINGS,
  editBody,
  eventValues,
  METHOD_TEXT,
  officersOf,
  settingsValues,
  statusText,
  tenderFor,
  validateTender,
  wireSettings,
} from './tender-service.js';

export const TENDER_DOC_TYPE = 'TENDER_PUBLISH';
const OFFICER_FIELDS: ListFields = {
  id: { column: 'u.id', filter: 'exact' },
  username: { column: 'u.username', filter: 'text', sortable: true },
  realname: { column: 'u.realname', filter: 'text', sortable: true },
};
const PAGE = '/srm/tender';

async function approvalDecided(
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
  await appendTenderAudit(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor: null,
    action,
    payload: { instanceId: outcome.instance.id, by: outcome.actorId, comment: outcome.comment },
  });
}

// a tender is approved before it can be published (§11.2 step 1).
export const tenderApprovalDocType = defineApprovalDocType(TENDER_DOC_TYPE, {
  label: '招标项目发布',
  openPage: PAGE,
  onApproved: (trx, o) => approvalDecided(trx, o, 'APPROVED', 'approve'),
  onRejected: (trx, o) => approvalDecided(trx, o, 'DRAFT', 'reject'),
  onWithdrawn: (trx, o) => approvalDecided(trx, o, 'DRAFT', 'withdrawApproval'),
});

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
  await appendTenderAudit(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action,
    payload: { from: event.responseDeadline, to, reason: why },
  });
}

/** What an audit entry records of an edit: the field names and the lines' count, never content of bids. */
const auditOf = (body: Record<string, unknown>) => ({
  fields: Object.keys(body)
    .filter((k) => k !== 'lines')
    .sort(),
  lines: Array.isArray(body.lines) ? body.lines.length : undefined,
});

/** The buyer's detail of a tender: header, settings, lines, participants, opening approvals and records. */
async function tenderDetail(db: Db, event: EventRow) {
  const settings = await db
    .selectFrom('tenderSettings')
    .selectAll()
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();
  const [lines, participants, approvals, records, confirmations] = await Promise.all([
    db.selectFrom('sourcingLine').selectAll().where('eventId', '=', event.id).orderBy('lineNo').execute(),
    db
      .selectFrom('sourcingParticipation')
      .select(['id', 'supplierId', 'supplierName', 'origin', 'status', 'declineReason', 'createTime'])
      .where('eventId', '=', event.id)
      .orderBy('createTime')
      .execute(),
    db
      .selectFrom('tenderOpeningApproval')
      .select(['envelope', 'userId', 'userName', 'at'])
      .where('eventId', '=', event.id)
      .orderBy('at')
      .execute(),
    db.selectFrom('tenderOpeningRecord').selectAll().where('eventId', '=', event.id).orderBy('openedAt').execute(),
    db
      .selectFrom('tenderOpeningConfirmation as c')
      .innerJoin('sourcingParticipation as p', (j) =>
        j.onRef('p.eventId', '=', 'c.eventId').onRef('p.supplierId', '=', 'c.supplierId'),
      )
      .select(['c.recordId', 'p.supplierName', 'c.decision', 'c.objection', 'c.at'])
      .where('c.eventId', '=', event.id)
      .execute(),
  ]);
  const officerIds = officersOf(settings);
  const officers = officerIds.length
    ? await db.selectFrom('sysUser').select(['id', 'realname', 'username']).where('id', 'in', officerIds).execute()
    : [];
  const { sealedKey: _key, ...header } = event;
  return {
    ...header,
    openingOfficers: officerIds.map((id) => ({
      id,
      name: officers.find((o) => o.id === id)?.realname || officers.find((o) => o.id === id)?.username || id,
    })),
    methodText: METHOD_TEXT[event.method] ?? event.method,
    statusText: statusText(event.status),
    twoEnvelope: event.envelopeMode === 'TWO' ? 1 : 0,
    publishedAt: toWireDateTime(event.publishedAt),
    responseDeadline: toWireDateTime(event.responseDeadline),
    openedAt: toWireDateTime(event.openedAt),
    createTime: toWireDateTime(event.createTime),
    updateTime: toWireDateTime(event.updateTime),
    settings: wireSettings(settings),
    lines,
    // TND-5: names stay within the buyer's sourcing team; before opening no "has bid" flag (§9.4, off for tenders).
    participants: participants.map((p) => ({ ...p, createTime: toWireDateTime(p.createTime) })),
    openingApprovals: approvals.map((a) => ({ ...a, at: toWireDateTime(a.at) })),
    openingRecords: records.map((r) => ({
      ...r,
      openedAt: toWireDateTime(r.openedAt),
      entries: JSON.parse(r.entries) as unknown[],
      confirmations: confirmations.filter((c) => c.recordId === r.id).map((c) => ({ ...c, at: toWireDateTime(c.at) })),
    })),
  };
}

/**
 * The buyer's side of tenders (domain §11): drafts with settings, invitations, approval,
 * publish, the officers' opening (P2) by envelope, bids after opening (P5), clone of a
 * failed tender (TND-24), and the hash-chained audit trail (P4).
 */
export const tenderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['招标（采购方）'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.get(
      '/srm/tender/list',
      {
        schema: {
          tags,
          summary: '招标项目列表',
          querystring: z.object({
            ...pageParams,
            status: z
              .string()
              .regex(/^[A-Z_]{1,32}$/)
              .optional(),
            title: z.string().trim().max(200).optional(),
          }),
        },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { pageNo, pageSize, status, title } = request.query;
        let q = ctx.db
          .selectFrom('sourcingEvent')
          .where('tenantId', '=', request.tenantId)
          .where('type', '=', 'TENDER');
        if (status) q = q.where('status', '=', status);
        if (title) q = q.where('title', 'like', `%${escapeLike(title)}%`);
        const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const rows = await q
          .select([
            'id',
            'code',
            'method',
            'title',
            'status',
            'failReason',
            'responseDeadline',
            'envelopeMode',
            'legalMandatory',
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
          methodText: METHOD_TEXT[r.method] ?? r.method,
          statusText: statusText(r.status),
          responseDeadline: toWireDateTime(r.responseDeadline),
          publishedAt: toWireDateTime(r.publishedAt),
          openedAt: toWireDateTime(r.openedAt),
          createTime: toWireDateTime(r.createTime),
        }));
        return ok(toPage(records, total, pageNo, pageSize));
      },
    );

    app.get(
      '/srm/tender/officer/list',
      {
        schema: { tags, summary: '可选开标人：本单位在职的内部用户（用户选择控件的查询：id、username、realname）' },
        config: access('srm:tender:list'),
      },
      async (request) => {
        // The buyer picks opening officers (P2) without the administrator's user list (user:list).
        const base = internalUsers(ctx.db, request.tenantId).select(['u.id', 'u.username', 'u.realname']);
        return ok(
          await runPagedList(ctx.kind, base, request.query as Record<string, unknown>, OFFICER_FIELDS, {
            column: 'u.username',
            order: 'asc',
          }),
        );
      },
    );

    app.get(
      '/srm/tender/queryById',
      {
        schema: { tags, summary: '招标项目详情（开标前不含任何投标内容）', querystring: z.object({ id }) },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        return ok(await tenderDetail(ctx.db, event));
      },
    );

    app.post(
      '/srm/tender/add',
      {
        schema: { tags, summary: '新建招标项目草稿（招标设置与物料行）', body: addBody },
        config: access('srm:tender:add'),
      },
      async (request) => {
        const body = request.body;
        const actor = actorOf(request);
        const eventId = newId();
        await ctx.db.transaction().execute(async (trx) => {
          const now = serverNowIso();
          const code = await ctx.codes.next('TND', { tenantId: request.tenantId, trx });
          await trx
            .insertInto('sourcingEvent')
            .values({
              id: eventId,
              tenantId: request.tenantId,
              code,
              type: 'TENDER',
              purchaseType: 'GOODS',
              eligibility: 'QUALIFIED_ANY',
              legalMandatory: 1,
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
              pricePrecision: 2,
              awardMode: 'SINGLE',
              status: 'DRAFT',
              version: 1,
              createBy: actor.user.username,
              createTime: now,
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
            .values(await prepareLines(trx, request.tenantId, eventId, lotId, body.lines))
            .execute();
          await appendTenderAudit(trx, {
            eventId,
            tenantId: request.tenantId,
            actor,
            action: 'create',
            payload: { code, ...auditOf(body) },
          });
        });
        return ok({ id: eventId }, '招标项目已保存');
      },
    );

    app.put(
      '/srm/tender/edit',
      {
        schema: { tags, summary: '修改招标项目草稿（传 lines 时整体替换物料行）', body: editBody },
        config: access('srm:tender:edit'),
      },
      async (request) => {
        const body = request.body;
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const { event } = await tenderFor(trx, actor, body.id);
          if (event.status !== 'DRAFT') throw businessError('只有草稿状态的招标项目可以修改');
          if (event.version !== body.version) throw businessError('招标项目已被他人修改，请刷新后重试');
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
              .values(await prepareLines(trx, request.tenantId, event.id, lot.id, body.lines))
              .execute();
          }
          const { id: _id, version: _v, ...rest } = body;
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'amend',
            payload: auditOf(rest),
          });
        });
        return ok(null, '招标项目已保存');
      },
    );

    app.post(
      '/srm/tender/invite',
      {
        schema: {
          tags,
          summary: '邀请供应商（邀请招标；SRC-3 资格，不重复）',
          body: z.object({ id, supplierIds: z.array(id).min(1, '请选择供应商').max(100) }),
        },
        config: access('srm:tender:edit'),
      },
      async (request) => {
        const { supplierIds } = request.body;
        if (new Set(supplierIds).size !== supplierIds.length) throw businessError('同一供应商不能重复邀请（SRC-3）');
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const { event } = await tenderFor(trx, actor, request.body.id);
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
            const s = await trx
              .selectFrom('supplier')
              .select('name')
              .where('id', '=', supplierId)
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('sourcingParticipation')
              .values({
                id: newId(),
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
          }
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'invite',
            payload: { supplierIds },
          });
        });
        return ok(null, '已邀请供应商');
      },
    );

    app.post(
      '/srm/tender/submit',
      {
        schema: { tags, summary: '提交审批（TND-1、TND-2、TND-22 等校验；审批引擎 X-10）', body: z.object({ id }) },
        config: access('srm:tender:edit'),
      },
      async (request) => {
        const actor = actorOf(request);
        const status = await ctx.db.transaction().execute(async (trx) => {
          const { event, settings } = await tenderFor(trx, actor, request.body.id);
          if (event.status !== 'DRAFT') throw businessError('只有草稿状态的招标项目可以提交审批');
          await validateTender(trx, event, settings, null);
          await moveEvent(trx, actor, event, ['DRAFT'], 'PENDING_APPROVAL', 'submit');
          await appendTenderAudit(trx, {
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
        });
        return ok(
          status === 'APPROVED' ? 'APPROVED' : 'PENDING_APPROVAL',
          status === 'APPROVED' ? '招标项目已审批通过' : '招标项目已提交审批',
        );
      },
    );

    app.post(
      '/srm/tender/publish',
      {
        schema: { tags, summary: '发布招标项目（审批通过后；公开招标同步门户采购公告）', body: z.object({ id }) },
        config: access('srm:tender:publish'),
      },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const { event, settings } = await tenderFor(trx, actor, request.body.id);
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
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'publish',
            payload: { publishedAt: now, responseDeadline: event.responseDeadline },
          });
        });
        return ok(null, '招标项目已发布');
      },
    );

    const openMessage = {
      FAILED: '投标人不足3家，招标失败（已流标）',
      PENDING: '已确认开标，等待其他开标人确认',
      OPENED: '已开标',
    } as const;

    app.post(
      '/srm/tender/open',
      {
        schema: {
          tags,
          summary: '开标（TND-8 截止后；不足3家流标 TND-9；开标人达到法定人数后解密 P2；双信封先开技术标）',
          body: z.object({ id }),
        },
        config: access('srm:tender:open'),
      },
      async (request) => {
        const actor = actorOf(request);
        const result = await ctx.db.transaction().execute(async (trx) => {
          const { event, settings } = await tenderFor(trx, actor, request.body.id);
          return approveOpening(
            trx,
            ctx.config,
            actor,
            event,
            settings,
            event.envelopeMode === 'TWO' ? 'TECHNICAL' : 'SINGLE',
          );
        });
        request.log.info({ event: 'tender.open', id: request.body.id, result: result.result }, 'tender opening step');
        return ok(result, openMessage[result.result]);
      },
    );

    app.post(
      '/srm/tender/open-commercial',
      {
        schema: {
          tags,
          summary: '开启商务标（双信封：技术标未被否决的投标；开标人达到法定人数后解密）',
          body: z.object({ id }),
        },
        config: access('srm:tender:open'),
      },
      async (request) => {
        const actor = actorOf(request);
        const result = await ctx.db.transaction().execute(async (trx) => {
          const { event, settings } = await tenderFor(trx, actor, request.body.id);
          return approveOpening(trx, ctx.config, actor, event, settings, 'COMMERCIAL');
        });
        return ok(result, result.result === 'OPENED' ? '商务标已开标' : openMessage[result.result]);
      },
    );

    app.post(
      '/srm/tender/extend',
      {
        schema: {
          tags,
          summary: '延长投标截止（开标）时间（只能延长、截止前；记入审计链并通知全部参与人）',
          body: z.object({
            id,
            responseDeadline: wireTime('投标截止时间'),
            reason: z.string().trim().min(1, '请填写延期原因').max(500, '延期原因不能超过500个字符'),
          }),
        },
        config: access('srm:tender:publish'),
      },
      async (request) => {
        const actor = actorOf(request);
        const { responseDeadline, reason } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const { event } = await tenderFor(trx, actor, request.body.id);
          const now = serverNowIso();
          if (event.status !== 'PUBLISHED') throw businessError('只有已发布的招标项目可以延期');
          if (!event.responseDeadline || now >= event.responseDeadline)
            throw businessError('投标已截止，不能延期（SRC-2）');
          if (responseDeadline <= event.responseDeadline)
            throw businessError('投标截止时间只能延长，不能提前（SRC-2，P2）');
          await moveDeadline(trx, actor, event, responseDeadline, reason, 'extend');
          await publishClarification(
            trx,
            actor,
            { ...event, responseDeadline },
            { kind: 'AMENDMENT', answer: `投标截止（开标）时间延长至 ${toWireDateTime(responseDeadline)}：${reason}` },
          );
        });
        return ok(null, '投标截止时间已延长');
      },
    );

    app.post(
      '/srm/tender/amendment',
      {
        schema: {
          tags,
          summary:
            '发布招标文件澄清或修改，或答复投标人的问题（TND-3：影响投标且距截止不足15日时自动顺延截止时间；SRC-9 不显示提问方）',
          body: z.object({
            id,
            questionId: id.optional(),
            answer: z.string().trim().min(1, '请填写澄清或修改内容').max(20000, '内容不能超过20000个字符'),
            affectsResponses: z.boolean().default(false),
          }),
        },
        config: access('srm:tender:publish'),
      },
      async (request) => {
        const actor = actorOf(request);
        const { answer, affectsResponses, questionId } = request.body;
        const moved = await ctx.db.transaction().execute(async (trx) => {
          const { event } = await tenderFor(trx, actor, request.body.id);
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
          const text = pushedTo
            ? `${answer}\n\n投标截止（开标）时间顺延至 ${toWireDateTime(pushedTo)}（TND-3）`
            : answer;
          // With questionId a bidder's question gets this answer, published to all without its asker (SRC-9).
          const clarificationId = await publishClarification(trx, actor, current, {
            kind: 'AMENDMENT',
            answer: text,
            affectsResponses,
            ...(questionId ? { questionId } : {}),
          });
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: questionId ? 'answer' : 'amendment',
            payload: { clarificationId, affectsResponses, pushedTo },
          });
          return pushedTo;
        });
        return ok(
          { responseDeadline: toWireDateTime(moved) },
          moved ? `已发布；投标截止时间已顺延至 ${toWireDateTime(moved)}（TND-3）` : '已发布',
        );
      },
    );

    app.post(
      '/srm/tender/cancel',
      {
        schema: {
          tags,
          summary: '终止招标项目（SRC-10：须填原因；发布后须采购主管权限；记入审计链）',
          body: z.object({
            id,
            reason: z.string().trim().min(1, '请填写终止原因').max(500, '终止原因不能超过500个字符'),
          }),
        },
        config: access('srm:tender:edit'),
      },
      async (request) => {
        // Read before the transaction (SQLite has one connection, held by the transaction).
        const manager = (await ctx.permissions.codesOf(request.user!.id)).has('srm:sourcing:cancelPublished');
        const actor = actorOf(request);
        const { reason } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const { event } = await tenderFor(trx, actor, request.body.id);
          if (event.status === 'PENDING_APPROVAL') throw businessError('审批中的招标项目请先撤回审批');
          const before = ['DRAFT', 'APPROVED', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING'];
          if (!before.includes(event.status)) throw businessError(`当前状态（${statusText(event.status)}）不能终止`);
          if (!['DRAFT', 'APPROVED'].includes(event.status) && !manager)
            throw forbidden('发布后的招标项目须由采购主管终止（SRC-10）');
          await moveEvent(trx, actor, event, before, 'CANCELLED', 'cancel', { cancelReason: reason }, reason);
          await trx
            .updateTable('sourcingResponse')
            .set({ status: 'WITHDRAWN', updateTime: serverNowIso() })
            .where('eventId', '=', event.id)
            .where('status', '=', 'SUBMITTED')
            .execute();
          await withdrawAnnouncement(trx, event.id, `已终止：${reason}`);
          if (!['DRAFT', 'APPROVED'].includes(event.status))
            await notifySuppliers(
              trx,
              event,
              await participantIds(trx, event.id),
              `招标项目已终止：${event.title}`,
              reason,
            );
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'cancel',
            payload: { reason },
          });
        });
        return ok(null, '招标项目已终止');
      },
    );

    /** P5: after opening, bid contents to the buyer's team only; superseded and withdrawn versions never. */
    const bidView = async (db: Db, eventId: string, responseId?: string) => {
      let q = db
        .selectFrom('sourcingResponse as r')
        .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
        .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
        .select([
          'r.id',
          'r.code',
          'r.supplierId',
          'p.supplierName',
          'r.versionNo',
          'r.status',
          'r.submittedAt',
          'r.payloadHash',
          'b.technicalHash',
          'r.totalAmount',
          'r.validUntil',
          'r.paymentTerms',
          'r.deliveryTerms',
          'r.rejectReason',
          'b.technicalText',
          'b.technicalFiles',
          'b.technicalOpenedAt',
          'b.commercialOpenedAt',
        ])
        .where('r.eventId', '=', eventId)
        .where('r.status', 'in', ['OPENED', 'VALID', 'REJECTED', 'AWARDED', 'NOT_AWARDED'])
        .where('b.technicalOpenedAt', 'is not', null);
      if (responseId) q = q.where('r.id', '=', responseId);
      const bids = await q.orderBy('r.submittedAt').execute();
      const lines = bids.length
        ? await db
            .selectFrom('sourcingResponseLine')
            .select([
              'responseId',
              'sourcingLineId',
              'qtyOffered',
              'unitPrice',
              'taxRate',
              'amount',
              'leadTimeDays',
              'promisedDate',
              'remark',
            ])
            .where(
              'responseId',
              'in',
              bids.map((b) => b.id),
            )
            .execute()
        : [];
      return bids.map((b) => ({
        ...b,
        submittedAt: toWireDateTime(b.submittedAt),
        technicalOpenedAt: toWireDateTime(b.technicalOpenedAt),
        commercialOpenedAt: toWireDateTime(b.commercialOpenedAt),
        technicalFiles: b.technicalFiles ? (JSON.parse(b.technicalFiles) as string[]) : [],
        lines: lines.filter((l) => l.responseId === b.id),
      }));
    };

    app.get(
      '/srm/tender/bids',
      {
        schema: {
          tags,
          summary: '投标文件（开标后，仅采购方项目组；不含被替换或撤回的版本）',
          querystring: z.object({ id }),
        },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        if (!event.openedAt) throw businessError('开标前不能查看投标文件（TND-5）');
        const bids = await bidView(ctx.db, event.id);
        // P4: every view of bid contents is an entry of the chain.
        await ctx.db.transaction().execute((trx) =>
          appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor: actorOf(request),
            action: 'viewBids',
            payload: { responses: bids.map((b) => b.id) },
          }),
        );
        return ok(bids);
      },
    );

    app.get(
      '/srm/tender/bid',
      {
        schema: {
          tags,
          summary: '一份投标文件（被替换、撤回或未开标的版本不存在：404）',
          querystring: z.object({ id, responseId: id }),
        },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        const [bid] = await bidView(ctx.db, event.id, request.query.responseId);
        if (!bid) throw notFound('投标文件不存在');
        await ctx.db.transaction().execute((trx) =>
          appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor: actorOf(request),
            action: 'viewBid',
            payload: { responseId: bid.id },
          }),
        );
        return ok(bid);
      },
    );

    app.post(
      '/srm/tender/clone',
      {
        schema: { tags, summary: '流标后重新招标：复制为新草稿（TND-24，关联原项目）', body: z.object({ id }) },
        config: access('srm:tender:add'),
      },
      async (request) => {
        const actor = actorOf(request);
        const newEventId = newId();
        await ctx.db.transaction().execute(async (trx) => {
          const { event, settings } = await tenderFor(trx, actor, request.body.id);
          if (event.status !== 'FAILED') throw businessError('只有已流标的招标项目可以重新招标（TND-24）');
          const now = serverNowIso();
          const code = await ctx.codes.next('TND', { tenantId: event.tenantId, trx });
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
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'clone',
            payload: { newEventId, code },
          });
          await appendTenderAudit(trx, {
            eventId: newEventId,
            tenantId: event.tenantId,
            actor,
            action: 'create',
            payload: { code, previousEventId: event.id },
          });
        });
        return ok({ id: newEventId }, '已复制为新的招标项目草稿');
      },
    );

    app.get(
      '/srm/tender/audit/list',
      {
        schema: { tags, summary: '招标审计日志（哈希链，只读）', querystring: z.object({ id }) },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        const rows = await ctx.db
          .selectFrom('tenderAudit')
          .selectAll()
          .where('eventId', '=', event.id)
          .orderBy('seq')
          .execute();
        return ok(rows.map((r) => ({ ...r, atWire: toWireDateTime(r.at) })));
      },
    );

    app.get(
      '/srm/tender/audit/verify',
      {
        schema: { tags, summary: '校验审计日志哈希链（P4）', querystring: z.object({ id }) },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        return ok(await verifyTenderAudit(ctx.db, event.id));
      },
    );
  };
