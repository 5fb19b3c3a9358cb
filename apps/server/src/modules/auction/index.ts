/**
 * Live reverse auctions (domain §12) — server side. The engine is pure (`bid-rules.ts`); this
 * module stores lots, bids and refused attempts (migration 0045) and streams views (§12.4).
 *
 *   buyer    POST /srm/auction/event/add        AUCTION event + one lot (rule block §12.1) + lines
 *            GET  /srm/auction/event/queryById   event detail + its lots (rules, live state)
 *            POST /srm/auction/event/edit        draft only: title, rules, lines
 *            (reuse) POST /srm/sourcing/event/invite | publish
 *            POST /srm/auction/lot/ban           AUC-13 (reason; the supplier's later bids are refused; notice)
 *            POST /srm/auction/lot/start         AUC-16 minParticipants
 *            POST /srm/auction/lot/pause|resume  AUC-12 (reason; resume moves the end)
 *            POST /srm/auction/lot/close         AUC-11 (also lazily on any read/bid after the end)
 *            POST /srm/auction/bid/void          AUC-13 (reason; ranking recomputed)
 *            GET  /srm/auction/lot/view          visibleTo BUYER
 *   supplier (reuse) POST /srm/sourcing/supplier/event/accept
 *            POST /srm/auction/supplier/bid      §12.3; refusals answer success:false with the engine's message
 *            GET  /srm/auction/supplier/lot/view visibleTo BIDDER
 *            GET  /srm/auction/supplier/lot/list the supplier's auction lots with the public rules (never reservePrice),
 *                                                its outcome once the award is FINAL and the reason of a failed lot
 *   both     GET  /srm/auction/stream?lotId=     SSE, each subscription with its own view
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, compare, isDecimal } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/database.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { auctionLotTopic, type LiveMessage } from '../../core/live-events.js';
import { sendEventStream } from '../../http/event-stream.js';
import { decimalText, id, requiredText, wireTime } from '../../http/wire.js';
import { actorOf, eventFor, logState, type Actor } from '../sourcing/sourcing-service.js';
import { eventDetail } from '../sourcing/event-detail.js';
import {
  pauseLot,
  resumeLot,
  startLot,
  closeLot,
  voidBid,
  visibleTo,
  initialLotState,
  type AuctionLotState,
  type AuctionRules,
  type AuctionSnapshot,
  type Viewer,
} from './bid-rules.js';
import { lotResult, settleClosedLot } from './auction-award.js';
import { AuctionService, notifyBidders, writeState, type LotContext } from './auction-service.js';
import { isActiveUnit, UNKNOWN_UNIT } from '../material/material-rules.js';

const positive = (label: string) =>
  decimalText(label).refine((v) => isDecimal(v) && compare(v, '0') > 0, `${label}必须大于0`);

/** The rule block of a lot (§12.1). */
export const rulesBody = z
  .object({
    biddingTarget: z.enum(['UNIT_PRICE', 'LOT_TOTAL'], { error: '竞价对象不正确' }),
    startPrice: positive('起始价'),
    reservePrice: positive('保留价').nullable().default(null),
    decrementMode: z.enum(['AMOUNT', 'PERCENT'], { error: '降价方式不正确' }),
    decrementValue: positive('最小降幅'),
    bidRule: z.enum(['BEAT_OWN_LAST', 'BEAT_BEST'], { error: '出价规则不正确' }).default('BEAT_OWN_LAST'),
    tieRule: z.enum(['NO_TIES', 'EARLIER_WINS'], { error: '同价规则不正确' }).default('NO_TIES'),
    maxBidsPerSupplier: z.number().int('出价次数上限必须是整数').min(1, '出价次数上限至少为1').nullable().default(null),
    confirmDropPct: decimalText('大幅降价确认比例').default('20'),
    startAt: wireTime('竞价开始时间'),
    endAt: wireTime('竞价结束时间'),
    overtimeEnabled: z.boolean().default(false),
    overtimeWindowMin: z.number().int().min(0, '延时窗口不能为负').max(120).default(0),
    overtimeTrigger: z.enum(['ANY_BID', 'LEADER_CHANGE'], { error: '延时触发方式不正确' }).default('ANY_BID'),
    overtimeBase: z.enum(['FROM_BID_TIME', 'FROM_END_TIME'], { error: '延时基准不正确' }).default('FROM_END_TIME'),
    overtimeExtendMin: z.number().int().min(0).max(120).default(0),
    maxExtensions: z.number().int().min(0).nullable().default(null),
    maxTotalExtensionMin: z.number().int().min(0).nullable().default(null),
    supplierView: z
      .enum(['RANK_ONLY', 'BEST_PRICE', 'RANK_AND_BEST', 'TRAFFIC_LIGHT', 'NONE'], { error: '供应商可见内容不正确' })
      .default('RANK_ONLY'),
    showParticipantCount: z.boolean().default(false),
    buyerAnonymous: z.boolean().default(false),
    minParticipants: z.number().int('最少参与数必须是整数').min(1, '最少参与数至少为1').max(100).default(2),
    pricePrecision: z.number().int().min(0, '价格小数位为0到6').max(6, '价格小数位为0到6').default(2),
  })
  .superRefine((r, c) => {
    if (Date.parse(r.startAt) >= Date.parse(r.endAt))
      c.addIssue({ code: 'custom', path: ['endAt'], message: '竞价结束时间必须晚于开始时间' });
    if (r.reservePrice !== null && compare(r.reservePrice, r.startPrice) > 0)
      c.addIssue({ code: 'custom', path: ['reservePrice'], message: '保留价不能高于起始价' });
    if (r.decrementMode === 'PERCENT' && compare(r.decrementValue, '100') >= 0)
      c.addIssue({ code: 'custom', path: ['decrementValue'], message: '最小降幅百分比必须小于100' });
    if (r.overtimeEnabled && (r.overtimeWindowMin < 1 || r.overtimeExtendMin < 1))
      c.addIssue({ code: 'custom', path: ['overtimeWindowMin'], message: '启用延时须填写延时窗口和延长分钟数' });
  });

