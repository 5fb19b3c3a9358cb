import type { ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { QueryParams } from '../../lib/http';
import { LIST_MESSAGES } from './list-params';
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
  /** The card's title (a document list's name). */
  title?: ReactNode;
  /** Test ids `<testId>-search` and `<testId>-table` on the search form and the table. */
  testId?: string;
  /** Conditions every load carries (e.g. the document type of a shared list route). */
  fixedParams?: QueryParams;
  /** The list's query key prefix (see `usePagedList`), for other parts of the page to reload it. */
  queryKey?: readonly unknown[];
  /** The empty table's text. */
  emptyText?: string;
  /**
   * Shown above the table, with 重试, when a load fails; given, a refused load (`success: false`)
   * shows here too instead of as a toast.
   */
  errorTitle?: string;
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
  title,
  testId,
  fixedParams,
  queryKey,
  emptyText,
  errorTitle,
}: PagedTableProps<T>) {
  const list = usePagedList<T>({
    url: typeof url === 'string' ? { list: url } : url,
    searchFields,
    defaultSort,
    fixedParams,
    queryKey,
    refusal: errorTitle ? 'error' : 'warning',
  });
  const [form] = Form.useForm<SearchValues>();

  const onReset = () => {
    form.resetFields();
    list.reset();
  };

  return (
    <Card title={title}>
      <Form
        form={form}
        name={testId ? `${testId}Search` : undefined}
        layout="inline"
        onFinish={list.search}
        style={{ rowGap: 16 }}
        data-testid={testId ? `${testId}-search` : undefined}
      >
        {searchFields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            {field.options ? (
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={field.placeholder ?? `请选择${field.label}`}
                options={Object.entries(field.options).map(([value, label]) => ({ value, label }))}
              />
            ) : (
              <Input allowClear placeholder={field.placeholder ?? `请输入${field.label}`} />
            )}
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
      {list.error && (
        <Alert
          type="error"
          showIcon
          style={{ margin: toolbar ? '0 0 12px' : '16px 0 0' }}
          title={errorTitle ?? LIST_MESSAGES.loadFailed}
          description={list.error.message}
          action={
            <Button size="small" onClick={list.retry}>
              重试
            </Button>
          }
        />
      )}
      <Table<T>
        style={toolbar ? undefined : { marginTop: 16 }}
        data-testid={testId ? `${testId}-table` : undefined}
        locale={emptyText ? { emptyText } : undefined}
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
