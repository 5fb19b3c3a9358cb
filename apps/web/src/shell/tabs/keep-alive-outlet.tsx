import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useLocation, useOutlet } from 'react-router';
import type { TabState } from './tab-state';
import { tabKeyOf } from '../../lib/detail-param';

const HIDDEN = { display: 'none' } as const;

/**
 * A kept-alive page's drawers, dialogs and dropdowns: antd renders them outside the page (in
 * document.body), where hiding the page would leave them over the page in front. Each page gets
 * its own host beside them in the body, shown only while the page is, so positioning and
 * stacking stay what they are for any popup.
 */
function PagePopups({ active, children }: { active: boolean; children: ReactNode }) {
  const host = useRef<HTMLDivElement | null>(null);
  const hostOf = useCallback(() => {
    if (!host.current) {
      host.current = document.createElement('div');
      host.current.dataset.pagePopups = '';
    }
    return host.current;
  }, []);
  useLayoutEffect(() => {
    const h = hostOf();
    document.body.appendChild(h);
    return () => h.remove();
  }, [hostOf]);
  useLayoutEffect(() => {
    hostOf().style.display = active ? '' : 'none';
  }, [active, hostOf]);
  return <ConfigProvider getPopupContainer={hostOf}>{children}</ConfigProvider>;
}

/**
 * The routed page, plus the pages of open keep-alive tabs rendered hidden rather than
 * unmounted, so their state (a typed search, a scrolled table) survives a tab switch.
 * A tab's refresh counter is part of its key: refreshing mounts the page anew.
 */
export function KeepAliveOutlet({ tabs }: { tabs: TabState }) {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const activeKey = tabKeyOf(pathname, search);
  const activePage = tabs.pages.find((p) => p.fullPath === activeKey);
  const aliveKeys = tabs.pages.filter((p) => p.keepAlive).map((p) => p.fullPath);

  // The element of each kept-alive page as first shown; closed tabs are dropped.
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  let next = cache;
  if (activePage?.keepAlive && !next.has(activeKey)) next = new Map(next).set(activeKey, outlet);
  const stale = [...next.keys()].filter((key) => !aliveKeys.includes(key));
  if (stale.length > 0) {
    const kept = new Map(next);
    stale.forEach((key) => kept.delete(key));
    next = kept;
  }
  if (next !== cache) setCache(next);

  const alive = tabs.pages.filter((p) => p.keepAlive && next.has(p.fullPath));
  return (
    <>
      {alive.map((p) => (
        <div
          key={`${p.fullPath}#${p.refreshKey}`}
          style={p.fullPath === activeKey ? undefined : HIDDEN}
          data-keep-alive={p.fullPath}
        >
          <PagePopups active={p.fullPath === activeKey}>
            {p.fullPath === activeKey ? outlet : next.get(p.fullPath)}
          </PagePopups>
        </div>
      ))}
      {activePage?.keepAlive ? null : <div key={`${activeKey}#${activePage?.refreshKey ?? 0}`}>{outlet}</div>}
    </>
  );
}
