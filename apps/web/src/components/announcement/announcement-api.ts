import { getAction, putAction } from '../../lib/http';

export type Priority = 'L' | 'M' | 'H';

/** An announcement as the header bell and the dialog receive it (spec part 1 §3, part 2 §3). */
export type Announcement = {
  id: string;
  titile: string;
  msgContent: string | null;
  msgAbstract?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  sender: string | null;
  priority: Priority | null;
  /** '1' notice, '2' system message. */
  msgCategory: '1' | '2' | string;
  msgType?: string;
  sendStatus?: string;
  sendTime: string | null;
  busType?: string | null;
  busId?: string | null;
  openType: 'url' | 'component' | string | null;
  openPage: string | null;
  createTime?: string | null;
  readFlag?: number;
};

export type BellLists = {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
};

/** A row of "my messages": `id` is the delivery, `anntId` the announcement. */
export type MyAnnouncement = Omit<Announcement, 'id'> & {
  id: string;
  anntId: string;
  priority_dictText?: string | null;
  msgCategory_dictText?: string | null;
  readFlag: number | string;
};

export const MY_ANNOUNCEMENTS_URL = '/sys/sysAnnouncementSend/getMyAnnouncementSend';

export const NOTICE_QUERY_KEYS = {
  bell: ['notices', 'bell'] as const,
  detail: (id: string) => ['notices', 'detail', id] as const,
  all: ['notices'] as const,
};

/** A background poll presents its own failure (the panel says so); no toast every few seconds. */
export async function fetchBellLists(): Promise<BellLists> {
  const body = await getAction<BellLists>('/sys/annountCement/listByUser', undefined, { quiet: true });
  if (!body.success || !body.result) throw new Error(body.message || '消息加载失败');
  return body.result;
}

export async function fetchAnnouncement(id: string): Promise<Announcement> {
  const body = await getAction<Announcement>('/sys/annountCement/queryById', { id });
  if (!body.success || !body.result) throw new Error(body.message || '公告加载失败');
  return body.result;
}

export function markAnnouncementRead(anntId: string) {
  return putAction<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

export function markAllAnnouncementsRead() {
  return putAction<null>('/sys/sysAnnouncementSend/readAll');
}
