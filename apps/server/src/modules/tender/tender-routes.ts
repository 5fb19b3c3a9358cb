import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { defineApprovalDocType } from '../approval/index.js';
import { id, pageParams, wireTime } from '../../http/wire.js';
import { actorOf } from '../sourcing/sourcing-service.js';
import { appendTenderEvent, tenderAuditTrail, verifyTenderAudit } from './audit.js';
import { approveOpening } from './tender-opening.js';
import { addBody, editBody, tenderFor } from './tender-service.js';
import { cloneTender, createTender, editTender, inviteToTender } from './tender-draft-service.js';
import {
  amendTender,
  approvalDecided,
  cancelTender,
  extendTender,
  publishTender,
  submitTender,
  TENDER_DOC_TYPE,
} from './tender-lifecycle-service.js';
import { tenderApprovalDetail } from './tender-approval-detail.js';
import { bidView, listTenders, officerCandidates, tenderDetail } from './tender-queries.js';

export { TENDER_DOC_TYPE };

const PAGE = '/srm/tender';

// a tender is approved before it can be published (§11.2 step 1).
export const tenderApprovalDocType = defineApprovalDocType(TENDER_DOC_TYPE, {
  label: '招标项目发布',
  openPage: PAGE,
  detail: tenderApprovalDetail,
  onApproved: (trx, o) => approvalDecided(trx, o, 'APPROVED', 'approve'),
  onRejected: (trx, o) => approvalDecided(trx, o, 'DRAFT', 'reject'),
  onWithdrawn: (trx, o) => approvalDecided(trx, o, 'DRAFT', 'withdrawApproval'),
});

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
        return ok(await listTenders(ctx.db, request.tenantId, request.query));
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
        const query = request.query as Record<string, unknown>;
        return ok(await officerCandidates(ctx.db, ctx.kind, request.tenantId, query));
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
        await ctx.db.transaction().execute((trx) => createTender(trx, ctx.codes, actor, eventId, body));
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
        await ctx.db.transaction().execute((trx) => editTender(trx, actor, body));
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
        await ctx.db
          .transaction()
          .execute((trx) => inviteToTender(trx, actorOf(request), request.body.id, supplierIds));
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
        const status = await ctx.db.transaction().execute((trx) => submitTender(trx, actor, request.body.id));
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
        await ctx.db.transaction().execute((trx) => publishTender(trx, actor, request.body.id));
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
        await ctx.db
          .transaction()
          .execute((trx) => extendTender(trx, actor, request.body.id, responseDeadline, reason));
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
        const moved = await ctx.db
          .transaction()
          .execute((trx) => amendTender(trx, actor, request.body.id, { answer, affectsResponses, questionId }));
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
        await ctx.db.transaction().execute((trx) => cancelTender(trx, actor, request.body.id, reason, manager));
        return ok(null, '招标项目已终止');
      },
    );

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
          appendTenderEvent(trx, {
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
          appendTenderEvent(trx, {
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
        await ctx.db.transaction().execute((trx) => cloneTender(trx, ctx.codes, actor, request.body.id, newEventId));
        return ok({ id: newEventId }, '已复制为新的招标项目草稿');
      },
    );

    app.get(
      '/srm/tender/audit/list',
      {
        schema: { tags, summary: '招标审计日志：本项目在租户审计链中的记录（只读）', querystring: z.object({ id }) },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        return ok(await tenderAuditTrail(ctx.db, event));
      },
    );

    app.get(
      '/srm/tender/audit/verify',
      {
        schema: { tags, summary: '校验租户审计链（P4），指出第一条断开的记录', querystring: z.object({ id }) },
        config: access('srm:tender:list'),
      },
      async (request) => {
        const { event } = await tenderFor(ctx.db, actorOf(request), request.query.id);
        return ok(await verifyTenderAudit(ctx.db, event));
      },
    );
  };
