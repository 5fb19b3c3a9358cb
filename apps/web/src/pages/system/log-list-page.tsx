import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { ReloadOutlined } from '@ant-design/icons';
import { tableBinding } from '../../components/paged-table/table-binding';
import type { SearchField } from '../../components/paged-table/list-params';
import { usePagedList } from '../../components/paged-table/use-paged-list';

export type LogRecord = {
  id: string;
  logType: number;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string | null;
  userid: string | null;
  username: string | null;
  realname: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  requestParam: string | null;
  costTime: number | null;
  status: string;
  createTime: string | null;
};

export type LogType = '1' | '2';

/** The search of both tabs: a keyword over content and account, and a day range of the creation time (`createTime_begin`/`_end`). */
const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyWord', label: '关键词', mode: 'eq' },
  { name: 'createTime_begin', label: '开始日期', mode: 'eq' },
  { name: 'createTime_end', label: '结束日期', mode: 'eq' },
];

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value;

const COMMON_HEAD: TableColumnsType<LogRecord> = [
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 170, render: dash },
  {
    title: '用户',
    dataIndex: 'username',
    sorter: true,
    render: (username: string | null, record) =>
      record.realname ? `${dash(username)}（${record.realname}）` : dash(username),
  },
  { title: 'IP', dataIndex: 'ip', sorter: true, render: dash },
  { title: '日志内容', dataIndex: 'logContent', ellipsis: true, width: 320, render: dash },
];

const STATUS_COLUMN: TableColumnsType<LogRecord>[number] = {
  title: '结果',
  dataIndex: 'status',
  render: (status: string) => (status === 'ok' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
};

const COST_COLUMN: TableColumnsType<LogRecord>[number] = {
  title: '耗时(毫秒)',
  dataIndex: 'costTime',
  sorter: true,
  align: 'right',
  render: dash,
};

export const LOG_COLUMNS: Record<LogType, TableColumnsType<LogRecord>> = {
  '1': [...COMMON_HEAD, { title: '操作', dataIndex: 'operateType_dictText', render: dash }, STATUS_COLUMN, COST_COLUMN],
  '2': [
    ...COMMON_HEAD,
    { title: '操作类型', dataIndex: 'operateType_dictText', render: dash },
    {
      title: '请求',
      dataIndex: 'method',
      render: (method: string | null, record) => (
        <Space size={4}>
          <Tag>{dash(record.requestType)}</Tag>
          <Typography.Text code>{dash(method)}</Typography.Text>
        </Space>
      ),
    },
    STATUS_COLUMN,
    COST_COLUMN,
  ],
};

type SearchValues = { keyWord?: string; range?: [Dayjs | null, Dayjs | null] | null };

/** One tab: its search form and the server-paged log table of one log type. */
function LogTable({ logType }: { logType: LogType }) {
  const list = usePagedList<LogRecord>({
    url: { list: '/sys/log/list' },
    searchFields: SEARCH_FIELDS,
    fixedParams: { logType },
  });
  const [form] = Form.useForm<SearchValues>();

  const onSearch = (values: SearchValues) => {
    const [begin, end] = values.range ?? [];
    list.search({
      keyWord: values.keyWord,
      // Whole days: the server takes a bare date as the day's first or last moment (GMT+8).
      createTime_begin: begin ? begin.format('YYYY-MM-DD') : undefined,
      createTime_end: end ? end.format('YYYY-MM-DD') : undefined,
    });
  };

  return (
    <div data-testid={`log-table-${logType}`}>
      <Form
        form={form}
        layout="inline"
        onFinish={onSearch}
        style={{ rowGap: 16 }}
        data-testid={`log-search-${logType}`}
      >
        <Form.Item name="keyWord" label="关键词">
          <Input allowClear placeholder="日志内容或用户账号" maxLength={100} />
        </Form.Item>
        <Form.Item name="range" label="创建时间">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                list.reset();
              }}
            >
              重置
            </Button>
            <Button icon={<ReloadOutlined />} onClick={list.refresh} loading={list.loading}>
              刷新
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<LogRecord>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        {...tableBinding(list, LOG_COLUMNS[logType])}
        expandable={
          logType === '2'
            ? {
                rowExpandable: (record) => Boolean(record.requestParam),
                expandedRowRender: (record) => (
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    <Typography.Text type="secondary">请求参数：</Typography.Text>
                    <Typography.Text code>{record.requestParam}</Typography.Text>
                  </Typography.Paragraph>
                ),
              }
            : undefined
        }
      />
    </div>
  );
}

/**
 * 日志管理: the login log and the operation log, each searchable by keyword and day range.
 * Logs are an audit record: they are read here, never edited or deleted.
 */
export default function LogListPage() {
  const [active, setActive] = useState<LogType>('1');
  return (
    <Card data-testid="log-list-page">
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as LogType)}
        items={[
          { key: '1', label: '登录日志', children: <LogTable logType="1" /> },
          { key: '2', label: '操作日志', children: <LogTable logType="2" /> },
        ]}
      />
    </Card>
  );
}
