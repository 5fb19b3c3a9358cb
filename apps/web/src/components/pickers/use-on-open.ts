import { useState } from 'react';

/**
 * Runs `reset` when `open` turns true: a modal shown again starts from the caller's value.
 * (State adjusted while rendering, React's way for a changed prop, rather than in an effect.)
 */
export function useOnOpen(open: boolean, reset: () => void): void {
  const [was, setWas] = useState(open);
  if (open !== was) {
    setWas(open);
    if (open) reset();
  }
}
