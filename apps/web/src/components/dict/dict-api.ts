import type { DictItem } from '@procura/shared';
import { getAction } from '../../lib/http';

/** The spec's messages of the dictionary widgets (part 2 §5). */
export const DICT_MESSAGES = {
  emptyCode: '字典Code不能为空!',
  badTableDict: '表字典搜索组件参数接收有误,请检查字典配置!',
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
} as const;

/** Keyword input of a search-select waits this long before asking (spec part 2 §9). */
export const DICT_SEARCH_DEBOUNCE_MS = 800;

/** `table,text,code` of a table dictionary, or null when a part is missing. */
export function parseTableDict(dict: string | undefined): { table: string; text: string; code: string } | null {
  const [table = '', text = '', code = ''] = (dict ?? '').split(',').map((p) => p.trim());
  return table && text && code ? { table, text, code } : null;
}

/** Whether a tree select's condition is empty or a JSON object (what the server accepts). */
export function isConditionValid(condition: string | undefined): boolean {
  if (condition === undefined || condition.trim() === '') return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Comma-joined values as a list (and back): what forms keep for multi-value widgets. */
export const splitValues = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const list = <T>(body: { success: boolean; result: unknown }): T[] =>
  body.success && Array.isArray(body.result) ? (body.result as T[]) : [];
const path = (dict: string) => encodeURIComponent(dict);

/** `GET /sys/dict/loadDict/{dict}`: options whose text or value contains the keyword. */
export async function searchTableDict(dict: string, keyword: string, pageSize?: number): Promise<DictItem[]> {
  return list<DictItem>(await getAction<DictItem[]>(`/sys/dict/loadDict/${path(dict)}`, { keyword, pageSize }));
}

/** `GET /sys/dict/loadDictItem/{dict}`: the texts of stored values, in their order. */
export async function tableDictTexts(dict: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  return list<string>(await getAction<string[]>(`/sys/dict/loadDictItem/${path(dict)}`, { key: keys.join(',') }));
}

/** A node of the tree and category selects (the server's `leaf`, copied to `isLeaf`). */
export type TreeOption = {
  key: string;
  value: string;
  title: string;
  code?: string;
  leaf: boolean;
  isLeaf: boolean;
  parentId: string | null;
  pId?: string;
};
type ServerNode = { key: string; title: string; code?: string; leaf: boolean; parentId: string | null };

const toOption = (n: ServerNode): TreeOption => ({
  key: n.key,
  value: n.key,
  title: n.title,
  code: n.code,
  leaf: n.leaf,
  isLeaf: n.leaf,
  parentId: n.parentId,
  pId: n.parentId ?? undefined,
});

export type TreeDictParams = {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  condition?: string;
};

/** `GET /sys/dict/loadTreeData`: one level of an allow-listed table's tree. */
export async function loadTreeLevel(params: TreeDictParams, pid: string): Promise<TreeOption[]> {
  return list<ServerNode>(await getAction<ServerNode[]>('/sys/dict/loadTreeData', { ...params, pid })).map(toOption);
}

/** `GET /sys/category/loadTreeData`: roots below a code (`0` = the top) or the children of an id. */
export async function loadCategoryLevel(
  at: { pcode: string } | { pid: string },
  condition?: string,
): Promise<TreeOption[]> {
  return list<ServerNode>(await getAction<ServerNode[]>('/sys/category/loadTreeData', { ...at, condition })).map(
    toOption,
  );
}

/** `GET /sys/category/loadDictItem`: the names of category ids. */
export async function categoryNames(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return list<string>(await getAction<string[]>('/sys/category/loadDictItem', { ids: ids.join(',') }));
}

/** Where linked dropdowns read their options (spec part 2 §3 "Link-down config"). */
export type LinkDownConfig = {
  table: string;
  txt: string;
  key: string;
  idField: string;
  pidField: string;
  condition?: string;
};
export type LinkDownOption = { id: string; store: string; label: string };

/** `GET /online/cgform/api/querySelectOptions`: the first level by condition, the next by the parent's id. Failure rejects without a message. */
export async function loadLinkedOptions(config: LinkDownConfig, pidValue?: string): Promise<LinkDownOption[]> {
  const { condition, ...rest } = config;
  const params = pidValue === undefined ? { ...rest, condition } : { ...rest, pidValue };
  const body = await getAction<LinkDownOption[]>('/online/cgform/api/querySelectOptions', params, { quiet: true });
  if (!body.success) throw new Error(body.message);
  return list<LinkDownOption>(body);
}