const addBody = z.object({
  title: z.string().trim().min(1, '请填写标题').max(200, '标题不能超过200个字符'),
  /** PUBLIC: announced on the portal (purchase and result announcements under 竞价, §23); bidders are still the invited ones. */
  visibility: z.enum(['PUBLIC', 'INVITED'], { error: '公开方式不正确' }).default('INVITED'),
  rules: rulesBody,
  lines: z
    .array(
      z.object({
        materialId: id.optional(),
        materialName: z.string().trim().min(1, '请填写物料名称').max(200),
        qty: positive('数量'),
        unit: z.string().trim().min(1, '请选择单位').max(16),
      }),
    )
    .min(1, '请至少填写一行物料')
    .max(200),
});

type LineInput = { materialId?: string; materialName: string; qty: string; unit: string };

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

const lotBody = z.object({ lotId: id });
const price = z.union([z.string().trim().max(40), z.number()]);
const bidBody = z.object({
  lotId: id,
  price: price.optional(),
  lines: z
    .array(z.object({ lineId: id, qty: z.string().trim().max(40), unitPrice: price }))
    .max(200)
    .optional(),
  confirmed: z.boolean().optional(),
  clientRequestId: z
    .string()
    .trim()
    .min(8, '请求编号不正确')
    .max(64, '请求编号不正确')
    .regex(/^[\w-]+$/, '请求编号不正确'),
});

/** What a bidder may know of a lot's rules before and during the auction (§12.4): never the reserve price. */
export const publicRules = (r: AuctionRules) => ({
  biddingTarget: r.biddingTarget,
  startPrice: r.startPrice,
  decrementMode: r.decrementMode,
  decrementValue: r.decrementValue,
  bidRule: r.bidRule,
  tieRule: r.tieRule,
  maxBidsPerSupplier: r.maxBidsPerSupplier,
  confirmDropPct: r.confirmDropPct,
  startAt: r.startAt,
  endAt: r.endAt,
  overtimeEnabled: r.overtimeEnabled,
  overtimeWindowMin: r.overtimeWindowMin,
  overtimeExtendMin: r.overtimeExtendMin,
  maxExtensions: r.maxExtensions,
  supplierView: r.supplierView,
  pricePrecision: r.pricePrecision,
});

