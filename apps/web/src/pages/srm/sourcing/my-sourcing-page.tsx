import { Alert, Button, Card, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EventStatusTag } from './event-status-tag';
import { MyEventDrawer } from './my-event-drawer';
import { listMyEvents, PARTICIPATION_STATUS, RESPONSE_STATUS, type MyEventRow } from './sourcing-api';
import { useDetailParam } from '../../../lib/detail-param';

/** 我的询价 (domain §10): the supplier's RFQs with its own status; accept/decline, sealed quotes with a receipt, revise, withdraw. */
export default function MySourcingPage() {
  const client = useQueryClient();
  const [shown, setShown] = useDetailParam();
  const list = useQuery({ queryKey: ['mySourcing', 'list'], queryFn: listMyEvents });
  return (
    <Card title="我的询价">
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="询价单加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<MyEventRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: '暂无询价邀请' }}
        data-testid="my-sourcing-table"
        columns={[
          { title: '询价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
          { title: '报价截止', dataIndex: 'responseDeadline', width: 170 },
          {
            title: '我的参与',
            dataIndex: 'participationStatus',
            width: 90,
            render: (v: string) => PARTICIPATION_STATUS[v] ?? v,
          },
          {
            title: '我的报价',
            dataIndex: 'myResponseStatus',
            width: 130,
            render: (v: string | null, r) =>
              v ? <Tag>{`${RESPONSE_STATUS[v] ?? v} 第${r.myVersionNo ?? 1}版`}</Tag> : '-',
          },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) => (
              <Button
                size="small"
                type="link"
                onClick={() => setShown(r.id)}
                data-testid={`my-sourcing-open-${r.code}`}
              >
                查看
              </Button>
            ),
          },
        ]}
      />
      <MyEventDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['mySourcing'] })}
      />
    </Card>
  );
}
