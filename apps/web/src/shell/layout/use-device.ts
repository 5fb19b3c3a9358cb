import { useMediaQuery } from '../../lib/use-media-query';
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

/** The layout class of the window, following resizes. */
export function useDevice(): Device {
  const small = useMediaQuery(SMALL_QUERY);
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (small) return 'small';
  if (mobile) return 'mobile';
  return 'desktop';
}
