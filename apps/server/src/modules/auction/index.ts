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
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { auctionLotTopic, type LiveMessage } from '../../core/live-events.js';
import { sendEventStream } from '../../http/event-stream.js';
import { decimalText, id, requiredLineText, requiredText, wireTime } from '../../http/wire.js';
import { actorOf, eventFor, logState } from '../sourcing/sourcing-service.js';
import { pauseLot, resumeLot, startLot, closeLot, visibleTo, type AuctionSnapshot, type Viewer } from './bid-rules.js';
import { settleClosedLot } from './auction-award.js';
import { AuctionService, writeState } from './auction-service.js';
import { createAuction, editAuction } from './auction-drafts.js';
import { asBuyer, banBidder, lotTransition, voidLotBid } from './lot-interventions.js';
import { auctionDetail, publicRules, supplierAuctionLots } from './auction-queries.js';

// What a bidder may know of the rules lives with the reads; exported here as before.
export { publicRules };

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
  title: requiredLineText(200, '标题'),
  /** PUBLIC: announced on the portal (purchase and result announcements under 竞价, §23); bidders are still the invited ones. */
  visibility: z.enum(['PUBLIC', 'INVITED'], { error: '公开方式不正确' }).default('INVITED'),
  rules: rulesBody,
  lines: z
    .array(
      z.object({
        materialId: id.optional(),
        materialName: requiredLineText(200, '物料名称'),
        qty: positive('数量'),
        unit: z.string().trim().min(1, '请选择单位').max(16),
      }),
    )
    .min(1, '请至少填写一行物料')
    .max(200),
});

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
        await ctx.db
          .transaction()
          .execute((trx) =>
            createAuction(trx, ctx.codes, actor, { eventId, lotId }, { title, visibility, rules, lines }),
          );
        return ok({ id: eventId, lotId }, '竞价单已保存');
      },
    );

    const start = lotTransition(service, 'auction-start', (lot, admitted) =>
      startLot(lot.state, lot.rules, admitted, lot.now),
    );
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
        await lotTransition(
          service,
          'auction-pause',
          (lot) => pauseLot(lot.state, lot.now, r),
          () => r,
        )(actorOf(request), request.body.lotId, request.body);
        return ok(null, '竞价已暂停');
      },
    );

    const resume = lotTransition(service, 'auction-resume', (lot) => resumeLot(lot.state, lot.now));
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
        const [actor, action] = [asBuyer(actorOf(request)), 'auction-close'];
        const { result } = await service.withLot(actor, request.body.lotId, async (trx, lot) => {
          if (lot.closedNow) return { ok: true as const, status: lot.state.status };
          const closing = closeLot(lot.state, lot.bids, lot.now);
          if (!closing.ok) return { ok: false as const, message: closing.message };
          await writeState(trx, closing.state, lot.now);
          const [from, to] = [lot.state.status, closing.state.status];
          await logState(trx, actor, {
            eventId: lot.event.id,
            docType: 'EVENT',
            docId: lot.lotId,
            action,
            fromStatus: from,
            toStatus: to,
          });
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
        const { result } = await service.withLot(actor, lotId, (trx, lot) => voidLotBid(trx, lot, actor, seq, why));
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
        return ok(await auctionDetail(ctx.db, service, asBuyer(actorOf(request)), event.id));
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
        await ctx.db
          .transaction()
          .execute((trx) => editAuction(trx, actor, eventId, { title, visibility, rules, lines }));
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
        const { result } = await service.withLot(actor, lotId, (trx, lot) =>
          banBidder(trx, lot, actor, supplierId, why),
        );
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
        return ok(await supplierAuctionLots(ctx.db, supplierId));
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
