import { useState } from 'react';
import { App } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@procura/shared';
import type { PageResult } from '@procura/shared';
import { getAction } from '../../lib/http';
import { buildListParams, DEFAULT_SORT } from './list-params';
import type { SearchField, SortState } from './list-params';

export type PagedListOptions = {
  url: string;
  searchFields: readonly SearchField[];
  defaultSort?: SortState;
  defaultPageSize?: number;
};

type Filters = Record<string, string | undefined>;

/** Server-side paged list state: page, size, sort and applied filters, fetched with TanStack Query. */
export function usePagedList<T>({ url, searchFields, defaultSort = DEFAULT_SORT, defaultPageSize = DEFAULT_PAGE_SIZE }: PagedListOptions) {
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filters, setFilters] = useState<Filters>({});

  const params = buildListParams({ pageNo, pageSize, sort, filters, searchFields });
  const query = useQuery({
    queryKey: ['paged-list', url, params],
    queryFn: async (): Promise<PageResult<T>> => {
      const body = await getAction<PageResult<T>>(url, params);
      if (!body.success) {
        // A refused list load (e.g. code 510, no permission) is a warning, not a crash.
        message.warning(body.message || '查询失败');
        return { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
      }
      return body.result;
    },
    placeholderData: keepPreviousData,
  });

  return {
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    pageNo,
    pageSize,
    sort,
    /** Apply search values and go back to the first page. */
    search(values: Filters) {
      setFilters(values);
      setPageNo(1);
    },
    reset() {
      setFilters({});
      setPageNo(1);
    },
    changePage(nextPage: number, nextSize: number) {
      setPageNo(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
    },
    changeSort(next: SortState | null) {
      setSort(next ?? defaultSort);
      setPageNo(1);
    },
    refresh() {
      void query.refetch();
    },
  };
}
