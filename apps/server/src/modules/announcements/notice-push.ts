import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/access.js';
import type { LiveHub, LiveMessage } from '../../core/live-events.js';
import type { Db } from '../../db/database.js';
import { tenantIdsOf } from '../tenants/tenant-service.js';

/**
 * Pushed notices (the header bell's live channel, JeecgBoot's `/websocket/{userId}`): a
 * published announcement is offered on the live hub (core/live-events.ts), to the topic of
 * each user it names (USER) or of its tenant (ALL; tenant 0, the platform, reaches everyone).
 * The socket route (notice-socket.ts) subscribes a signed-in user to their own topics.
 *
 * Notices made inside a transaction (notifyUsers) must not be pushed before it commits, or at
 * all when it rolls back. They are collected per request (or job run) and pushed once it has
 * ended, for those announcements the database then holds as published.
 */
export type NoticePush = {
  anntId: string;
  title: string;
  msgType: 'ALL' | 'USER';
  /** USER: the recipients. */
  userIds: readonly string[];
  /** ALL: the announcement's tenant (0: the platform). */
  tenantId: number;
};

export const userNoticeTopic = (userId: string) => `notice.user:${userId}`;
export const tenantNoticeTopic = (tenantId: number) => `notice.tenant:${tenantId}`;

/** The topics a user hears: their own, the platform's broadcasts and those of their tenants. */
export const noticeTopicsOf = (user: SessionUser): string[] => [
  userNoticeTopic(user.id),
  tenantNoticeTopic(0),
  ...tenantIdsOf(user.relTenantIds).map(tenantNoticeTopic),
];

export function publishNotice(hub: LiveHub, push: NoticePush): void {
  if (push.msgType === 'ALL') hub.publish(tenantNoticeTopic(push.tenantId), push);
  else for (const userId of new Set(push.userIds)) hub.publish(userNoticeTopic(userId), push);
}

const isNoticePush = (m: unknown): m is NoticePush =>
  typeof m === 'object' && m !== null && typeof (m as NoticePush).anntId === 'string';

/** JeecgBoot's message (WebsocketConst): `{cmd: "user" | "topic", msgId, msgTxt}`; anything else is not shown. */
export function jeecgNoticeView(message: unknown): LiveMessage | null {
  if (!isNoticePush(message)) return null;
  return {
    event: 'notice',
    data: { cmd: message.msgType === 'ALL' ? 'topic' : 'user', msgId: message.anntId, msgTxt: message.title },
  };
}

/** Notices made while a request or job runs, pushed when it ends. */
const pending = new AsyncLocalStorage<string[]>();
const pendingOfRequest = new WeakMap<FastifyRequest, string[]>();

/** @internal notifyUsers: pushes the announcement once the surrounding request or job has ended. */
export function notePendingNotice(anntId: string): void {
  pending.getStore()?.push(anntId);
}

/** Pushes those of the announcements that are published now (a rolled-back one is not in the database). */
async function flush(db: Db, hub: LiveHub, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('sysAnnouncement')
    .select(['id', 'titile', 'msgType', 'userIds', 'tenantId'])
    .where('id', 'in', [...new Set(ids)])
    .where('sendStatus', '=', '1')
    .where('delFlag', '=', 0)
    .execute();
  for (const a of rows) publishNotice(hub, toPush(a));
}

/** A stored announcement as pushed. */
export function toPush(a: {
  id: string;
  titile: string | null;
  msgType: string | null;
  userIds: string | null;
  tenantId: number;
}): NoticePush {
  return {
    anntId: a.id,
    title: a.titile ?? '',
    msgType: a.msgType === 'ALL' ? 'ALL' : 'USER',
    userIds: (a.userIds ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    tenantId: a.tenantId,
  };
}

/** Runs a job (or anything outside a request) and pushes the notices it made once it has ended. */
export async function withNoticePush<T>(db: Db, hub: LiveHub, run: () => Promise<T>): Promise<T> {
  const ids: string[] = [];
  try {
    return await pending.run(ids, run);
  } finally {
    await flush(db, hub, ids).catch(() => undefined);
  }
}

/** Collects every request's notices and pushes them once its answer has gone (and its transactions have ended). */
export function installNoticePush(app: FastifyInstance, db: Db, hub: LiveHub): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const ids: string[] = [];
    pendingOfRequest.set(request, ids);
    pending.run(ids, done);
  });
  app.addHook('onResponse', async (request) => {
    const ids = pendingOfRequest.get(request);
    if (!ids?.length) return;
    await flush(db, hub, ids).catch((err: unknown) => request.log.warn({ err }, 'notice push failed'));
  });
}
