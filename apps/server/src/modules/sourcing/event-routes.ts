import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { id, pageParams, requiredText, wireTime } from '../../http/wire.js';
import { actorOf, eventFor, type Actor } from './sourcing-service.js';
import { eventDetail } from './event-detail.js';
import { inviteCandidates } from './invite-candidates.js';
import { comparisonMatrix, openEvent } from './opening.js';
import { addBody, editBody } from './event-schemas.js';
import { insertRfqDraft, editRfqDraft } from './rfq-draft-service.js';
import {
  cancelRfq,
  extendResponseDeadline,
  failRfq,
  inviteSuppliers,
  publishRfq,
  uninviteSupplier,
} from './rfq-service.js';
import { listEvents } from './event-queries.js';

/**
 * The buyer's side of sourcing events (§9, §10): drafts with lines, invitations, publish,
 * extend, open, the comparison matrix, INSUFFICIENT handling, cancel. The state log: sourcing-log.ts.
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
        return ok(await listEvents(ctx.db, request.tenantId, request.query));
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
        await ctx.db.transaction().execute((trx) => editRfqDraft(trx, actorOf(request), request.body));
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
        const caution = await ctx.db
          .transaction()
          .execute((trx) => inviteSuppliers(trx, actorOf(request), request.body.id, supplierIds));
        return ok(null, caution ? `已邀请供应商。${caution}` : '已邀请供应商');
      },
    );

    // The invite picker's candidates, for the sourcing invite (RFQs, auctions) and the tender's.
    const candidates = (path: string, permission: string) =>
      app.get(
        path,
        {
          schema: {
            tags,
            summary: '可邀请的供应商（按单据的参与资格，SRC-3、X-15）',
            querystring: z.object({ id, keyword: z.string().trim().max(100).optional() }),
          },
          config: access(permission),
        },
        async (request) =>
          ok(await inviteCandidates(ctx.db, actorOf(request), request.query.id, request.query.keyword || undefined)),
      );
    candidates('/srm/sourcing/event/inviteCandidates', 'srm:sourcing:invite');
    candidates('/srm/tender/inviteCandidates', 'srm:tender:edit');

    app.post(
      '/srm/sourcing/event/uninvite',
      {
        schema: { tags, summary: '移除受邀供应商（仅草稿）', body: z.object({ id, supplierId: id }) },
        config: access('srm:sourcing:invite'),
      },
      async (request) => {
        await ctx.db
          .transaction()
          .execute((trx) => uninviteSupplier(trx, actorOf(request), request.body.id, request.body.supplierId));
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
        await ctx.db.transaction().execute((trx) => publishRfq(trx, actorOf(request), request.body.id));
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
        const { id: eventId, responseDeadline, reason } = request.body;
        await ctx.db
          .transaction()
          .execute((trx) => extendResponseDeadline(trx, actorOf(request), eventId, responseDeadline, reason));
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
        await ctx.db
          .transaction()
          .execute((trx) => failRfq(trx, actorOf(request), request.body.id, request.body.reason));
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
        await ctx.db
          .transaction()
          .execute((trx) => cancelRfq(trx, actorOf(request), request.body.id, request.body.reason, manager));
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
  };

export type { Actor };
