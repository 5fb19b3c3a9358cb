import { wrapQueryValue } from '@procura/shared';
import type { QueryMode } from '@procura/shared';
import type { QueryParams } from '../../lib/http';

export type SearchField = {
  /** The query parameter (and form field) name. */
  name: string;
  label: string;
  /** How the value is wrapped for the server's value rules; default 'like' (*x*), 'eq' for a field with options. */
  mode?: QueryMode;
  placeholder?: string;
  /** A choice among fixed values (value → text, e.g. a document's states) instead of typed text. */
  options?: Readonly<Record<string, string>>;
};

export type SortOrder = 'asc' | 'desc';
export type SortState = { column: string; order: SortOrder };

export const DEFAULT_SORT: SortState = { column: 'createTime', order: 'desc' };

export type ListRequest = {
  pageNo: number;
  pageSize: number;
  sort: SortState;
  filters: Readonly<Record<string, string | undefined>>;
  searchFields: readonly SearchField[];
  /** Conditions the page always applies (e.g. the dictionary whose items are listed); they win over typed filters. */
  fixedParams?: QueryParams;
};

/** The JeecgBoot list query: paging, sort, and each non-empty filter wrapped by its mode. */
export function buildListParams({
  pageNo,
  pageSize,
  sort,
  filters,
  searchFields,
  fixedParams,
}: ListRequest): QueryParams {
  const params: QueryParams = { pageNo, pageSize, column: sort.column, order: sort.order };
  for (const field of searchFields) {
    const value = filters[field.name]?.trim();
    if (value) params[field.name] = wrapQueryValue(field.mode ?? (field.options ? 'eq' : 'like'), value);
  }
  return { ...params, ...fixedParams };
}

/**
 * The endpoints of a list page, as JeecgBoot's list mixin names them. A page without
 * `list` cannot load; without `delete` / `deleteBatch` it cannot delete (spec part 2 §5).
 */
export type ListUrls = {
  list?: string;
  delete?: string;
  deleteBatch?: string;
};

export const LIST_MESSAGES = {
  noListUrl: '请设置url.list属性!',
  noDeleteUrl: '请设置url.delete属性!',
  noDeleteBatchUrl: '请设置url.deleteBatch属性!',
  selectOne: '请选择一条记录！',
  loadFailed: '查询失败',
  confirmTitle: '确认删除',
  confirmBatch: '是否删除选中数据?',
} as const;

/** JeecgBoot sends batch ids comma-joined with a trailing comma (`a,b,`); servers accept it. */
export function batchIds(keys: readonly { toString(): string }[]): string {
  return keys.map(String).join(',') + ',';
}
