import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { ID_PATTERN } from '../../core/ids.js';

const anntId = z.string().regex(ID_PATTERN, '通告编号不正确');

/** The header bell: the user's unread notices and system messages (jeecg-api.md §6). */
export const announcementRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/annountCement/listByUser',
      { schema: { tags: ['notice'], summary: '当前用户未读的通知公告与系统消息' }, config: { access: 'authenticated' } },
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

    app.get(
      '/sys/annountCement/queryById',
      { schema: { tags: ['notice'], summary: '通告详情', querystring: z.object({ id: anntId, _t: z.string().optional() }) }, config: { access: 'authenticated' } },
      async (request) => ok(await ctx.announcements.byId(request.user!, request.query.id)),
    );
  };
