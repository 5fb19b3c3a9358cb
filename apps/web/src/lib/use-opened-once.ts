import { useState } from 'react';

/**
 * True from the first render where `open` is true on: a dialog or drawer whose code is loaded
 * lazily is mounted only once it is first opened, and stays mounted so it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
