import { fieldEntries, type ResourceDef } from '@procura/shared';

type Values = Record<string, unknown>;

/** Dictionary values that are not in their dictionary (`dicts` from `dictMapsOf`), by field. */
export function dictErrors(
  def: ResourceDef,
  dicts: Record<string, Map<string, string>>,
  values: Values,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, f] of fieldEntries(def)) {
    const value = values[name];
    if (value === undefined || value === null || value === '' || f.type !== 'dict' || !f.dict) continue;
    const bad = String(value)
      .split(',')
      .find((v) => !dicts[f.dict!]!.has(v));
    if (bad !== undefined) errors[name] = `${f.label}的值不在字典中: ${bad}`;
  }
  return errors;
}
