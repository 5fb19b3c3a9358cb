import type { ReactNode } from 'react';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@procura/shared';
import type { SearchField, SortState } from './list-params';
import { usePagedList } from './use-paged-list';

export type PagedTableProps<T> = {
  url: string;
  rowKey: keyof T & string;
  /** Columns; `sorter: true` makes one server-sorted by its `dataIndex`. */
  columns: TableColumnsType<T>;
  searchFields: readonly SearchField[];
  defaultSort?: SortState;
  /** Actions above the table (e.g. a refresh button). */
  toolbar?: (list: { refresh: () => void; loading: boolean }) => ReactNode;
};

type SearchValues = Record<string, string | undefined>;

/** A search form plus a server-side paged, sorted antd table. */
export function PagedTable<T extends object>({ url, rowKey, columns, searchFields, defaultSort, toolbar }: PagedTableProps<T>) {
  const list = usePagedList<T>({ url, searchFields, defaultSort });
  const [form] = Form.useForm<SearchValues>();

  const sortedColumns = columns.map((column) => {
    if (!column.sorter || !('dataIndex' in column)) return column;
    const field = String(column.dataIndex);
    return {
      ...column,
      sortOrder: list.sort.column === field ? (list.sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    };
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      list.changeSort(
        one?.order && one.field !== undefined
          ? { column: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' }
          : null,
      );
      return;
    }
    list.changePage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
  };

  const onReset = () => {
    form.resetFields();
    list.reset();
  };

  return (
    <Card>
      <Form form={form} layout="inline" onFinish={list.search} style={{ rowGap: 16 }}>
        {searchFields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} />
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={onReset}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      {toolbar ? <div style={{ margin: '16px 0' }}>{toolbar({ refresh: list.refresh, loading: list.loading })}</div> : null}
      <Table<T>
        style={toolbar ? undefined : { marginTop: 16 }}
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={list.records}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total, range) => `${range[0]}-${range[1]} 共 ${total} 条`,
        }}
      />
    </Card>
  );
}
