import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { markAnnouncementRead, MY_ANNOUNCEMENTS_URL, NOTICE_QUERY_KEYS } from './announcement-api';
import type { Announcement } from './announcement-api';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The dialog (and the HTML sanitiser its body needs) loads when the first announcement is opened.
const AnnouncementDialog = lazy(() => import('./announcement-dialog').then((m) => ({ default: m.AnnouncementDialog })));

type Opened = { id: string; preview: Partial<Announcement> };

/**
 * Opening an announcement (spec part 2 §2, §4): it is marked read, the bell lists, counts
 * and message list refresh, and the dialog shows it by id.
 */
export function useAnnouncementReader() {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<Opened | null>(null);
  const mounted = useOpenedOnce(opened !== null);

  const open = (anntId: string, preview: Partial<Announcement> = {}) => {
    setOpened({ id: anntId, preview });
    void markAnnouncementRead(anntId)
      .then((body) => {
        if (!body.success) return;
        void queryClient.invalidateQueries({ queryKey: NOTICE_QUERY_KEYS.bell });
        void queryClient.invalidateQueries({ queryKey: ['paged-list', MY_ANNOUNCEMENTS_URL] });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      })
      .catch(() => {
        // Reported by the HTTP client; the dialog still shows the announcement.
      });
  };

  const dialog = mounted ? (
    <Suspense fallback={null}>
      <AnnouncementDialog id={opened?.id ?? null} preview={opened?.preview ?? null} onClose={() => setOpened(null)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
