import { useSyncExternalStore } from 'react';
import { LAYOUT_MOBILE_BREAKPOINT, LAYOUT_SMALL_BREAKPOINT } from './layout-constants';

/** desktop from 1088 px; mobile below (drawer menu); small below 768 px. */
export type Device = 'desktop' | 'mobile' | 'small';

export function deviceFor(width: number): Device {
  if (width < LAYOUT_SMALL_BREAKPOINT) return 'small';
  if (width < LAYOUT_MOBILE_BREAKPOINT) return 'mobile';
  return 'desktop';
}

// Fractional bounds: a 1087.5 px wide window is still below 1088.
const MOBILE_QUERY = `(max-width: ${LAYOUT_MOBILE_BREAKPOINT - 0.02}px)`;
const SMALL_QUERY = `(max-width: ${LAYOUT_SMALL_BREAKPOINT - 0.02}px)`;

function snapshot(): Device {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'desktop';
  if (window.matchMedia(SMALL_QUERY).matches) return 'small';
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(SMALL_QUERY)];
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

/** The layout class of the window, following resizes. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}
