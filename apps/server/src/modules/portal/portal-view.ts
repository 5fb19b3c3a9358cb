import { sql, type SqlBool } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ok,
  PORTAL_LIMITS,
  toPage,
  type NewsItem,
  type NewsType,
  type PortalResult,
  type PortalSourcingType,
  type PortalStats,
  type PurchaseAnnouncementPage,
  type ResultAnnouncementItem,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { ID_PATTERN } from '../../core/ids.js';
import { escapeLike } from '../../core/paging.js';
import type { PortalNewsTable, PortalResultAnnouncementTable } from '../../db/portal-tables.js';
import { actorOf } from '../../core/access.js';
import { loadEnabledTemplate, loadPortalConfig } from './portal-config.js';
import { parseSupplierList, toPurchaseDetail, toPurchaseItem, type DictLabels } from './portal-projection.js';
import { signUp, signupRefusal } from './portal-signup.js';
import {
  day,
  MEMBER_STATUSES,
  ongoingCount,
  portalMembers,
  purchaseById,
  visiblePurchase,
  withEventStatus,
} from './portal-view-queries.js';

/** Public reads: generous for browsing, bounded against scraping loops. */
const READ_LIMIT = { max: 300, timeWindow: '1 minute' };
const TAGS = ['门户'];

const type = z.enum(['tender', 'inquiry', 'bidding', ''], '类型只能是 tender、inquiry 或 bidding').optional();
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(10);
const anyId = z.string().max(64);

