import { wrapQueryValue } from '@procura/shared';
import type { QueryMode } from '@procura/shared';
import type { QueryParams } from '../../lib/http';

export type SearchField = {
  /** The query parameter (and form field) name. */
  name: string;
  label: string;
  /** How the value is wrapped for the server's value rules; default 'like' (*x*). */
  mode?: QueryMode;
  placeholder?: string;
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
};

/** The JeecgBoot list query: paging, sort, and each non-empty filter wrapped by its mode. */
export function buildListParams({ pageNo, pageSize, sort, filters, searchFields }: ListRequest): QueryParams {
  const params: QueryParams = { pageNo, pageSize, column: sort.column, order: sort.order };
  for (const field of searchFields) {
    const value = filters[field.name]?.trim();
    if (value) params[field.name] = wrapQueryValue(field.mode ?? 'like', value);
  }
  return params;
}
