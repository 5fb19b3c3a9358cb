import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import { sanitizeRichText } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { notePendingNotice } from './notice-push.js';

/**
 * In-app notices to chosen users: a published USER announcement (system message,
 * category 2) plus one unread delivery row per user, so it shows in the header bell and in
 * 我的消息 at once. Pass the transaction of the transition that causes the notice, so a
 * rolled-back transition sends nothing.
 *
 *   await notifyUsers(trx, { userIds: [buyerId], title: '供应商准入待审批', content: '<p>…</p>',
 *     busType: 'approval', busId: instanceId, openType: 'url', openPage: '/approval/todo' });
 *
 * Never put sealed content in a notice.
 */
export type Notice = {
  userIds: readonly string[];
  title: string;
  /** HTML, sanitised here. */
  content?: string;
  /** L, M (default) or H. */
  priority?: 'L' | 'M' | 'H';
  busType?: string | null;
  busId?: string | null;
  openType?: 'url' | 'component' | null;
  openPage?: string | null;
  /** Shown as the sender; defaults to `system`. */
  sender?: string;
};

/** Sends one notice to the distinct users given; does nothing without recipients. Returns the announcement id (or null). */
export async function notifyUsers(trx: Db, notice: Notice): Promise<string | null> {
  const userIds = [...new Set(notice.userIds.filter(Boolean))];
  if (userIds.length === 0) return null;
  const now = serverNowIso();
  const id = newId();
  await trx
    .insertInto('sysAnnouncement')
    .values({
      id,
      titile: notice.title.slice(0, 200),
      msgContent: notice.content ? sanitizeRichText(notice.content) : null,
      msgAbstract: null,
      startTime: now,
      endTime: null,
      sender: notice.sender ?? 'system',
      priority: notice.priority ?? 'M',
      msgCategory: '2',
      msgType: 'USER',
      sendStatus: '1',
      sendTime: now,
      cancelTime: null,
      userIds: `${userIds.join(',')},`,
      busType: notice.busType ?? null,
      busId: notice.busId ?? null,
      openType: notice.openType ?? null,
      openPage: notice.openPage ?? null,
      delFlag: 0,
      createBy: notice.sender ?? 'system',
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await trx
    .insertInto('sysAnnouncementSend')
    .values(
      userIds.map((userId) => ({ id: newId(), anntId: id, userId, readFlag: 0, readTime: null, createTime: now })),
    )
    .execute();
  // Pushed to the recipients' sockets once the request (and so this transaction) has ended.
  notePendingNotice(id);
  return id;
}