/** Text of rich content for list cards: tags dropped, at most `max` characters. */
function summary(html: string | null, max = 200): string {
  const text = sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function toResultItem(r: PortalResultAnnouncementTable): ResultAnnouncementItem {
  return {
    id: r.id,
    type: r.type as PortalSourcingType,
    title: r.title,
    content: summary(r.content),
    date: day(r.publishTime),
  };
}

function toNewsItem(n: PortalNewsTable, full: boolean): NewsItem {
  return {
    id: n.id,
    title: n.title,
    content: full ? (n.content ?? '') : summary(n.content),
    type: n.type as NewsType,
    date: n.newsDate,
  };
}

/**
 * The public portal's reads (`/portal/view/*`, spec part 1 §7, domain §23): projections of
 * published records only (PORTAL-1), nothing internal (PORTAL-2), phases and countdowns from
 * the server clock; and the sign-up command of the invitation dialog (SRC-4).
 */
export const portalView =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.db;
    const pub = { access: 'public' as const, rateLimit: READ_LIMIT };
    const labels = async (): Promise<DictLabels> => {
      const maps = await ctx.dicts.textMaps(['srm_purchase_method', 'srm_purchase_type', 'srm_sourcing_type']);
      // An auction or RFQ announces its sourcing type as its method (AUCTION 竞价): both dictionaries name it.
      const method = new Map([...maps.srm_sourcing_type, ...maps.srm_purchase_method]);
      return { method, type: maps.srm_purchase_type };
    };
    const members = (limit: number) => portalMembers(db, limit);

    app.get(
      '/portal/view/purchaseAnnouncement',
      { schema: { tags: TAGS, summary: '首页采购公告（最新6条）', querystring: z.object({ type }) }, config: pub },
      async (request) => {
        let q = db.selectFrom('portalPurchaseAnnouncement').selectAll().where('status', '=', 'published');
        if (request.query.type) q = q.where('type', '=', request.query.type);
        const rows = await q
          .orderBy('publishTime', 'desc')
          .orderBy('id', 'desc')
          .limit(PORTAL_LIMITS.homeSliderItems)
          .execute();
        const [l, now] = [await labels(), serverNow().getTime()];
        return ok((await withEventStatus(db, rows)).map((r) => toPurchaseItem(r, l, now)));
      },
    );

    app.get(
      '/portal/view/purchaseAnnouncements',
      {
        schema: {
          tags: TAGS,
          summary: '采购公告列表',
          querystring: z.object({ likeName: z.string().trim().max(100).optional(), type, pageNo, pageSize }),
        },
        config: pub,
      },
      async (request): Promise<ReturnType<typeof ok<PurchaseAnnouncementPage>>> => {
        const { likeName, type: t, pageNo: current, pageSize: size } = request.query;
        let q = visiblePurchase(db);
        if (t) q = q.where('type', '=', t);
        if (likeName) {
          const pattern = `%${escapeLike(likeName)}%`;
          q = q.where(
            ctx.kind === 'postgres'
              ? sql<SqlBool>`${sql.ref('title')} ilike ${pattern} escape ${'\\'}`
              : sql<SqlBool>`${sql.ref('title')} like ${pattern} escape ${'\\'}`,
          );
        }
        const total = Number(
          (
            await q
              .clearSelect()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
        const rows = await q
          .orderBy('publishTime', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute();
        const nowIsoValue = serverNowIso();
        const now = Date.parse(nowIsoValue);
        const l = await labels();
        const page = toPage(
          (await withEventStatus(db, rows)).map((r) => toPurchaseItem(r, l, now)),
          total,
          current,
          size,
        );
        return ok({ ...page, ongoing: await ongoingCount(db, nowIsoValue) });
      },
    );

    app.get(
      '/portal/view/purchaseAnnouncementDetail',
      { schema: { tags: TAGS, summary: '采购公告详情', querystring: z.object({ id: anyId }) }, config: pub },
      async (request) =>
        ok(toPurchaseDetail(await purchaseById(db, request.query.id), await labels(), serverNow().getTime())),
    );

    app.get(
      '/portal/view/invitation',
      { schema: { tags: TAGS, summary: '报名邀请', querystring: z.object({ name: anyId, type }) }, config: pub },
      async (request) =>
        ok(
          toPurchaseDetail(
            await purchaseById(db, request.query.name, request.query.type),
            await labels(),
            serverNow().getTime(),
          ),
        ),
    );

    const results = (t?: string) => {
      let q = db.selectFrom('portalResultAnnouncement').selectAll().where('status', '=', 'published');
      if (t) q = q.where('type', '=', t);
      return q.orderBy('publishTime', 'desc').orderBy('id', 'desc').limit(50);
    };
    app.get(
      '/portal/view/resultAnnouncements',
      { schema: { tags: TAGS, summary: '结果公告列表' }, config: pub },
      async () => ok((await results().execute()).map(toResultItem)),
    );
    app.get(
      '/portal/view/resultAnnouncement',
      { schema: { tags: TAGS, summary: '结果公告（按类型）', querystring: z.object({ type }) }, config: pub },
      async (request) => ok((await results(request.query.type).execute()).map(toResultItem)),
    );
    app.get(
      '/portal/view/portalResult',
      { schema: { tags: TAGS, summary: '结果公示详情', querystring: z.object({ name: anyId, type }) }, config: pub },
      async (request): Promise<ReturnType<typeof ok<PortalResult>>> => {
        const { name, type: t } = request.query;
        let q = db
          .selectFrom('portalResultAnnouncement')
          .selectAll()
          .where('status', '=', 'published')
          .where('id', '=', name);
        if (t) q = q.where('type', '=', t);
        const r = ID_PATTERN.test(name) ? await q.executeTakeFirst() : undefined;
        if (!r) throw businessError('结果公告不存在或已撤回');
        return ok({
          title: r.title,
          bidCode: r.bidCode ?? '',
          projectName: r.projectName ?? '',
          company: r.company ?? '',
          updateTime: toWireDateTime(r.updateTime ?? r.publishTime) ?? '',
          supplierList: parseSupplierList(r.supplierList),
        });
      },
    );

    app.get(
      '/portal/view/news',
      {
        schema: {
          tags: TAGS,
          summary: '新闻资讯',
          querystring: z.object({ type: z.enum(['公司新闻', '行业新闻', '']).optional(), pageNo, pageSize }),
        },
        config: pub,
      },
      async (request) => {
        const { type: t, pageNo: current, pageSize: size } = request.query;
        let q = db.selectFrom('portalNews').selectAll().where('status', '=', 'published');
        if (t) q = q.where('type', '=', t);
        const total = Number(
          (
            await q
              .clearSelect()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
        const rows = await q
          .orderBy('newsDate', 'desc')
          .orderBy('createTime', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute();
        return ok(
          toPage(
            rows.map((n) => toNewsItem(n, false)),
            total,
            current,
            size,
          ),
        );
      },
    );
    app.get(
      '/portal/view/newsDetail',
      { schema: { tags: TAGS, summary: '新闻详情', querystring: z.object({ id: anyId }) }, config: pub },
      async (request) => {
        const n = ID_PATTERN.test(request.query.id)
          ? await db
              .selectFrom('portalNews')
              .selectAll()
              .where('status', '=', 'published')
              .where('id', '=', request.query.id)
              .executeTakeFirst()
          : undefined;
        if (!n) throw businessError('新闻不存在或已撤回');
        return ok(toNewsItem(n, true));
      },
    );

    app.get('/portal/view/members', { schema: { tags: TAGS, summary: '最新入驻供应商' }, config: pub }, async () =>
      ok(await members(20)),
    );

    app.get(
      '/portal/view/stats',
      { schema: { tags: TAGS, summary: '门户统计' }, config: pub },
      async (): Promise<ReturnType<typeof ok<PortalStats>>> => {
        const count = (n: { n: number | string | bigint }) => Number(n.n);
        const suppliers = await db
          .selectFrom('supplier')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delFlag', '=', 0)
          .where('status', 'in', MEMBER_STATUSES)
          .executeTakeFirstOrThrow();
        const purchases = await visiblePurchase(db)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const resultCount = await db
          .selectFrom('portalResultAnnouncement')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'published')
          .executeTakeFirstOrThrow();
        return ok({
          suppliers: count(suppliers),
          purchaseAnnouncements: count(purchases),
          ongoing: await ongoingCount(db, serverNowIso()),
          results: count(resultCount),
        });
      },
    );

    app.get(
      '/portal/view/template',
      { schema: { tags: TAGS, summary: '已启用的门户模板（站点设置）' }, config: pub },
      async () => ok({ template: await loadEnabledTemplate(db) }),
    );

    app.get(
      '/portal/view/config',
      {
        schema: {
          tags: TAGS,
          summary: '门户页面配置',
          querystring: z.object({ template: z.enum(['se', 'pro'], '模板只能是 se 或 pro').default('se') }),
        },
        config: pub,
      },
      async (request) => {
        const config = await loadPortalConfig(db, request.query.template);
        // The member cloud shows live members unless the administrator listed some.
        if (config.companyCloud.data.length === 0) config.companyCloud.data = await members(20);
        return ok(config);
      },
    );

    app.get(
      '/portal/view/signUpCheck',
      {
        schema: { tags: TAGS, summary: '当前用户能否报名（不能时的原因）' },
        // A supplier that must still complete its information (SUP-3) is told so here, so 报名 is
        // disabled with that reason instead of live and failing; the sign-up itself stays gated.
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok({ refusal: await signupRefusal(db, request.user!, serverNow()) }),
    );

    app.post(
      '/portal/view/signUp',
      {
        schema: { tags: TAGS, summary: '报名', body: z.object({ id: anyId }) },
        config: { access: 'authenticated', rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { announcement: a, supplierId } = await signUp(db, request.user!, actorOf(request), request.body.id);
        request.log.info({ event: 'portal.signup', announcementId: a.id, supplierId }, 'supplier signed up');
        return ok({ announcementId: a.id, sourcingEventId: a.sourcingEventId }, '报名成功');
      },
    );
  };
