import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { wireId } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';

const MY_ANNOUNCEMENT_FIELDS: ListFields = {
  titile: { column: 'a.titile', filter: 'text' },
  msgCategory: { column: 'a.msgCategory', filter: 'exact' },
  priority: { column: 'a.priority', filter: 'exact', sortable: true },
  readFlag: { column: 's.readFlag', filter: 'exact', sortable: true },
  sendTime: { column: 'a.sendTime', sortable: true },
};

const anntId = wireId('通告编号不正确');

/** The header bell: the user's unread notices and system messages (jeecg-api.md §6). */
export const announcementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/annountCement/listByUser',
      {
        schema: { tags: ['notice'], summary: '当前用户未读的通知公告与系统消息' },
        config: { access: 'authenticated' },
      },
      async (request) => ok(await ctx.announcements.bellLists(request.user!.id)),
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      schema: { tags: ['notice'], summary: '标记为已读', body: z.object({ anntId }) },
      config: { access: 'authenticated' },
      handler: async (request) => {
        await ctx.announcements.markRead(request.user!, request.body.anntId);
        return ok(null);
      },
    });

    app.put(
      '/sys/sysAnnouncementSend/readAll',
      { schema: { tags: ['notice'], summary: '全部标记为已读' }, config: { access: 'authenticated' } },
      async (request) => {
        await ctx.announcements.markAllRead(request.user!.id);
        return ok(null, '全部已读');
      },
    );

    app.get(
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      { schema: { tags: ['notice'], summary: '我的消息（分页）' }, config: { access: 'authenticated' } },
      async (request) => {
        const userId = request.user!.id;
        await ctx.announcements.prepareMyAnnouncements(userId);
        const page = await runPagedList(
          ctx,
          ctx.announcements.myAnnouncementsQuery(userId),
          request.query as Record<string, unknown>,
          MY_ANNOUNCEMENT_FIELDS,
          {
            column: 'a.sendTime',
            order: 'desc',
          },
        );
        const dict = await ctx.dicts.textMaps(['priority', 'msg_category']);
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            userId,
            sendTime: toWireDateTime(r.sendTime),
            readTime: toWireDateTime(r.readTime),
            priority_dictText: dict.priority.get(r.priority) ?? null,
            msgCategory_dictText: dict.msg_category.get(r.msgCategory) ?? null,
          })),
        });
      },
    );

    app.get(
      '/sys/annountCement/queryById',
      {
        schema: {
          tags: ['notice'],
          summary: '通告详情',
          querystring: z.object({ id: anntId, _t: z.string().optional() }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const administrator = (await ctx.permissions.codesOf(request.user!.id)).has('announcement:list');
        return ok(await ctx.announcements.byId(request.user!, request.query.id, administrator, request.tenantId));
      },
    );
  };
