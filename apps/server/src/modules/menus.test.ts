import { describe, expect, it } from 'vitest';
import { MODULES } from './index.js';

describe('menu rows of the module manifests', () => {
  it('pages under one parent that one role sees never share a sortNo, so the menu has one order', () => {
    const pages = MODULES.flatMap((m) => m.menus ?? []).filter((row) => row.menuType !== 2 && !row.hidden);
    const ties: string[] = [];
    const seen = new Map<string, string>();
    for (const row of pages)
      for (const role of row.roles ?? []) {
        const slot = `${row.parent ?? '(top)'} ${role} ${row.sortNo}`;
        const other = seen.get(slot);
        if (other) ties.push(`${other} and ${row.key} (${slot})`);
        else seen.set(slot, row.key);
      }
    expect(ties).toEqual([]);
  });
});
