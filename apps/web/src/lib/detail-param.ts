import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DETAIL_PARAM, detailHref } from '@procura/shared';

/**
 * A list page's detail lives in the address under DETAIL_PARAM (`?open=<id>`, @procura/shared),
 * so a detail can be bookmarked, shared and reloaded, and Back closes it; it is not part of the
 * tab, so opening a detail keeps the page's tab.
 */
export { DETAIL_PARAM, detailHref };

/** The tab a location belongs to: its path and query without the detail parameter. */
export function tabKeyOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(DETAIL_PARAM)) return `${pathname}${search}`;
  params.delete(DETAIL_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
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