const lotMessage = (viewer: Viewer, snapshot: AuctionSnapshot): LiveMessage => ({
  event: 'lot',
  data: visibleTo(viewer, snapshot),
  id: String(snapshot.state.lastSeq),
});

export const auctionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new AuctionService(ctx.db, ctx.kind, ctx.live);
    const tags = ['竞价'];
    const buyer = (permission: string) => ({ access: { permission }, internalOnly: true });
    const supplier = { access: { permission: 'srm:sourcing:supplier' } };
    const asBuyer = (actor: Actor) => {
      if (actor.user.supplierId) throw forbidden();
      return actor;
    };

    app.post(
      '/srm/auction/event/add',
      {
        schema: { tags, summary: '新建竞价单草稿（一个标段，§12.1 竞价规则，物料行）', body: addBody },
        config: buyer('srm:auction:add'),
      },
      async (request) => {
        const actor = asBuyer(actorOf(request));
        const { title, visibility, rules, lines } = request.body;
        const eventId = newId();
        const lotId = newId();
        await ctx.db.transaction().execute(async (trx) => {
          const now = serverNowIso();
          const code = await ctx.codes.next('AUC', { tenantId: request.tenantId, trx });
          await trx
            .insertInto('sourcingEvent')
            .values({
              id: eventId,
              tenantId: request.tenantId,
              code,
              title,
              type: 'AUCTION',
              method: 'AUCTION',
              purchaseType: 'GOODS',
              visibility,
              eligibility: 'QUALIFIED_ANY',
              legalMandatory: 0,
              buyerId: actor.user.id,
              currency: 'CNY',
              taxIncludedQuote: 0,
              sealed: 0,
              envelopeMode: 'ONE',
              rounds: 1,
              currentRound: 1,
              minInvited: rules.minParticipants,
              minParticipants: rules.minParticipants,
              allowRevision: 1,
              allowWithdraw: 0,
              allowPartialQuote: 0,
              showTargetPrice: 0,
              pricePrecision: rules.pricePrecision,
              awardMode: 'SINGLE',
              status: 'DRAFT',
              version: 1,
              createBy: actor.user.username,
              createTime: now,
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
            .values(await lineRows(trx, request.tenantId, eventId, lotId, lines, now))
            .execute();
          const state = initialLotState(lotId, rules);
          await trx
            .insertInto('auctionLotState')
            .values({ ...state, eventId, tenantId: request.tenantId, updateTime: now })
            .execute();
          await logState(trx, actor, {
            eventId,
            docType: 'EVENT',
            docId: eventId,
            action: 'create',
            fromStatus: null,
            toStatus: 'DRAFT',
          });
        });
        return ok({ id: eventId, lotId }, '竞价单已保存');
      },
    );

    /** A buyer's lot transition: checks the event is published, applies it, logs it. */
    const transition =
      (
        action: string,
        apply: (
          lot: LotContext,
          admitted: number,
        ) => { ok: true; state: AuctionLotState } | { ok: false; message: string },
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

    const start = transition('auction-start', (lot, admitted) => startLot(lot.state, lot.rules, admitted, lot.now));
    app.post(
      '/srm/auction/lot/start',
      {
        schema: { tags, summary: '开始竞价（AUC-16 入围供应商不少于最少参与数）', body: lotBody },
        config: buyer('srm:auction:run'),
      },
      async (request) => {
        await start(actorOf(request), request.body.lotId, request.body);
        return ok(null, '竞价已开始');
      },
    );

    const pauseBody = z.object({ lotId: id, reason: requiredText(500, '暂停原因') });
    app.post(
      '/srm/auction/lot/pause',
      { schema: { tags, summary: '暂停竞价（AUC-12，须填原因）', body: pauseBody }, config: buyer('srm:auction:run') },
      async (request) => {
        const r = request.body.reason;
        await transition(
          'auction-pause',
          (lot) => pauseLot(lot.state, lot.now, r),
          () => r,
        )(actorOf(request), request.body.lotId, request.body);
        return ok(null, '竞价已暂停');
      },
    );

    const resume = transition('auction-resume', (lot) => resumeLot(lot.state, lot.now));
    app.post(
      '/srm/auction/lot/resume',
      {
        schema: { tags, summary: '恢复竞价（AUC-12，结束时间顺延暂停时长）', body: lotBody },
        config: buyer('srm:auction:run'),
      },
      async (request) => {
        await resume(actorOf(request), request.body.lotId, request.body);
        return ok(null, '竞价已恢复');
      },
    );

    app.post(
      '/srm/auction/lot/close',
      {
        schema: { tags, summary: '结束竞价（AUC-11：到结束时间后冻结排名；无有效出价则流标）', body: lotBody },
        config: buyer('srm:auction:run'),
      },
      async (request) => {
        const actor = asBuyer(actorOf(request));
        const { result } = await service.withLot(actor, request.body.lotId, async (trx, lot) => {
          if (lot.closedNow) return { ok: true as const, status: lot.state.status };
          const closing = closeLot(lot.state, lot.bids, lot.now);
          if (!closing.ok) return { ok: false as const, message: closing.message };
          await writeState(trx, closing.state, lot.now);
          await settleClosedLot(trx, lot.event, closing.state, lot.rules, lot.bids, lot.now);
          lot.changed = true;
          return { ok: true as const, status: closing.state.status };
        });
        if (!result.ok) throw businessError(result.message);
        return ok({ status: result.status }, result.status === 'CLOSED' ? '竞价已结束' : '竞价无有效出价，已流标');
      },
    );

    app.post(
      '/srm/auction/bid/void',
      {
        schema: {
          tags,
          summary: '作废报价（AUC-13：须填原因，重新计算排名）',
          body: z.object({ lotId: id, seq: z.number().int().min(1), reason: requiredText(500, '作废原因') }),
        },
        config: buyer('srm:auction:void'),
      },
      async (request) => {
        const actor = asBuyer(actorOf(request));
        const { lotId, seq, reason: why } = request.body;
        const { result } = await service.withLot(actor, lotId, async (trx, lot) => {
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
        });
        if (!result.ok) throw businessError(result.message);
        return ok(null, '报价已作废');
      },
    );

    app.get(
      '/srm/auction/event/queryById',
      {
        schema: {
          tags,
          summary: '竞价单详情：单据、物料行、供应商、标段（规则与实时状态）',
          querystring: z.object({ id }),
        },
        config: buyer('srm:auction:list'),
      },
      async (request) => {
        const event = await eventFor(ctx.db, asBuyer(actorOf(request)), request.query.id);
        if (event.type !== 'AUCTION') throw businessError('该单据不是竞价单');
        const lots = await ctx.db
          .selectFrom('sourcingLot as l')
          .innerJoin('auctionLotState as s', 's.lotId', 'l.id')
          .select([
            'l.id',
            'l.lotNo',
            'l.name',
            'l.rules',
            's.status',
            's.currentEndAt',
            's.extensionsUsed',
            's.bestPrice',
          ])
          .where('l.eventId', '=', event.id)
          .orderBy('l.lotNo')
          .execute();
        const withResult = [];
        for (const l of lots) {
          const rules = JSON.parse(l.rules ?? '{}') as AuctionRules;
          // A read closes a lot whose end has passed (AUC-11), so the detail never shows a stale RUNNING.
          const { snapshot } = await service.read(asBuyer(actorOf(request)), l.id);
          const { state } = snapshot;
          const ended = state.status === 'CLOSED' || state.status === 'FAILED';
          // The lazy close above may have just recorded the previous price (AUC-17).
          const { previousPrice } = await ctx.db
            .selectFrom('auctionLotState')
            .select('previousPrice')
            .where('lotId', '=', l.id)
            .executeTakeFirstOrThrow();
          withResult.push({
            ...l,
            status: state.status,
            currentEndAt: state.currentEndAt,
            extensionsUsed: state.extensionsUsed,
            bestPrice: state.bestPrice,
            rules,
            result: ended ? lotResult(rules, state, snapshot.bids, previousPrice) : null,
          });
        }
        // Re-read the event: the lazy close may have moved it (EVALUATING / FAILED).
        return ok({
          ...(await eventDetail(ctx.db, await eventFor(ctx.db, asBuyer(actorOf(request)), event.id))),
          lots: withResult,
        });
      },
    );

    app.post(
      '/srm/auction/event/edit',
      {
        schema: { tags, summary: '修改竞价单草稿（标题、竞价规则、物料行）', body: addBody.extend({ id }) },
        config: buyer('srm:auction:add'),
      },
      async (request) => {
        const actor = asBuyer(actorOf(request));
        const { id: eventId, title, visibility, rules, lines } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const event = await eventFor(trx, actor, eventId);
          if (event.type !== 'AUCTION') throw businessError('该单据不是竞价单');
          if (event.status !== 'DRAFT') throw businessError('只有草稿状态的竞价单可以修改');
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
            .values(await lineRows(trx, request.tenantId, eventId, lot.id, lines, now))
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
        });
        return ok(null, '竞价单已保存');
      },
    );

    app.post(
      '/srm/auction/lot/ban',
      {
        schema: {
          tags,
          summary: '禁止供应商继续出价（AUC-13：须填原因，记录日志并通知该供应商）',
          body: z.object({ lotId: id, supplierId: id, reason: requiredText(500, '禁止原因') }),
        },
        config: buyer('srm:auction:void'),
      },
      async (request) => {
        const actor = asBuyer(actorOf(request));
        const { lotId, supplierId, reason: why } = request.body;
        const { result } = await service.withLot(actor, lotId, async (trx, lot) => {
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
        });
        if (!result.ok) throw businessError(result.message);
        return ok(null, '已禁止该供应商出价');
      },
    );

    app.get(
      '/srm/auction/supplier/lot/list',
      { schema: { tags, summary: '本供应商参与的竞价标段（公开的竞价规则，不含保留价）' }, config: supplier },
      async (request) => {
        const supplierId = actorOf(request).user.supplierId;
        if (!supplierId) return ok([]);
        const rows = await ctx.db
          .selectFrom('sourcingParticipation as p')
          .innerJoin('sourcingEvent as e', 'e.id', 'p.eventId')
          .innerJoin('sourcingLot as l', 'l.eventId', 'e.id')
          .innerJoin('auctionLotState as s', 's.lotId', 'l.id')
          .select([
            'e.id as eventId',
            'e.code',
            'e.title',
            'e.status as eventStatus',
            'e.failReason',
            'e.currency',
            'p.status as participationStatus',
            'l.id as lotId',
            'l.name as lotName',
            'l.rules',
            's.status',
            's.currentEndAt',
            's.extensionsUsed',
          ])
          .where('p.supplierId', '=', supplierId)
          .where('e.type', '=', 'AUCTION')
          .where('e.status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
          .orderBy('e.createTime', 'desc')
          .orderBy('l.lotNo')
          .execute();
        const eventIds = [...new Set(rows.map((r) => r.eventId))];
        const lines = rows.length
          ? await ctx.db
              .selectFrom('sourcingLine')
              .select(['id', 'lotId', 'lineNo', 'materialName', 'spec', 'qty', 'unit'])
              .where('eventId', 'in', eventIds)
              .orderBy('lineNo')
              .execute()
          : [];
        // Once the award is FINAL the supplier's own outcome, as its award / non-award notice told it (AWD-7).
        const outcomes = rows.length
          ? await ctx.db
              .selectFrom('sourcingResponse as r')
              .innerJoin('sourcingAward as a', (j) =>
                j.onRef('a.eventId', '=', 'r.eventId').on('a.status', '=', 'FINAL'),
              )
              .select(['r.eventId', 'r.status', 'a.noticeIssuedAt'])
              .where('r.eventId', 'in', eventIds)
              .where('r.supplierId', '=', supplierId)
              .where('r.status', 'in', ['AWARDED', 'NOT_AWARDED'])
              .execute()
          : [];
        return ok(
          rows.map(({ rules, failReason, ...r }) => {
            const outcome = outcomes.find((o) => o.eventId === r.eventId);
            return {
              ...r,
              rules: publicRules(JSON.parse(rules ?? '{}') as AuctionRules),
              lines: lines.filter((l) => l.lotId === r.lotId),
              outcome: (outcome?.status ?? null) as 'AWARDED' | 'NOT_AWARDED' | null,
              noticeIssuedAt: toWireDateTime(outcome?.noticeIssuedAt ?? null),
              failReason: r.eventStatus === 'FAILED' ? failReason : null,
            };
          }),
        );
      },
    );

    app.get(
      '/srm/auction/lot/view',
      {
        schema: { tags, summary: '竞价实时情况（采购方视角）', querystring: lotBody },
        config: buyer('srm:auction:list'),
      },
      async (request) => {
        const { snapshot } = await service.read(asBuyer(actorOf(request)), request.query.lotId);
        return ok(visibleTo({ kind: 'BUYER' }, snapshot));
      },
    );

    app.post(
      '/srm/auction/supplier/bid',
      {
        schema: { tags, summary: '出价（§12.3；被拒时返回原因）', body: bidBody },
        config: { ...supplier, sealedParams: true },
      },
      async (request) => {
        const actor = actorOf(request);
        if (!actor.user.supplierId) throw forbidden();
        const body = request.body;
        if (body.price === undefined && !body.lines) throw badRequest('请填写报价');
        const decision = await service.bid(actor, body);
        if (decision.outcome === 'REFUSED')
          throw businessError(decision.message, { reason: decision.reason, limit: decision.limit ?? null });
        const b = decision.bid;
        return ok(
          {
            price: b.price,
            receivedAt: b.receivedAt,
            rank: b.rankAfter,
            extendedEndAt: b.extendedEndAt,
            duplicate: decision.outcome === 'DUPLICATE',
          },
          '出价成功',
        );
      },
    );

    app.get(
      '/srm/auction/supplier/lot/view',
      { schema: { tags, summary: '竞价实时情况（本供应商视角）', querystring: lotBody }, config: supplier },
      async (request) => {
        const actor = actorOf(request);
        if (!actor.user.supplierId) throw forbidden();
        const { snapshot } = await service.read(actor, request.query.lotId);
        return ok(visibleTo({ kind: 'BIDDER', supplierId: actor.user.supplierId }, snapshot));
      },
    );

    app.get(
      '/srm/auction/stream',
      {
        schema: { tags, summary: '竞价实时推送（SSE；采购方与供应商各得其视图）', querystring: lotBody },
        config: { access: 'authenticated' },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const codes = await ctx.permissions.codesOf(actor.user.id);
        const needed = actor.user.supplierId ? 'srm:sourcing:supplier' : 'srm:auction:list';
        if (!codes.has(needed)) throw forbidden();
        // Checks the lot is the viewer's (tenant / participation) and closes it lazily if due.
        const { snapshot } = await service.read(actor, request.query.lotId);
        const viewer = service.viewerOf(actor);
        const subscription = ctx.live.subscribe({
          topics: [auctionLotTopic(request.query.lotId)],
          view: (message) => lotMessage(viewer, message as AuctionSnapshot),
          overflow: 'drop-oldest',
          maxQueue: 32,
        });
        await sendEventStream(request, reply, subscription, { initial: [lotMessage(viewer, snapshot)] });
        return reply;
      },
    );
  };
