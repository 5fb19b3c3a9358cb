import { useEffect, useState } from 'react';
import { HEADER_AUTO_HIDE_OFFSET } from './layout-constants';

/** Whether the header shows after scrolling from `previousY` to `y`: hidden going down past the offset, back going up. */
export function headerVisibleAfterScroll(previousY: number, y: number, visible: boolean): boolean {
  if (y <= HEADER_AUTO_HIDE_OFFSET) return true;
  if (y > previousY) return false;
  if (y < previousY) return true;
  return visible;
}

/** Tracks the window scroll while `enabled`; always visible otherwise. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!enabled) return;
    let previousY = window.scrollY;
    const onScroll = () => {
      const from = previousY;
      const y = window.scrollY;
      previousY = y;
      setVisible((v) => headerVisibleAfterScroll(from, y, v));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled ? visible : true;
}
