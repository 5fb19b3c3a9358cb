import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, add, compare, decimals, isDecimal, multiply } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDay, serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { id, requiredText, text } from '../../http/wire.js';
import type { QuotePayload } from '../sourcing/opening.js';
import { masterKey, newWrappedDataKey, payloadHash, sealPayload } from '../sourcing/sealing.js';
import {
  actorOf,
  assertMayRespond,
  invitationRefusal,
  notifyBuyer,
  supplierEventFor,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { appendTenderAudit } from './audit.js';
import { technicalAad, type TechnicalPayload } from './tender-opening.js';
import { METHOD_TEXT, statusText } from './tender-service.js';

const bidBody = z.object({
  eventId: id,
  /** a repeated id returns the first receipt and stores nothing new. */
  clientRequestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确')
    .optional(),
  technical: z.object({
    text: requiredText(20000, '技术标内容'),
    fileIds: z.array(id).max(50, '技术标附件不能超过50个').default([]),
    /** The same attachments as the upload widget keeps them (stored paths); resolved to the user's own files. */
    files: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_/-]{1,80}\.[a-z0-9]{2,5}$/, '技术标附件路径不正确'),
      )
      .max(50, '技术标附件不能超过50个')
      .default([]),
  }),
  commercial: z.object({
    paymentTerms: text(500, '付款条件').optional(),
    deliveryTerms: text(500, '交货条件').optional(),
    lines: z
      .array(
        z.object({
          sourcingLineId: id,
          unitPrice: z.string().trim().min(1, '请填写单价'),
          taxRate: z.string().trim().min(1, '请填写税率'),
          leadTimeDays: z.number().int().min(0).max(3650).optional(),
          remark: text(500, '备注').optional(),
        }),
      )
      .min(1, '请至少报价一行')
      .max(200),
  }),
});

/** The receipt of a bid (P3): server time and the SHA-256 of each sealed envelope. */
async function receiptOf(db: Db, responseId: string) {
  const r = await db
    .selectFrom('sourcingResponse as r')
    .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
    .select(['r.id', 'r.code', 'r.versionNo', 'r.submittedAt', 'r.payloadHash', 'b.technicalHash'])
    .where('r.id', '=', responseId)
    .executeTakeFirstOrThrow();
  return {
    responseId: r.id,
    code: r.code,
    versionNo: r.versionNo,
    serverTime: r.submittedAt,
    submittedAt: toWireDateTime(r.submittedAt),
    payloadHash: r.payloadHash,
    technicalHash: r.technicalHash,
  };
}

/** SRC-5 / TND-6 / X-1: the bid window by the server clock, strictly before the deadline. */
function assertBidWindow(event: EventRow, now: string, what: string): void {
  if (event.status !== 'PUBLISHED') throw businessError(`招标项目${statusText(event.status)}，不能${what}（TND-6）`);
  if (event.responseStartAt && now < event.responseStartAt)
    throw businessError(`投标尚未开始（开始时间 ${toWireDateTime(event.responseStartAt)}），不能${what}（SRC-5）`);
  if (!event.responseDeadline || now >= event.responseDeadline)
    throw businessError(
      `投标已截止（截止时间 ${toWireDateTime(event.responseDeadline)}），不能${what}，本次提交未保存（TND-6）`,
    );
}

/** A tender as a supplier user reaches it: one it takes part in, published (X-5, SRC-8). */
async function supplierTender(db: Db, actor: Actor, eventId: string) {
  const found = await supplierEventFor(db, actor, eventId);
  if (found.event.type !== 'TENDER') throw notFound('招标项目不存在');
  return found;
}

/**
 * The supplier's side of tenders (§11.2 steps 3–6), bound to the user's own supplier:
 * sign-up to open tenders (SRC-4), sealed two-part bids with receipts (TND-5/6/7, P3),
 * withdrawal, the opening record with confirmation or objection (TND-10). Nothing here tells
 * a supplier who else takes part or how many (TND-23) before the opening record.
 */
