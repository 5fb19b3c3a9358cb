import { useState } from 'react';
import type { Key } from 'react';
import { useOnOpen } from './use-on-open';

/**
 * The rows chosen in a picker, by key: one row, or several (`multi`); clicking a chosen row
 * again drops it. Opened again, the picker starts from the caller's keys; a row known only by
 * its key is completed from the page it shows up on when confirmed.
 */
export function useChosenRows<T>(
  open: boolean,
  keys: readonly string[] | undefined,
  keyOf: (row: T) => string,
  stub: (key: string) => T,
  multi: boolean,
) {
  const initial = () => new Map((keys ?? []).map((k): [string, T] => [k, stub(k)]));
  const [chosen, setChosen] = useState<Map<string, T>>(initial);
  useOnOpen(open, () => setChosen(initial()));
  const toggle = (row: T) =>
    setChosen((prev) => {
      const key = keyOf(row);
      const next = new Map(multi ? prev : []);
      if (prev.has(key)) next.delete(key);
      else next.set(key, row);
      return next;
    });
  return {
    chosen,
    toggle,
    clear: () => setChosen(new Map()),
    /** Table `rowSelection` wiring: checkbox or radio, the chosen keys, a click or a select-all toggles. */
    rowSelection: (type: 'checkbox' | 'radio') => ({
      type,
      selectedRowKeys: [...chosen.keys()] as Key[],
      onSelect: (row: T) => toggle(row),
      onSelectAll: (_selected: boolean, _rows: T[], changed: T[]) => changed.forEach(toggle),
    }),
    /** The chosen rows, those known only by key completed from `seen` (the rows on screen). */
    rows: (seen: readonly T[], known: (row: T) => boolean): T[] => {
      const onScreen = new Map(seen.map((r) => [keyOf(r), r]));
      return [...chosen].map(([k, r]) => (known(r) ? r : (onScreen.get(k) ?? r)));
    },
  };
}
