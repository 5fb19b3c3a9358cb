import type { ReactNode } from 'react';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ListUrls, SearchField, SortState } from './list-params';
import { tableBinding } from './table-binding';
import { usePagedList } from './use-paged-list';
import type { PagedList } from './use-paged-list';

export type PagedTableProps<T> = {
  /** The list url, or the list's urls (e.g. with `delete` for `list.remove`). */
  url: string | ListUrls;
  rowKey: keyof T & string;
  /** Columns (or built from the list, e.g. for row actions); `sorter: true` makes one server-sorted by its `key`, else its `dataIndex`. */
  columns: TableColumnsType<T> | ((list: PagedList<T>) => TableColumnsType<T>);
  /** Rows can be selected (`list.selectedRowKeys`). */
  selectable?: boolean;
  searchFields: readonly SearchField[];
  defaultSort?: SortState;
  /** Actions above the table (e.g. a refresh button). */
  toolbar?: (list: PagedList<T>) => ReactNode;
};

type SearchValues = Record<string, string | undefined>;

/** A search form plus a server-side paged, sorted antd table. */
export function PagedTable<T extends object>({
  url,
  rowKey,
  columns,
  selectable,
  searchFields,
  defaultSort,
  toolbar,
}: PagedTableProps<T>) {
  const list = usePagedList<T>({ url: typeof url === 'string' ? { list: url } : url, searchFields, defaultSort });
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
      {toolbar ? <div style={{ margin: '16px 0' }}>{toolbar(list)}</div> : null}
      <Table<T>
        style={toolbar ? undefined : { marginTop: 16 }}
        rowKey={rowKey}
        scroll={{ x: 'max-content' }}
        {...tableBinding(list, typeof columns === 'function' ? columns(list) : columns)}
        rowSelection={
          selectable ? { selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys } : undefined
        }
      />
    </Card>
  );
}
