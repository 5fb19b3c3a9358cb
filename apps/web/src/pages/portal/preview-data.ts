import { useQuery } from '@tanstack/react-query';
import { PORTAL_LIMITS } from '@procura/shared';
import type { NewsItem, PortalMember, PortalStats, PurchaseAnnouncementItem } from '@procura/shared';
import { getAction } from '../../lib/http';

/** What the portal itself shows beside the configuration: its public views, read for the designer's preview. */
export type PreviewData = {
  stats: PortalStats | null;
  purchases: PurchaseAnnouncementItem[];
  news: NewsItem[];
  members: PortalMember[];
};

type List<T> = T[] | { records?: T[] } | null;
const records = <T>(v: List<T>): T[] => (Array.isArray(v) ? v : (v?.records ?? []));

async function view<T>(url: string, params?: Record<string, string | number>): Promise<T | null> {
  const body = await getAction<T>(url, params);
  return body.success ? body.result : null;
}

/** The portal's live figures, latest announcements, news and members (the same public views the portal reads). */
export function usePreviewData(): PreviewData {
  const q = useQuery({
    queryKey: ['portal', 'preview-data'],
    staleTime: 60_000,
    queryFn: async (): Promise<PreviewData> => {
      const [stats, purchases, news, members] = await Promise.all([
        view<PortalStats>('/portal/view/stats'),
        view<List<PurchaseAnnouncementItem>>('/portal/view/purchaseAnnouncement', { type: '' }),
        view<List<NewsItem>>('/portal/view/news', { pageNo: 1, pageSize: PORTAL_LIMITS.newsCards }),
        view<PortalMember[]>('/portal/view/members'),
      ]);
      return { stats, purchases: records(purchases), news: records(news), members: members ?? [] };
    },
  });
  return q.data ?? { stats: null, purchases: [], news: [], members: [] };
}
