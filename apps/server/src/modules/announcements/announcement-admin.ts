import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementResource, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { ID_PATTERN, newId } from '../../core/ids.js';
import { idList, wireId } from '../../http/wire.js';
import { sanitizeRichText } from '../../core/sanitize.js';
import { serverNowIso } from '../../core/clock.js';
import { inTenant } from '../../core/tenant-data.js';
import { publishNotice, toPush, type NoticePush } from './notice-push.js';

type TenantRequest = { tenantId: number };
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb } from '../../resource/resource-query.js';

/** Announcements to chosen users name them; the names must be real users. Rich text is made safe. */
async function prepare(values: Values, trx: AnyDb, request: TenantRequest, storedMsgType?: string): Promise<void> {
  if (typeof values.msgContent === 'string') values.msgContent = sanitizeRichText(values.msgContent);
  const msgType = values.msgType ?? storedMsgType;
  if (msgType === 'USER' || values.userIds !== undefined) {
    const ids = idList(values.userIds);
    if (msgType === 'USER' && ids.length === 0) throw badRequest('请选择指定用户', { userIds: '请选择指定用户' });
    if (ids.some((i) => !ID_PATTERN.test(i))) throw badRequest('指定用户不正确', { userIds: '指定用户不正确' });
    const found = ids.length
      ? await trx
          .selectFrom('sys_user')
          .select('id')
          .where('id', 'in', ids)
          .where('del_flag', '=', 0)
          // Only members of the sending tenant (any user for the platform).
          .where(inTenant(request, 'rel_tenant_ids', 'members'))
          .execute()
      : [];
    if (found.length !== ids.length) throw badRequest('指定用户不存在', { userIds: '指定用户不存在' });
    // JeecgBoot keeps the list with a trailing comma.
    values.userIds = ids.length ? `${ids.join(',')},` : null;
  }
}

/** Administration of announcements: the generated routes, plus publish and revoke. */
export const announcementAdmin =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, announcementResource, {
        beforeAdd: (values, trx, request) => prepare(values, trx, request),
        beforeEdit: async (id, values, trx, request) => {
          // Hooks run on the camelCase database: result keys are camelCase.
          const row = await trx
            .selectFrom('sys_announcement')
            .select(['sendStatus', 'msgType'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (row.sendStatus === '1') throw businessError('已发布的通告不能修改，请先撤销');
          await prepare(values, trx, request, row.msgType);
        },
      }),
    );

    const byId = z.object({ id: wireId('通告编号不正确'), _t: z.string().optional() });

    app.get(
      '/sys/annountCement/doReleaseData',
      {
        schema: { tags: ['通知公告'], summary: '发布通告', querystring: byId },
        config: { access: { permission: 'announcement:edit' } },
      },
      async (request) => {
        const now = serverNowIso();
        const released: NoticePush = await ctx.db.transaction().execute(async (trx) => {
          const a = await trx
            .selectFrom('sysAnnouncement')
            .select(['id', 'titile', 'msgType', 'userIds', 'sendStatus', 'tenantId'])
            .where('id', '=', request.query.id)
            .where('delFlag', '=', 0)
            .where(inTenant(request, 'tenantId'))
            .executeTakeFirst();
          if (!a) throw businessError('未找到对应实体');
          if (a.sendStatus === '1') throw businessError('该系统通知已经发布');
          await trx
            .updateTable('sysAnnouncement')
            .set({
              sendStatus: '1',
              sendTime: now,
              sender: request.user!.username,
              cancelTime: null,
              updateBy: request.user!.username,
              updateTime: now,
            })
            .where('id', '=', a.id)
            .execute();
          if (a.msgType === 'USER') {
            const users = idList(a.userIds);
            if (users.length === 0) throw businessError('请选择指定用户');
            await trx
              .insertInto('sysAnnouncementSend')
              .values(
                users.map((userId) => ({
                  id: newId(),
                  anntId: a.id,
                  userId,
                  readFlag: 0,
                  readTime: null,
                  createTime: now,
                })),
              )
              .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
              .execute();
          }
          return toPush(a);
        });
        // JeecgBoot pushes a released announcement over the websocket: to everyone (its tenant) or to its users.
        publishNotice(ctx.live, released);
        request.log.info({ event: 'announcement.released', id: request.query.id }, 'announcement released');
        return ok(null, '该系统通知发布成功');
      },
    );

    app.get(
      '/sys/annountCement/doReovkeData',
      {
        schema: { tags: ['通知公告'], summary: '撤销通告', querystring: byId },
        config: { access: { permission: 'announcement:edit' } },
      },
      async (request) => {
        const now = serverNowIso();
        const done = await ctx.db
          .updateTable('sysAnnouncement')
          .set({ sendStatus: '2', cancelTime: now, updateBy: request.user!.username, updateTime: now })
          .where('id', '=', request.query.id)
          .where('delFlag', '=', 0)
          .where('sendStatus', '=', '1')
          .where(inTenant(request, 'tenantId'))
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw businessError('只有已发布的通告可以撤销');
        return ok(null, '该系统通知撤销成功');
      },
    );
  };
