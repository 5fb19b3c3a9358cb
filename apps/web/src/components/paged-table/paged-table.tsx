import type { ReactNode } from 'react';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SearchField, SortState } from './list-params';
import { tableBinding } from './table-binding';
import { usePagedList } from './use-paged-list';

export type PagedTableProps<T> = {
  url: string;
  rowKey: keyof T & string;
  /** Columns; `sorter: true` makes one server-sorted by its `key`, else its `dataIndex`. */
  columns: TableColumnsType<T>;
  searchFields: readonly SearchField[];
  defaultSort?: SortState;
  /** Actions above the table (e.g. a refresh button). */
  toolbar?: (list: { refresh: () => void; loading: boolean }) => ReactNode;
};

type SearchValues = Record<string, string | undefined>;

/** A search form plus a server-side paged, sorted antd table. */
export function PagedTable<T extends object>({ url, rowKey, columns, searchFields, defaultSort, toolbar }: PagedTableProps<T>) {
  const list = usePagedList<T>({ url: { list: url }, searchFields, defaultSort });
  const [form] = Form.useForm<SearchValues>();

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
      <Table<T> style={toolbar ? undefined : { marginTop: 16 }} rowKey={rowKey} scroll={{ x: 'max-content' }} {...tableBinding(list, columns)} />
    </Card>
  );
}
