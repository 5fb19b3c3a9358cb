/**
 * Rule ids (SRC-3, RFQ-5, TND-11 …) cite the domain and security rules a message enforces. They
 * belong in logs and tests, not before a user: the server moves them out of the messages it
 * sends into a `rules` list, and the web strips any it shows from elsewhere.
 */
const ID = String.raw`(?!SHA-)[A-Z]{1,6}-\d{1,3}(?![\d-])`;
const IDS = String.raw`${ID}(?:\s*[、,，/]\s*${ID})*`;
/** `（SRC-3）`, `(PR-1、MAT-3)`: a parenthesis of ids only, with the space before it. */
const WHOLE = new RegExp(String.raw`\s*[（(](${IDS})[）)]`, 'g');
/** `（文字或附件，SMP-2）`: ids closing a parenthesis of words. */
const TRAILING = new RegExp(String.raw`\s*[，,、；;]\s*(${IDS})(?=[）)])`, 'g');
/** `（TND-3 截止时间顺延）`: ids opening one. */
const LEADING = new RegExp(String.raw`(?<=[（(])(${IDS})[\s：:，,]+`, 'g');

/** A message without its rule ids, and the ids it cited in order (each once). */
export function splitRuleIds(message: string): { text: string; rules: string[] } {
  const rules: string[] = [];
  const take = (_all: string, ids: string) => {
    for (const id of ids.split(/\s*[、,，/]\s*/)) if (!rules.includes(id)) rules.push(id);
    return '';
  };
  const text = message.replace(WHOLE, take).replace(TRAILING, take).replace(LEADING, take);
  return { text, rules };
}

/** The text of a message as a user reads it: without rule ids. */
export function withoutRuleIds(message: string): string {
  return splitRuleIds(message).text;
}
