import type { Generated } from 'kysely';
/** Tables of system announcements and who has read them. */

export type SysAnnouncementTable = {
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  /** L, M or H. */
  priority: string;
  /** '1' notice, '2' system message. */
  msgCategory: string;
  /** ALL or USER. */
  msgType: string;
  /** '0' draft, '1' published, '2' revoked. */
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  /** Comma-joined user ids for USER announcements. */
  userIds: string | null;
  busType: string | null;
  busId: string | null;
  /** url or component. */
  openType: string | null;
  openPage: string | null;
  delFlag: number;
  /** The tenant that sends it; 0 the platform (migration 0061). */
  tenantId: Generated<number>;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type SysAnnouncementSendTable = {
  id: string;
  anntId: string;
  userId: string;
  readFlag: number;
  readTime: string | null;
  createTime: string;
};

export type AnnouncementTables = {
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
};