export const bidRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['招标（供应商）'];
    const config = { access: { permission: 'srm:sourcing:supplier' } };

    app.get(
      '/srm/tender/supplier/open-list',
      { schema: { tags, summary: '可报名的公开招标项目（报名期内）' }, config },
      async () => {
        const now = serverNowIso();
        const rows = await ctx.db
          .selectFrom('sourcingEvent')
          .select(['id', 'code', 'title', 'method', 'signupStartAt', 'signupDeadline', 'responseDeadline'])
          .where('type', '=', 'TENDER')
          .where('visibility', '=', 'PUBLIC')
          .where('status', '=', 'PUBLISHED')
          .where('signupDeadline', '>', now)
          .orderBy('signupDeadline')
          .execute();
        return ok(
          rows.map((r) => ({
            ...r,
            methodText: METHOD_TEXT[r.method] ?? r.method,
            signupStartAt: toWireDateTime(r.signupStartAt),
            signupDeadline: toWireDateTime(r.signupDeadline),
            responseDeadline: toWireDateTime(r.responseDeadline),
          })),
        );
      },
    );

    app.post(
      '/srm/tender/supplier/signup',
      {
        schema: {
          tags,
          summary: '报名公开招标（SRC-4 报名期内、资格 SRC-3）',
          body: z.object({
            id,
            contactName: text(50, '联系人').optional(),
            contactMobile: text(30, '联系电话').optional(),
          }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        const supplierId = actor.user.supplierId;
        if (!supplierId) throw forbidden();
        await ctx.db.transaction().execute(async (trx) => {
          const event = await trx
            .selectFrom('sourcingEvent')
            .selectAll()
            .where('id', '=', request.body.id)
            .where('type', '=', 'TENDER')
            .where('visibility', '=', 'PUBLIC')
            .where('status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
            .executeTakeFirst();
          if (!event) throw notFound('招标项目不存在');
          const now = serverNowIso();
          if (
            event.status !== 'PUBLISHED' ||
            (event.signupStartAt && now < event.signupStartAt) ||
            !event.signupDeadline ||
            now >= event.signupDeadline
          )
            throw businessError('不在报名时间内（SRC-4）');
          const mine = await trx
            .selectFrom('sourcingParticipation')
            .select('id')
            .where('eventId', '=', event.id)
            .where('supplierId', '=', supplierId)
            .executeTakeFirst();
          if (mine) throw businessError('贵公司已报名本项目');
          const why = await invitationRefusal(trx, event, supplierId, { signup: true, at: serverNow() });
          if (why) throw businessError(why);
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
              origin: 'SIGNED_UP',
              status: 'APPROVED',
              lotIds: null,
              declineReason: null,
              rejectReason: null,
              contactName: request.body.contactName ?? null,
              contactMobile: request.body.contactMobile ?? null,
              respondedAt: now,
              createBy: actor.user.username,
              createTime: now,
              updateTime: null,
            })
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'signup',
            payload: { supplierId },
          });
        });
        return ok(null, '报名成功');
      },
    );

    app.get(
      '/srm/tender/supplier/queryById',
      {
        schema: {
          tags,
          summary: '招标项目详情（供应商视角：不含其他投标人、预算；本方投标回执）',
          querystring: z.object({ id }),
        },
        config,
      },
      async (request) => {
        const { event, participation } = await supplierTender(ctx.db, actorOf(request), request.query.id);
        const settings = await ctx.db
          .selectFrom('tenderSettings')
          .select([
            'qualificationMode',
            'docIssueStartAt',
            'docIssueEndAt',
            'bidValidityDays',
            'evaluationMethod',
            'clarificationDeadline',
            'objectionDeadline',
          ])
          .where('eventId', '=', event.id)
          .executeTakeFirstOrThrow();
        const [lines, bids] = await Promise.all([
          ctx.db
            .selectFrom('sourcingLine')
            .select([
              'id',
              'lineNo',
              'materialCode',
              'materialName',
              'spec',
              'qty',
              'unit',
              'needByDate',
              'deliveryPlace',
              'remark',
            ])
            .where('eventId', '=', event.id)
            .orderBy('lineNo')
            .execute(),
          // Own bids: receipts always; superseded or withdrawn versions show only their receipt (P5).
          ctx.db
            .selectFrom('sourcingResponse as r')
            .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
            .select([
              'r.id',
              'r.code',
              'r.versionNo',
              'r.status',
              'r.submittedAt',
              'r.payloadHash',
              'b.technicalHash',
              'r.totalAmount',
            ])
            .where('r.eventId', '=', event.id)
            .where('r.supplierId', '=', participation.supplierId)
            .orderBy('r.versionNo')
            .execute(),
        ]);
        return ok({
          // The countdown to the deadline runs on the server clock, not the browser's.
          serverTime: serverNowIso(),
          id: event.id,
          code: event.code,
          title: event.title,
          method: event.method,
          methodText: METHOD_TEXT[event.method] ?? event.method,
          status: event.status,
          statusText: statusText(event.status),
          currency: event.currency,
          ceilingPrice: event.ceilingPrice,
          twoEnvelope: event.envelopeMode === 'TWO' ? 1 : 0,
          allowWithdraw: event.allowWithdraw,
          pricePrecision: event.pricePrecision,
          signupDeadline: toWireDateTime(event.signupDeadline),
          responseStartAt: toWireDateTime(event.responseStartAt),
          responseDeadline: toWireDateTime(event.responseDeadline),
          content: event.content,
          contactName: event.contactName,
          contactPhone: event.contactPhone,
          settings: {
            ...settings,
            docIssueStartAt: toWireDateTime(settings.docIssueStartAt),
            docIssueEndAt: toWireDateTime(settings.docIssueEndAt),
            clarificationDeadline: toWireDateTime(settings.clarificationDeadline),
            objectionDeadline: toWireDateTime(settings.objectionDeadline),
          },
          lines,
          participation: {
            status: participation.status,
            origin: participation.origin,
            declineReason: participation.declineReason,
          },
          bids: bids.map((b) => ({ ...b, submittedAt: toWireDateTime(b.submittedAt) })),
        });
      },
    );

    app.post(
      '/srm/tender/supplier/accept',
      { schema: { tags, summary: '接受投标邀请（邀请招标）', body: z.object({ id }) }, config },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const { event, participation } = await supplierTender(trx, actor, request.body.id);
          if (participation.status !== 'INVITED') throw businessError('只有待确认的邀请可以接受');
          assertBidWindow(event, serverNowIso(), '接受邀请');
          await assertMayRespond(trx, participation.supplierId);
          const now = serverNowIso();
          await trx
            .updateTable('sourcingParticipation')
            .set({ status: 'ACCEPTED', respondedAt: now, updateTime: now })
            .where('id', '=', participation.id)
            .where('status', '=', 'INVITED')
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'acceptInvitation',
            payload: { supplierId: participation.supplierId },
          });
        });
        return ok(null, '已接受邀请');
      },
    );

    app.post(
      '/srm/tender/supplier/decline',
      {
        schema: {
          tags,
          summary: '拒绝投标邀请（须填原因）',
          body: z.object({ id, reason: requiredText(500, '拒绝原因') }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const { event, participation } = await supplierTender(trx, actor, request.body.id);
          if (participation.status !== 'INVITED') throw businessError('只有待确认的邀请可以拒绝');
          assertBidWindow(event, serverNowIso(), '拒绝邀请');
          const now = serverNowIso();
          await trx
            .updateTable('sourcingParticipation')
            .set({ status: 'DECLINED', declineReason: request.body.reason, respondedAt: now, updateTime: now })
            .where('id', '=', participation.id)
            .where('status', '=', 'INVITED')
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'declineInvitation',
            payload: { supplierId: participation.supplierId },
          });
          await notifyBuyer(trx, event, `供应商已拒绝投标邀请：${participation.supplierName}`, request.body.reason);
        });
        return ok(null, '已拒绝邀请');
      },
    );

    app.post(
      '/srm/tender/supplier/bid/submit',
      {
        schema: {
          tags,
          summary: '递交投标文件（技术标与商务标分别密封；截止前可修改；回执含服务器时间与 SHA-256）',
          body: bidBody,
        },
        config: { ...config, sealedParams: true },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body;
        const supplierId = actor.user.supplierId;
        if (!supplierId) throw forbidden();
        if (body.clientRequestId) {
          const seen = await ctx.db
            .selectFrom('sourcingResponse')
            .select('id')
            .where('supplierId', '=', supplierId)
            .where('clientRequestId', '=', body.clientRequestId)
            .executeTakeFirst();
          if (seen) return ok(await receiptOf(ctx.db, seen.id), '投标文件已递交');
        }
        const responseId = await ctx.db.transaction().execute(async (trx) => {
          const { event, participation } = await supplierTender(trx, actor, body.eventId);
          const now = serverNowIso();
          assertBidWindow(event, now, '投标');
          if (participation.status === 'INVITED') throw businessError('请先接受邀请再投标');
          if (participation.status !== 'ACCEPTED' && participation.status !== 'APPROVED')
            throw businessError('贵公司未报名或未受邀参加本项目，不能投标（SRC-5）');
          await assertMayRespond(trx, supplierId);
          const settings = await trx
            .selectFrom('tenderSettings')
            .select(['bidValidityDays'])
            .where('eventId', '=', event.id)
            .executeTakeFirstOrThrow();

          // SRC-7: every line of the tender, once; prices > 0 within the precision.
          const eventLines = await trx
            .selectFrom('sourcingLine')
            .select(['id', 'lineNo', 'qty'])
            .where('eventId', '=', event.id)
            .execute();
          const seen = new Set<string>();
          const lines: QuotePayload['lines'] = [];
          for (const l of body.commercial.lines) {
            const line = eventLines.find((e) => e.id === l.sourcingLineId);
            if (!line) throw badRequest('报价行不属于本招标项目（SRC-7）');
            if (seen.has(line.id)) throw badRequest(`第${line.lineNo}行重复报价（SRC-7）`);
            seen.add(line.id);
            const at = `第${line.lineNo}行`;
            if (!isDecimal(l.unitPrice) || compare(l.unitPrice, '0') <= 0)
              throw badRequest(`${at}单价必须大于0（SRC-7）`);
            if (decimals(l.unitPrice) > event.pricePrecision)
              throw badRequest(`${at}单价最多${event.pricePrecision}位小数（SRC-7）`);
            if (!isDecimal(l.taxRate) || compare(l.taxRate, '100') > 0) throw badRequest(`${at}税率在 0 到 100 之间`);
            lines.push({
              sourcingLineId: line.id,
              qtyOffered: line.qty,
              unitPrice: l.unitPrice,
              taxRate: l.taxRate,
              amount: multiply(line.qty, l.unitPrice, 2),
              leadTimeDays: l.leadTimeDays ?? null,
              promisedDate: null,
              minOrderQty: null,
              remark: l.remark ?? null,
            });
          }
          if (seen.size !== eventLines.length) throw badRequest('须对招标项目的全部物料行报价（SRC-7）');
          const fileIds = [...new Set(body.technical.fileIds)];
          if (body.technical.files.length) {
            const paths = [...new Set(body.technical.files)];
            const owned = await trx
              .selectFrom('sysFile')
              .select('id')
              .where('path', 'in', paths)
              .where('ownerId', '=', actor.user.id)
              .execute();
            if (owned.length !== paths.length) throw badRequest('技术标附件不存在或不是本人上传的文件');
            for (const f of owned) if (!fileIds.includes(f.id)) fileIds.push(f.id);
          }
          if (fileIds.length > 50) throw badRequest('技术标附件不能超过50个');
          if (fileIds.length) {
            const files = await trx
              .selectFrom('sysFile')
              .select('id')
              .where('id', 'in', fileIds)
              .where('ownerId', '=', actor.user.id)
              .execute();
            if (files.length !== fileIds.length) throw badRequest('技术标附件不存在或不是本人上传的文件');
          }
          // The bid is valid for bidValidityDays from the deadline (投标有效期).
          const validUntil = businessDay(new Date(event.responseDeadline!), settings.bidValidityDays);
          const commercial: QuotePayload = {
            totalAmount: add(lines.map((l) => l.amount)),
            validUntil,
            paymentTerms: body.commercial.paymentTerms ?? null,
            deliveryTerms: body.commercial.deliveryTerms ?? null,
            lines,
          };
          const technical: TechnicalPayload = { text: body.technical.text, fileIds };

          // TND-7: a new version supersedes the effective one.
          const previous = await trx
            .selectFrom('sourcingResponse')
            .select(['id', 'status', 'versionNo'])
            .where('eventId', '=', event.id)
            .where('supplierId', '=', supplierId)
            .orderBy('versionNo', 'desc')
            .execute();
          const effective = previous.find((p) => p.status === 'SUBMITTED');
          const versionNo = (previous[0]?.versionNo ?? 0) + 1;
          const rid = newId();
          let wrapped = event.sealedKey;
          if (!wrapped) {
            await trx
              .updateTable('sourcingEvent')
              .set({ sealedKey: newWrappedDataKey(masterKey(ctx.config), event.id) })
              .where('id', '=', event.id)
              .where('sealedKey', 'is', null)
              .execute();
            wrapped = (
              await trx
                .selectFrom('sourcingEvent')
                .select('sealedKey')
                .where('id', '=', event.id)
                .executeTakeFirstOrThrow()
            ).sealedKey!;
          }
          const master = masterKey(ctx.config);
          const sealedCommercial = sealPayload(master, wrapped, event.id, rid, commercial);
          const sealedTechnical = sealPayload(master, wrapped, event.id, technicalAad(rid), technical);
          if (effective)
            await trx
              .updateTable('sourcingResponse')
              .set({ status: 'SUPERSEDED', updateTime: now })
              .where('id', '=', effective.id)
              .where('status', '=', 'SUBMITTED')
              .execute();
          await trx
            .insertInto('sourcingResponse')
            .values({
              id: rid,
              tenantId: event.tenantId,
              code: `${event.code}-${String(versionNo).padStart(2, '0')}-${rid.slice(-6).toUpperCase()}`,
              eventId: event.id,
              supplierId,
              participationId: participation.id,
              round: event.currentRound,
              versionNo,
              status: 'SUBMITTED',
              submittedAt: now,
              sealedPayload: sealedCommercial,
              payloadHash: payloadHash(sealedCommercial),
              clientRequestId: body.clientRequestId ?? null,
              totalAmount: null,
              validUntil: null,
              paymentTerms: null,
              deliveryTerms: null,
              rejectReason: null,
              openedAt: null,
              createBy: actor.user.username,
              createTime: now,
              updateTime: null,
            })
            .execute();
          await trx
            .insertInto('sourcingResponseLine')
            .values(
              lines.map((l) => ({
                id: newId(),
                responseId: rid,
                sourcingLineId: l.sourcingLineId,
                offered: 1,
                qtyOffered: null,
                unitPrice: null,
                taxRate: null,
                amount: null,
                leadTimeDays: null,
                promisedDate: null,
                minOrderQty: null,
                ladder: null,
                remark: null,
              })),
            )
            .execute();
          await trx
            .insertInto('tenderBid')
            .values({
              responseId: rid,
              eventId: event.id,
              technicalSealed: sealedTechnical,
              technicalHash: createHash('sha256').update(sealedTechnical).digest('hex'),
              technicalText: null,
              technicalFiles: null,
              technicalOpenedAt: null,
              commercialOpenedAt: null,
            })
            .execute();
          await trx
            .updateTable('sourcingParticipation')
            .set({ respondedAt: now, updateTime: now })
            .where('id', '=', participation.id)
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: effective ? 'revise' : 'submit',
            payload: {
              responseId: rid,
              versionNo,
              payloadHash: payloadHash(sealedCommercial),
              supersedes: effective?.id ?? null,
            },
          });
          return rid;
        });
        request.log.info({ event: 'tender.bid', responseId }, 'bid submitted');
        return ok(await receiptOf(ctx.db, responseId), '投标文件已递交');
      },
    );

    app.post(
      '/srm/tender/supplier/bid/withdraw',
      { schema: { tags, summary: '撤回投标（截止前，允许撤回时；TND-7）', body: z.object({ eventId: id }) }, config },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const { event, participation } = await supplierTender(trx, actor, request.body.eventId);
          assertBidWindow(event, serverNowIso(), '撤回投标');
          if (!event.allowWithdraw) throw businessError('本项目不允许撤回投标（TND-7）');
          const current = await trx
            .selectFrom('sourcingResponse')
            .select('id')
            .where('eventId', '=', event.id)
            .where('supplierId', '=', participation.supplierId)
            .where('status', '=', 'SUBMITTED')
            .executeTakeFirst();
          if (!current) throw businessError('没有可撤回的投标');
          await trx
            .updateTable('sourcingResponse')
            .set({ status: 'WITHDRAWN', updateTime: serverNowIso() })
            .where('id', '=', current.id)
            .where('status', '=', 'SUBMITTED')
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: 'withdraw',
            payload: { responseId: current.id },
          });
          await notifyBuyer(trx, event, `有投标人撤回投标：${event.title}`);
        });
        return ok(null, '投标已撤回');
      },
    );

    /** TND-10: the opening records, to every bidder (a supplier with a bid that was opened). */
    const bidderOf = async (db: Db, eventId: string, supplierId: string) =>
      db
        .selectFrom('sourcingResponse')
        .select('id')
        .where('eventId', '=', eventId)
        .where('supplierId', '=', supplierId)
        .where('openedAt', 'is not', null)
        .executeTakeFirst();

    app.get(
      '/srm/tender/supplier/opening-record',
      {
        schema: { tags, summary: '开标记录（开标后向全部投标人公布，TND-10）', querystring: z.object({ id }) },
        config,
      },
      async (request) => {
        const { event, participation } = await supplierTender(ctx.db, actorOf(request), request.query.id);
        if (!(await bidderOf(ctx.db, event.id, participation.supplierId))) return ok([]);
        const records = await ctx.db
          .selectFrom('tenderOpeningRecord')
          .selectAll()
          .where('eventId', '=', event.id)
          .orderBy('openedAt')
          .execute();
        const mine = await ctx.db
          .selectFrom('tenderOpeningConfirmation')
          .select(['recordId', 'decision', 'objection', 'at'])
          .where('eventId', '=', event.id)
          .where('supplierId', '=', participation.supplierId)
          .execute();
        return ok(
          records.map((r) => ({
            id: r.id,
            envelope: r.envelope,
            openedAt: toWireDateTime(r.openedAt),
            openedBy: r.openedBy,
            // Names, prices and main terms; no internal ids.
            entries: (JSON.parse(r.entries) as Record<string, unknown>[]).map(({ supplierId: _s, ...e }) => e),
            myConfirmation: mine.find((m) => m.recordId === r.id) ?? null,
          })),
        );
      },
    );

    app.post(
      '/srm/tender/supplier/opening-record/confirm',
      {
        schema: {
          tags,
          summary: '确认开标记录或提出异议（TND-10）',
          body: z.object({ recordId: id, objection: text(1000, '异议内容').optional() }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        const objection = request.body.objection || null;
        await ctx.db.transaction().execute(async (trx) => {
          const record = await trx
            .selectFrom('tenderOpeningRecord')
            .selectAll()
            .where('id', '=', request.body.recordId)
            .executeTakeFirst();
          if (!record) throw notFound('开标记录不存在');
          const { event, participation } = await supplierTender(trx, actor, record.eventId);
          const listed = (JSON.parse(record.entries) as { supplierId: string }[]).some(
            (e) => e.supplierId === participation.supplierId,
          );
          if (!listed) throw businessError('贵公司不在本开标记录中，不能确认');
          const done = await trx
            .selectFrom('tenderOpeningConfirmation')
            .select('id')
            .where('recordId', '=', record.id)
            .where('supplierId', '=', participation.supplierId)
            .executeTakeFirst();
          if (done) throw businessError('贵公司已确认或已对本开标记录提出异议');
          const decision = objection ? 'OBJECTED' : 'CONFIRMED';
          await trx
            .insertInto('tenderOpeningConfirmation')
            .values({
              id: newId(),
              recordId: record.id,
              eventId: event.id,
              supplierId: participation.supplierId,
              decision,
              objection,
              at: serverNowIso(),
            })
            .execute();
          await appendTenderAudit(trx, {
            eventId: event.id,
            tenantId: event.tenantId,
            actor,
            action: objection ? 'openingObjection' : 'openingConfirm',
            payload: { recordId: record.id, objection },
          });
          if (objection)
            await notifyBuyer(trx, event, `投标人对开标记录提出异议：${participation.supplierName}`, objection);
        });
        return ok(null, objection ? '异议已提交' : '已确认开标记录');
      },
    );
  };
