import { useQuery } from '@tanstack/react-query';
import { NOTICE_POLL_MS } from '@procura/shared';
import { fetchBellLists, NOTICE_QUERY_KEYS } from '../../components/announcement/announcement-api';

/** The unread lists of the header bell, polled every 6 s; a failure stops the polling (spec part 2 §4). */
export function useBellNotices() {
  return useQuery({
    queryKey: NOTICE_QUERY_KEYS.bell,
    queryFn: fetchBellLists,
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
}
