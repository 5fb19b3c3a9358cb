import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { App } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@procura/shared';
import type { Envelope, PageResult } from '@procura/shared';
import { deleteAction, getAction } from '../../lib/http';
import type { QueryParams } from '../../lib/http';
import { batchIds, buildListParams, DEFAULT_SORT, LIST_MESSAGES } from './list-params';
import type { ListUrls, SearchField, SortState } from './list-params';

export type PagedListOptions = {
  url: ListUrls;
  searchFields: readonly SearchField[];
  defaultSort?: SortState;
  defaultPageSize?: number;
  /** Conditions every load carries (see `buildListParams`). */
  fixedParams?: QueryParams;
  /**
   * The query key's prefix, so that a page's other parts (a detail drawer) can reload the list by
   * invalidating it; default `['paged-list', url.list]`.
   */
  queryKey?: readonly unknown[];
  /**
   * What a refused load (`success: false`) does: a warning toast and an empty page (JeecgBoot's
   * list mixin, the default), or an error the page shows in place with a retry (`'error'`).
   */
  refusal?: 'warning' | 'error';
};

type Filters = Record<string, string | undefined>;

/**
 * Server-side paged list state (JeecgBoot's list mixin): page, size, sort, applied filters
 * and the row selection, fetched with TanStack Query, plus delete and batch delete.
 */
export function usePagedList<T>({
  url,
  searchFields,
  defaultSort = DEFAULT_SORT,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  fixedParams,
  queryKey = ['paged-list', url.list],
  refusal = 'warning',
}: PagedListOptions) {
  const { message, modal } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [filters, setFilters] = useState<Filters>({});
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);

  // A custom page built on this hook without a list url says so instead of staying empty.
  useEffect(() => {
    if (!url.list) message.error(LIST_MESSAGES.noListUrl);
  }, [url.list, message]);

  const params = buildListParams({ pageNo, pageSize, sort, filters, searchFields, fixedParams });
  const query = useQuery({
    queryKey: [...queryKey, params],
    enabled: Boolean(url.list),
    queryFn: async (): Promise<PageResult<T>> => {
      const body = await getAction<PageResult<T>>(url.list!, params);
      if (!body.success && refusal === 'error') throw new Error(body.message || LIST_MESSAGES.loadFailed);
      if (!body.success) {
        // A refused list load (e.g. code 510, no permission) is a warning, not a crash.
        message.warning(body.message || LIST_MESSAGES.loadFailed);
        return { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
      }
      return body.result;
    },
    placeholderData: keepPreviousData,
  });
  const records = query.data?.records ?? [];

  const clearSelection = () => setSelectedRowKeys([]);

  /** After deleting `count` rows: a page emptied by it goes back one page, otherwise reload. */
  const afterDelete = (count: number) => {
    clearSelection();
    if (pageNo > 1 && records.length <= count) setPageNo(pageNo - 1);
    else void query.refetch();
  };

  /** A command on rows of this list: its answer is shown, then `after` runs if it succeeded. */
  const runCommand = async (call: () => Promise<Envelope<unknown>>, after: () => void): Promise<boolean> => {
    try {
      const body = await call();
      if (!body.success) {
        message.warning(body.message);
        return false;
      }
      message.success(body.message);
      after();
      return true;
    } catch {
      // The HTTP client has shown the error.
      return false;
    }
  };

  const refresh = () => {
    clearSelection();
    void query.refetch();
  };

  /** 查询 / 重置 that leave the view as it is still fetch the rows again. */
  const reloadIfSameView = (nextFilters: Filters) => {
    const next = buildListParams({ pageNo: 1, pageSize, sort, filters: nextFilters, searchFields, fixedParams });
    if (JSON.stringify(next) === JSON.stringify(params)) void query.refetch();
  };

  const runDelete = (path: string, deleteParams: QueryParams, count: number) =>
    runCommand(
      () => deleteAction(path, deleteParams),
      () => afterDelete(count),
    );

  return {
    records,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    /** Why the last load failed (a network or server error, or a refusal with `refusal: 'error'`). */
    error: query.isError ? query.error : null,
    /** Loads the current view again, keeping the selection (e.g. 重试 after an error). */
    retry: () => void query.refetch(),
    pageNo,
    pageSize,
    sort,
    /** The query of the current view (filters, sort, page), e.g. for an export of the same rows. */
    params,
    selectedRowKeys,
    setSelectedRowKeys,
    clearSelection,
    /** Apply search values and go back to the first page; the same search again reloads (others may have changed the rows). */
    search(values: Filters) {
      reloadIfSameView(values);
      setFilters(values);
      setPageNo(1);
      clearSelection();
    },
    reset() {
      reloadIfSameView({});
      setFilters({});
      setPageNo(1);
      clearSelection();
    },
    changePage(nextPage: number, nextSize: number) {
      setPageNo(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
      clearSelection();
    },
    changeSort(next: SortState | null) {
      setSort(next ?? defaultSort);
      setPageNo(1);
      clearSelection();
    },
    refresh,
    /** Runs a command on rows (freeze, publish, force logout…): shows its answer and reloads on success; resolves whether it succeeded. */
    run(call: () => Promise<Envelope<unknown>>): Promise<boolean> {
      return runCommand(call, refresh);
    },
    /** Deletes one row (`url.delete?id=`); resolves whether it was deleted. */
    async remove(id: string): Promise<boolean> {
      if (!url.delete) {
        message.error(LIST_MESSAGES.noDeleteUrl);
        return false;
      }
      return runDelete(url.delete, { id }, 1);
    },
    /** Deletes the selected rows after a confirmation (`url.deleteBatch?ids=a,b,`). */
    removeSelected(): void {
      const deleteBatch = url.deleteBatch;
      if (!deleteBatch) {
        message.error(LIST_MESSAGES.noDeleteBatchUrl);
        return;
      }
      const keys = selectedRowKeys;
      if (keys.length === 0) {
        message.warning(LIST_MESSAGES.selectOne);
        return;
      }
      modal.confirm({
        title: LIST_MESSAGES.confirmTitle,
        content: LIST_MESSAGES.confirmBatch,
        okText: '确定',
        cancelText: '取消',
        onOk: () => runDelete(deleteBatch, { ids: batchIds(keys) }, keys.length),
      });
    },
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
