import type { SessionUser } from '../../core/access.js';
import { notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { SysAnnouncementTable } from '../../db/announcement-tables.js';
import { inTenant } from '../../core/tenant-data.js';
import { tenantIdsOf } from '../tenants/tenant-service.js';

/** At most this many unread items per list in the header bell (JeecgBoot's limit). */
const BELL_LIST_SIZE = 5;
const PUBLISHED = '1';

type AnnouncementRow = Selectable<SysAnnouncementTable>;

export type AnnouncementWire = Omit<AnnouncementRow, 'delFlag' | 'userIds' | 'tenantId'> & {
  readFlag?: number;
  userIds?: string | null;
};

function toWire(a: AnnouncementRow, readFlag?: number): AnnouncementWire {
  const { delFlag: _d, userIds: _u, tenantId: _t, ...rest } = a;
  return {
    ...rest,
    startTime: toWireDateTime(a.startTime),
    endTime: toWireDateTime(a.endTime),
    sendTime: toWireDateTime(a.sendTime),
    cancelTime: toWireDateTime(a.cancelTime),
    createTime: toWireDateTime(a.createTime)!,
    updateTime: toWireDateTime(a.updateTime),
    ...(readFlag === undefined ? {} : { readFlag }),
  };
}

export type BellLists = {
  anntMsgList: AnnouncementWire[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementWire[];
  sysMsgTotal: number;
};

/** Notices and system messages as each user receives them, with their read state. */
export class AnnouncementService {
  constructor(private readonly db: Db) {}

  /**
   * Gives the user an unread row for every published announcement to all users that they
   * have none for yet (announcements that ended before the user existed are left out).
   */
  private async deliverBroadcasts(userId: string): Promise<void> {
    const user = await this.db
      .selectFrom('sysUser')
      .select(['createTime', 'relTenantIds'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const missing = await this.db
      .selectFrom('sysAnnouncement as a')
      .select('a.id')
      .where('a.sendStatus', '=', PUBLISHED)
      .where('a.delFlag', '=', 0)
      .where('a.msgType', '=', 'ALL')
      // The platform's broadcasts reach everyone, a tenant's only its members.
      .where('a.tenantId', 'in', [0, ...tenantIdsOf(user.relTenantIds)])
      .where((eb) => eb.or([eb('a.endTime', 'is', null), eb('a.endTime', '>=', user.createTime)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sysAnnouncementSend as s')
              .select('s.id')
              .whereRef('s.anntId', '=', 'a.id')
              .where('s.userId', '=', userId),
          ),
        ),
      )
      .execute();
    if (missing.length === 0) return;
    const now = serverNowIso();
    await this.db
      .insertInto('sysAnnouncementSend')
      .values(missing.map((m) => ({ id: newId(), anntId: m.id, userId, readFlag: 0, readTime: null, createTime: now })))
      // Two nodes (or two tabs) may deliver at once; the pair is unique.
      .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
      .execute();
  }

  private unreadQuery(userId: string, category: '1' | '2') {
    return this.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as s', 's.anntId', 'a.id')
      .where('s.userId', '=', userId)
      .where('s.readFlag', '=', 0)
      .where('a.sendStatus', '=', PUBLISHED)
      .where('a.delFlag', '=', 0)
      .where('a.msgCategory', '=', category);
  }

  /** `listByUser`: the newest unread notices (category 1) and system messages (category 2), with totals. */
  async bellLists(userId: string): Promise<BellLists> {
    await this.deliverBroadcasts(userId);
    const lists = await Promise.all(
      (['1', '2'] as const).map(async (category) => {
        const rows = await this.unreadQuery(userId, category)
          .selectAll('a')
          .orderBy('a.sendTime', 'desc')
          .orderBy('a.id', 'desc')
          .limit(BELL_LIST_SIZE)
          .execute();
        const total = await this.unreadQuery(userId, category)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        return { list: rows.map((r) => toWire(r, 0)), total: Number(total.n) };
      }),
    );
    return {
      anntMsgList: lists[0]!.list,
      anntMsgTotal: lists[0]!.total,
      sysMsgList: lists[1]!.list,
      sysMsgTotal: lists[1]!.total,
    };
  }

  /** An announcement the user may read: published, and sent to everyone or to them. */
  private async visible(user: SessionUser, anntId: string): Promise<AnnouncementRow> {
    const a = await this.db
      .selectFrom('sysAnnouncement')
      .selectAll()
      .where('id', '=', anntId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!a || a.sendStatus !== PUBLISHED) throw notFound();
    if (a.tenantId !== 0 && !tenantIdsOf(user.relTenantIds).includes(a.tenantId)) throw notFound();
    if (a.msgType !== 'ALL') {
      const sent = await this.db
        .selectFrom('sysAnnouncementSend')
        .select('id')
        .where('anntId', '=', anntId)
        .where('userId', '=', user.id)
        .executeTakeFirst();
      if (!sent) throw notFound();
    }
    return a;
  }

  /** `editByAnntIdAndUserId`: marks the announcement read for this user. */
  async markRead(user: SessionUser, anntId: string): Promise<void> {
    await this.visible(user, anntId);
    const now = serverNowIso();
    const updated = await this.db
      .updateTable('sysAnnouncementSend')
      .set({ readFlag: 1, readTime: now })
      .where('anntId', '=', anntId)
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db
        .insertInto('sysAnnouncementSend')
        .values({ id: newId(), anntId, userId: user.id, readFlag: 1, readTime: now, createTime: now })
        .onConflict((oc) => oc.columns(['anntId', 'userId']).doUpdateSet({ readFlag: 1, readTime: now }))
        .execute();
    }
  }

  /**
   * `queryById`: one announcement, for the dialog; administrators of announcements also get
   * drafts and revoked ones, with their recipients.
   */
  async byId(user: SessionUser, anntId: string, administrator: boolean, tenantId = 0): Promise<AnnouncementWire> {
    if (administrator) {
      // An administrator's drafts and revoked ones are their tenant's (every tenant's for the platform).
      const a = await this.db
        .selectFrom('sysAnnouncement')
        .selectAll()
        .where('id', '=', anntId)
        .where('delFlag', '=', 0)
        .where(inTenant({ tenantId }, 'tenantId'))
        .executeTakeFirst();
      if (a) return { ...toWire(a), userIds: a.userIds };
    }
    return toWire(await this.visible(user, anntId));
  }

  /** `readAll`: every announcement the user has is marked read. */
  async markAllRead(userId: string): Promise<void> {
    await this.deliverBroadcasts(userId);
    await this.db
      .updateTable('sysAnnouncementSend')
      .set({ readFlag: 1, readTime: serverNowIso() })
      .where('userId', '=', userId)
      .where('readFlag', '=', 0)
      .execute();
  }

  /** `getMyAnnouncementSend`: the user's received announcements, read or not, as a paged list. */
  myAnnouncementsQuery(userId: string) {
    return this.db
      .selectFrom('sysAnnouncementSend as s')
      .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
      .select([
        's.id',
        's.anntId',
        's.readFlag',
        's.readTime',
        'a.titile',
        'a.msgContent',
        'a.msgAbstract',
        'a.sender',
        'a.priority',
        'a.msgCategory',
      ])
      .select(['a.sendTime', 'a.busType', 'a.busId', 'a.openType', 'a.openPage'])
      .where('s.userId', '=', userId)
      .where('a.sendStatus', '=', PUBLISHED)
      .where('a.delFlag', '=', 0);
  }

  async prepareMyAnnouncements(userId: string): Promise<void> {
    await this.deliverBroadcasts(userId);
  }

  /** How many announcements this user has not read yet. */
  async unreadCount(userId: string): Promise<number> {
    await this.deliverBroadcasts(userId);
    const row = await this.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as s', 's.anntId', 'a.id')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('s.userId', '=', userId)
      .where('s.readFlag', '=', 0)
      .where('a.sendStatus', '=', PUBLISHED)
      .where('a.delFlag', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
