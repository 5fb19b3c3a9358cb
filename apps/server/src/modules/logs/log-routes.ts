import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { escapeLike, runPagedList, type ListFields } from '../../core/paging.js';
import { addDays, businessDay, businessDayStart, toWireDateTime } from '../../core/clock.js';
import { wireToStored } from '../../resource/resource-query.js';
import { inTenant } from '../../core/tenant-data.js';
import { LOG_TYPE_LOGIN, LOGIN_OPERATE, OPERATE_TYPE_TEXT } from './log-service.js';

const LOG_FIELDS: ListFields = {
  username: { column: 'l.username', filter: 'text', sortable: true },
  ip: { column: 'l.ip', filter: 'text', sortable: true },
  operateType: { column: 'l.operateType', filter: 'exact', sortable: true },
  requestType: { column: 'l.requestType', filter: 'exact', sortable: true },
  status: { column: 'l.status', filter: 'exact', sortable: true },
  costTime: { column: 'l.costTime', sortable: true },
  createTime: { column: 'l.createTime', filter: 'exact', sortable: true, convert: wireToStored },
};

/** The GMT+8 calendar day `offset` days from today: its bounds as stored (ISO UTC) and its wire names. */
function gmt8Day(offset: number) {
  const tian = businessDay(undefined, offset);
  const from = businessDayStart(tian).toISOString();
  return { from, to: businessDayStart(addDays(tian, 1)).toISOString(), tian, type: tian.slice(5) };
}

/**
 * The login and operation log (jeecg-api.md §10 for the home figures). Logs are an audit
 * record: there is deliberately no API to edit or delete them.
 */
export const logRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/log/list',
      {
        schema: {
          tags: ['日志'],
          summary: '登录日志与操作日志',
          querystring: z.looseObject({
            logType: z.enum(['1', '2'], '日志类型只能是 1（登录）或 2（操作）').optional(),
            keyWord: z.string().max(100, '关键词过长').optional(),
          }),
        },
        config: { access: { permission: 'log:list' }, internalOnly: true },
      },
      async (request) => {
        const { logType, keyWord } = request.query;
        let base = ctx.db
          .selectFrom('sysLog as l')
          .select([
            'l.id',
            'l.logType',
            'l.logContent',
            'l.operateType',
            'l.userid',
            'l.username',
            'l.realname',
            'l.ip',
          ])
          .select([
            'l.method',
            'l.requestUrl',
            'l.requestType',
            'l.requestParam',
            'l.costTime',
            'l.status',
            'l.createTime',
          ])
          .where(inTenant(request, 'l.tenantId'));
        if (logType) base = base.where('l.logType', '=', Number(logType));
        const word = keyWord?.trim();
        if (word) {
          const pattern = `%${escapeLike(word)}%`;
          const like = ctx.kind === 'postgres' ? sql`ilike` : sql`like`;
          base = base.where(
            () =>
              sql<SqlBool>`(${sql.ref('l.logContent')} ${like} ${pattern} escape ${'\\'} or ${sql.ref('l.username')} ${like} ${pattern} escape ${'\\'})`,
          );
        }
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, LOG_FIELDS, {
          column: 'l.createTime',
          order: 'desc',
        });
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            createTime: toWireDateTime(r.createTime),
            operateType_dictText:
              r.operateType === null
                ? null
                : r.logType === LOG_TYPE_LOGIN
                  ? r.operateType === LOGIN_OPERATE.logout
                    ? '退出'
                    : '登录'
                  : (OPERATE_TYPE_TEXT[r.operateType] ?? null),
          })),
        });
      },
    );

    /** Successful logins of the request's tenant between two stored times: how many, and from how many addresses. */
    const visits = async (request: FastifyRequest, from: string | null, to: string | null) => {
      let q = ctx.db
        .selectFrom('sysLog')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('visit'),
          eb.fn.count<string | number>('ip').distinct().as('ip'),
        ])
        .where('logType', '=', LOG_TYPE_LOGIN)
        .where('operateType', '=', LOGIN_OPERATE.login)
        .where('status', '=', 'ok')
        .where(inTenant(request, 'tenantId'));
      if (from) q = q.where('createTime', '>=', from);
      if (to) q = q.where('createTime', '<', to);
      const row = await q.executeTakeFirst();
      return { visit: Number(row?.visit ?? 0), ip: Number(row?.ip ?? 0) };
    };

    app.get(
      '/sys/loginfo',
      {
        schema: { tags: ['日志'], summary: '访问量：总登录次数、今日登录次数与今日 IP 数' },
        config: { access: 'authenticated', internalOnly: true },
      },
      async (request) => {
        const today = gmt8Day(0);
        const [total, day] = await Promise.all([visits(request, null, null), visits(request, today.from, today.to)]);
        return ok({ totalVisitCount: total.visit, todayVisitCount: day.visit, todayIp: day.ip });
      },
    );

    app.get(
      '/sys/visitInfo',
      {
        schema: { tags: ['日志'], summary: '近 7 天每日登录次数与 IP 数' },
        config: { access: 'authenticated', internalOnly: true },
      },
      async (request) => {
        const days = [-6, -5, -4, -3, -2, -1, 0].map((offset) => gmt8Day(offset));
        const result = [];
        for (const d of days) {
          const v = await visits(request, d.from, d.to);
          result.push({ visit: v.visit, ip: v.ip, tian: d.tian, type: d.type });
        }
        return ok(result);
      },
    );
  };
