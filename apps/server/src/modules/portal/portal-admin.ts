import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ok,
  portalNewsResource,
  portalPurchaseAnnouncementResource,
  portalResultAnnouncementResource,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { recordId } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { sanitizeRichText } from '../../core/sanitize.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb } from '../../resource/resource-query.js';
import { wireToStored } from '../../resource/resource-query.js';
import { loadPortalConfig, MAX_CONFIG_BYTES, portalConfigSchema, saveEnabledTemplate } from './portal-config.js';

const byId = z.object({ id: recordId });
const template = z.enum(['se', 'pro'], '模板只能是 se 或 pro');

/** Wire datetime (or stored ISO) to a comparable instant; null when empty. */
function instant(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const s = String(value);
  const ms = Date.parse(/Z$/.test(s) ? s : wireToStored(s, 'eq'));
  return Number.isNaN(ms) ? null : ms;
}

/** Sign-up opens before it closes, and closes no later than responses do. */
async function checkPurchase(values: Values, trx: AnyDb, id?: string): Promise<void> {
  if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
  let stored: Record<string, unknown> = {};
  if (id)
    stored =
      (await trx
        .selectFrom('portal_purchase_announcement')
        .select(['signupStart', 'signupDeadline', 'responseDeadline'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? {};
  const pick = (k: string) => (k in values ? values[k] : stored[k]);
  const start = instant(pick('signupStart'));
  const signupEnd = instant(pick('signupDeadline'));
  const responseEnd = instant(pick('responseDeadline'));
  if (start !== null && signupEnd !== null && start > signupEnd)
    throw badRequest('报名截止时间不能早于报名开始时间', { signupDeadline: '报名截止时间不能早于报名开始时间' });
  if (signupEnd !== null && responseEnd !== null && signupEnd > responseEnd)
    throw badRequest('报价截止时间不能早于报名截止时间', { responseDeadline: '报价截止时间不能早于报名截止时间' });
}

const supplierItem = z.strictObject({
  title: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
});

/** `supplierList` is a JSON array of `{title, name}`; stored normalised. */
function checkResult(values: Values): void {
  if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
  if (values.supplierList === undefined || values.supplierList === null || values.supplierList === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(values.supplierList));
  } catch {
    parsed = undefined;
  }
  const list = z.array(supplierItem).max(100).safeParse(parsed);
  if (!list.success)
    throw badRequest('供应商名单格式不正确', {
      supplierList: '供应商名单应为 [{"title":"…","name":"…"}] 格式，最多100项',
    });
  values.supplierList = JSON.stringify(list.data);
}

const SIGNUP_FIELDS: ListFields = {
  announcementId: { column: 'a.id', filter: 'exact' },
  title: { column: 'a.title', filter: 'text', sortable: true },
  supplierName: { column: 's.name', filter: 'text', sortable: true },
  createTime: { column: 'g.createTime', filter: 'exact', sortable: true, convert: wireToStored },
};

/**
 * The back office of the portal (domain §23): announcements, results and news as generic
 * resources with their lifecycle commands, the portal sign-ups, and the page configuration.
 */
export const portalAdmin =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const notEditable = (status: string) => status === 'closed' || status === 'withdrawn';

    await app.register(
      resourceRoutes(ctx, portalPurchaseAnnouncementResource, {
        beforeAdd: async (values, trx) => {
          await checkPurchase(values, trx);
          values.status = 'draft';
        },
        beforeEdit: async (id, values, trx) => {
          const row = await trx
            .selectFrom('portal_purchase_announcement')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (notEditable(row.status)) throw businessError('已关闭或已撤回的采购公告不能修改');
          await checkPurchase(values, trx, id);
        },
        beforeDelete: async (ids, trx) => {
          const live = await trx
            .selectFrom('portal_purchase_announcement')
            .select('id')
            .where('id', 'in', ids)
            .where('status', '=', 'published')
            .executeTakeFirst();
          if (live) throw businessError('已发布的采购公告不能删除，请先撤回');
          const signed = await trx
            .selectFrom('portal_signup')
            .select('id')
            .where('announcement_id', 'in', ids)
            .executeTakeFirst();
          if (signed) throw businessError('已有供应商报名的采购公告不能删除');
        },
      }),
    );
    await app.register(
      resourceRoutes(ctx, portalResultAnnouncementResource, {
        beforeAdd: (values) => {
          checkResult(values);
          values.status = 'draft';
        },
        beforeEdit: (_id, values) => checkResult(values),
        beforeDelete: async (ids, trx) => {
          const live = await trx
            .selectFrom('portal_result_announcement')
            .select('id')
            .where('id', 'in', ids)
            .where('status', '=', 'published')
            .executeTakeFirst();
          if (live) throw businessError('已发布的结果公告不能删除，请先撤回');
        },
      }),
    );
    await app.register(
      resourceRoutes(ctx, portalNewsResource, {
        beforeAdd: (values) => {
          if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
          values.status = 'draft';
        },
        beforeEdit: (_id, values) => {
          if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
        },
      }),
    );

    /**
     * One lifecycle command: moves a row of `table` from one of `from` to `to`, or refuses
     * with `refusal`. The row must be visible in the request's tenant (tenant tables).
     */
    type Table = 'portal_purchase_announcement' | 'portal_result_announcement' | 'portal_news';
    const command = (
      path: string,
      summary: string,
      permission: string,
      table: Table,
      tenant: boolean,
      from: string[],
      to: string,
      refusal: string,
      done: string,
      extra?: (body: Record<string, unknown>) => Values,
      body: z.ZodObject = byId,
    ) => {
      app.post(
        path,
        { schema: { tags: ['门户管理'], summary, body }, config: { access: { permission } } },
        async (request) => {
          const input = request.body as { id: string } & Record<string, unknown>;
          const db = ctx.db as unknown as AnyDb;
          const now = serverNowIso();
          await db.transaction().execute(async (trx) => {
            let q = trx.selectFrom(table).select(['id', 'status']).where('id', '=', input.id);
            if (tenant) q = q.where('tenant_id', '=', request.tenantId);
            const row = (await q.executeTakeFirst()) as { id: string; status: string } | undefined;
            if (!row) throw businessError('未找到对应实体');
            if (!from.includes(row.status)) throw businessError(refusal);
            const set: Values = {
              status: to,
              update_by: request.user!.username,
              update_time: now,
              ...(extra?.(input) ?? {}),
            };
            if (to === 'published' && table !== 'portal_news') set.publish_time = now;
            await trx.updateTable(table).set(set).where('id', '=', row.id).where('status', '=', row.status).execute();
          });
          request.log.info({ event: 'portal.status', table, id: input.id, to }, 'portal record status changed');
          return ok(null, done);
        },
      );
    };

    const purchase = 'portal_purchase_announcement';
    command(
      '/portal/purchaseAnnouncement/publish',
      '发布采购公告',
      'portalPurchase:edit',
      purchase,
      true,
      ['draft'],
      'published',
      '只有草稿可以发布',
      '发布成功',
    );
    command(
      '/portal/purchaseAnnouncement/close',
      '关闭采购公告',
      'portalPurchase:edit',
      purchase,
      true,
      ['published'],
      'closed',
      '只有已发布的公告可以关闭',
      '关闭成功',
    );
    command(
      '/portal/purchaseAnnouncement/withdraw',
      '撤回采购公告',
      'portalPurchase:edit',
      purchase,
      true,
      ['published', 'closed'],
      'withdrawn',
      '只有已发布或已关闭的公告可以撤回',
      '撤回成功',
      (body) => ({ withdraw_reason: body.reason }),
      byId.extend({ reason: z.string().trim().min(1, '请输入撤回原因').max(500, '撤回原因不能超过500个字符') }),
    );
    const result = 'portal_result_announcement';
    command(
      '/portal/resultAnnouncement/publish',
      '发布结果公告',
      'portalResult:edit',
      result,
      true,
      ['draft', 'withdrawn'],
      'published',
      '只有草稿或已撤回的结果公告可以发布',
      '发布成功',
    );
    command(
      '/portal/resultAnnouncement/withdraw',
      '撤回结果公告',
      'portalResult:edit',
      result,
      true,
      ['published'],
      'withdrawn',
      '只有已发布的结果公告可以撤回',
      '撤回成功',
    );
    command(
      '/portal/news/publish',
      '发布新闻',
      'portalNews:edit',
      'portal_news',
      false,
      ['draft'],
      'published',
      '只有草稿可以发布',
      '发布成功',
    );
    command(
      '/portal/news/withdraw',
      '撤回新闻',
      'portalNews:edit',
      'portal_news',
      false,
      ['published'],
      'draft',
      '只有已发布的新闻可以撤回',
      '撤回成功',
    );

    app.get(
      '/portal/signup/list',
      {
        schema: { tags: ['门户管理'], summary: '门户报名记录' },
        config: { access: { permission: 'portalPurchase:list' }, internalOnly: true },
      },
      async (request) => {
        const base = ctx.db
          .selectFrom('portalSignup as g')
          .innerJoin('portalPurchaseAnnouncement as a', 'a.id', 'g.announcementId')
          .innerJoin('supplier as s', 's.id', 'g.supplierId')
          .leftJoin('sysUser as u', 'u.id', 'g.userId')
          .select([
            'g.id',
            'g.announcementId',
            'a.title',
            'a.code',
            'a.type',
            'g.supplierId',
            's.name as supplierName',
            'u.username',
            'u.realname',
            'g.status',
            'g.createTime',
          ])
          .where('a.tenantId', '=', request.tenantId);
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, SIGNUP_FIELDS, {
          column: 'g.createTime',
          order: 'desc',
        });
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            status_dictText: r.status === 'SIGNED_UP' ? '已报名' : r.status,
            createTime: toWireDateTime(r.createTime),
          })),
        });
      },
    );

    app.get(
      '/portal/config/get',
      {
        schema: { tags: ['门户管理'], summary: '门户页面配置', querystring: z.object({ template }) },
        config: { access: { permission: 'portal:config' }, internalOnly: true },
      },
      async (request) => ok(await loadPortalConfig(ctx.db, request.query.template)),
    );
    app.put(
      '/portal/config/save',
      {
        schema: {
          tags: ['门户管理'],
          summary: '保存门户页面配置',
          body: z.strictObject({ template, config: portalConfigSchema }),
        },
        config: { access: { permission: 'portal:config' }, internalOnly: true },
        bodyLimit: MAX_CONFIG_BYTES * 2,
      },
      async (request) => {
        const { template: t, config } = request.body;
        const json = JSON.stringify(config);
        if (Buffer.byteLength(json) > MAX_CONFIG_BYTES) throw badRequest('页面配置过大');
        const now = serverNowIso();
        const user = request.user!.username;
        await ctx.db
          .insertInto('portalConfig')
          .values({ template: t, config: json, updateBy: user, updateTime: now })
          .onConflict((oc) => oc.column('template').doUpdateSet({ config: json, updateBy: user, updateTime: now }))
          .execute();
        request.log.info({ event: 'portal.config.saved', template: t }, 'portal config saved');
        return ok(null, '保存成功');
      },
    );
    app.post(
      '/portal/config/enableTemplate',
      {
        schema: {
          tags: ['门户管理'],
          summary: '启用门户模板（站点设置：所有访客的门户首页）',
          body: z.strictObject({ template }),
        },
        config: { access: { permission: 'portal:config' }, internalOnly: true },
      },
      async (request) => {
        await saveEnabledTemplate(ctx.db, request.body.template, request.user!.username, serverNowIso());
        request.log.info(
          { event: 'portal.template.enabled', template: request.body.template },
          'portal template enabled',
        );
        return ok(null, '已启用');
      },
    );
  };
