import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The query parameter naming the record a list page's detail shows (`?open=<id>`). It is part of
 * the address, so a detail can be bookmarked, shared and reloaded, and Back closes it; it is not
 * part of the tab, so opening a detail keeps the page's tab.
 */
export const DETAIL_PARAM = 'open';

/** The tab a location belongs to: its path and query without the detail parameter. */
export function tabKeyOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(DETAIL_PARAM)) return `${pathname}${search}`;
  params.delete(DETAIL_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The address of `tabKey` with the detail of `id` open. */
export function detailHref(tabKey: string, id: string): string {
  const [path, query = ''] = tabKey.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(DETAIL_PARAM, id);
  return `${path}?${params.toString()}`;
}

/**
 * The record whose detail a list page shows, kept in the address: `[id, show]`, where `show(null)`
 * closes it. A page kept alive behind another tab sees that tab's address, so it follows the
 * address only while its own tab is the one shown.
 */
export function useDetailParam(): [string | null, (id: string | null) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [ownKey] = useState(() => tabKeyOf(pathname, search));
  const shown = tabKeyOf(pathname, search) === ownKey;
  const inAddress = new URLSearchParams(search).get(DETAIL_PARAM);
  const [id, setId] = useState(inAddress);
  if (shown && inAddress !== id) setId(inAddress);
  const show = useCallback(
    (next: string | null) => {
      setId(next);
      navigate(next ? detailHref(ownKey, next) : ownKey);
    },
    [navigate, ownKey],
  );
  return [id, show];
}
