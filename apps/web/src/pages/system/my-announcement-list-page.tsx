import { App, Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  markAllAnnouncementsRead,
  MY_ANNOUNCEMENTS_URL,
  NOTICE_QUERY_KEYS,
} from '../../components/announcement/announcement-api';
import type { MyAnnouncement } from '../../components/announcement/announcement-api';
import { PriorityTag } from '../../components/announcement/priority-tag';
import { useAnnouncementReader } from '../../components/announcement/use-announcement-reader';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField, SortState } from '../../components/paged-table/list-params';

const SEARCH_FIELDS: SearchField[] = [{ name: 'titile', label: '标题', mode: 'like' }];
const DEFAULT_SORT: SortState = { column: 'sendTime', order: 'desc' };
const CATEGORY_TEXT: Record<string, string> = { '1': '通知公告', '2': '系统消息' };

const isRead = (record: MyAnnouncement) => String(record.readFlag) === '1';

/** "My messages" (/messageSeting/annountCement): every announcement sent to the user, read or not. */
export default function MyAnnouncementListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reader = useAnnouncementReader();
  const open = (record: MyAnnouncement) => reader.open(record.anntId, { ...record, id: record.anntId });

  const readAll = async () => {
    try {
      const body = await markAllAnnouncementsRead();
      if (!body.success) {
        message.warning(body.message || '操作失败');
        return;
      }
      message.success(body.message || '全部已读');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['paged-list', MY_ANNOUNCEMENTS_URL] }),
        queryClient.invalidateQueries({ queryKey: NOTICE_QUERY_KEYS.bell }),
      ]);
    } catch {
      // Reported by the HTTP client.
    }
  };

  const columns: TableColumnsType<MyAnnouncement> = [
    {
      title: '标题',
      dataIndex: 'titile',
      render: (text: string, record) => (
        <Typography.Link strong={!isRead(record)} onClick={() => open(record)}>
          {text}
        </Typography.Link>
      ),
    },
    {
      title: '消息类型',
      dataIndex: 'msgCategory_dictText',
      render: (text: string | null | undefined, record) => text || CATEGORY_TEXT[record.msgCategory] || '-',
    },
    { title: '发布人', dataIndex: 'sender', render: (text: string | null) => text || '-' },
    { title: '发布时间', dataIndex: 'sendTime', sorter: true, render: (text: string | null) => text || '-' },
    {
      title: '优先级',
      dataIndex: 'priority',
      render: (priority: string | null) => <PriorityTag priority={priority} />,
    },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      render: (_: unknown, record) => (isRead(record) ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>),
    },
    {
      title: '操作',
      key: 'action',
      render: (_: unknown, record) => (
        <Typography.Link onClick={() => open(record)} data-testid="my-announcement-view">
          查看
        </Typography.Link>
      ),
    },
  ];

  return (
    <>
      <PagedTable<MyAnnouncement>
        url={MY_ANNOUNCEMENTS_URL}
        rowKey="id"
        columns={columns}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={({ refresh, loading }) => (
          <Space>
            <Button type="primary" icon={<CheckOutlined />} onClick={readAll} data-testid="read-all">
              全部已读
            </Button>
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
              刷新
            </Button>
          </Space>
        )}
      />
      {reader.dialog}
    </>
  );
}
