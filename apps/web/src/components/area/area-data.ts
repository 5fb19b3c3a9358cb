/** Province / city / district data (GB/T 2260 codes) of the china-area-data package: `{ parentCode: { code: name } }`, roots under `86`. */
export type AreaMap = Record<string, Record<string, string>>;
export type AreaOption = { value: string; label: string; children?: AreaOption[] };

const ROOT = '86';
let cached: Promise<AreaMap> | null = null;

/** Loaded on first use only (about 116 KB): pages without an area field never fetch it. */
export function loadAreas(): Promise<AreaMap> {
  cached ??= import('china-area-data/data.json').then((m) => (m as { default: AreaMap }).default);
  return cached;
}

/** The children of a code (`86` = the provinces) as options. */
export function areaChildren(map: AreaMap, parent: string = ROOT): AreaOption[] {
  return Object.entries(map[parent] ?? {}).map(([value, label]) => ({ value, label }));
}

/** The whole tree for a cascader. */
export function areaTree(map: AreaMap, parent: string = ROOT): AreaOption[] {
  return areaChildren(map, parent).map((o) => (map[o.value] ? { ...o, children: areaTree(map, o.value) } : o));
}

/** The codes from the province down to `code` (empty when unknown). */
export function areaPath(map: AreaMap, code: string | null | undefined): string[] {
  if (!code) return [];
  const parentOf = (c: string) =>
    Object.keys(map).find((p) => p !== ROOT && Object.hasOwn(map[p]!, c)) ??
    (Object.hasOwn(map[ROOT] ?? {}, c) ? ROOT : null);
  const path: string[] = [];
  for (let c: string | null = code; c && c !== ROOT; c = parentOf(c)) {
    if (path.includes(c)) break;
    path.unshift(c);
    if (path.length > 4) return [];
  }
  return path[0] && Object.hasOwn(map[ROOT] ?? {}, path[0]) ? path : [];
}

/** `广东省/深圳市/南山区` of a code. */
export function areaText(map: AreaMap, code: string | null | undefined, separator = '/'): string {
  const path = areaPath(map, code);
  return path.map((c, i) => map[i === 0 ? ROOT : path[i - 1]!]?.[c] ?? c).join(separator);
}
