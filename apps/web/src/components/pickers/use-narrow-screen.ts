import { useSyncExternalStore } from 'react';

/** Whether the window is narrower than `width` px (a phone), following resizes. */
export function useNarrowScreen(width: number): boolean {
  const query = `(max-width: ${width - 0.02}px)`;
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
