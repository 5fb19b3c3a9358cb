import type { TableColumnsType, TableProps } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@procura/shared';
import type { PagedList } from './use-paged-list';

type Column<T> = TableColumnsType<T>[number];

/** The field a column sorts by: its `key`, else its `dataIndex`. */
function sortField<T>(column: Column<T>): string | null {
  if (column.key !== undefined) return String(column.key);
  return 'dataIndex' in column && column.dataIndex !== undefined ? String(column.dataIndex) : null;
}

/** "1-23 共 40 条". */
export const showTotal = (total: number, range: [number, number]) => `${range[0]}-${range[1]} 共 ${total} 条`;

/**
 * The antd Table props that bind a table to a paged list: rows, loading, server-side paging
 * (sizes 10/23/30) and sorting. A column with `sorter: true` sorts by its `key`, else its
 * `dataIndex`.
 */
export function tableBinding<T>(
  list: PagedList<T>,
  columns: TableColumnsType<T>,
): Pick<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'onChange' | 'pagination'> {
  const sortedColumns = columns.map((column) => {
    const field = column.sorter ? sortField(column) : null;
    if (field === null) return column;
    return {
      ...column,
      sortOrder:
        list.sort.column === field ? (list.sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    };
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.columnKey ?? one?.field;
      list.changeSort(
        one?.order && field !== undefined
          ? { column: String(field), order: one.order === 'ascend' ? 'asc' : 'desc' }
          : null,
      );
      return;
    }
    list.changePage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
  };

  return {
    columns: sortedColumns,
    dataSource: list.records,
    loading: list.loading,
    onChange,
    pagination: {
      current: list.pageNo,
      pageSize: list.pageSize,
      total: list.total,
      showSizeChanger: true,
      showQuickJumper: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showTotal,
    },
  };
}
