import { Alert, Button, Card, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_STATUS_TEXT } from '@procura/shared';
import { listSeats, type Seat } from './evaluation-api';
import { SeatDrawer } from './seat-drawer';
import { useDetailParam } from '../../../lib/detail-param';

/** 评标 (domain §11, TND-11..16): the committee member's projects, declaration, bids, score sheet, peers' scores, report and signature. */
export default function TenderEvaluationPage() {
  const client = useQueryClient();
  const seats = useQuery({ queryKey: ['tenderEval', 'seats'], queryFn: listSeats });
  const [shown, setShown] = useDetailParam();
  const seat = seats.data?.find((s) => s.eventId === shown) ?? null;
  return (
    <Card title="评标">
      {seats.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="评标项目加载失败"
          description={seats.error.message}
          action={
            <Button size="small" onClick={() => void seats.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<Seat>
        rowKey="eventId"
        size="small"
        loading={seats.isFetching}
        dataSource={seats.data ?? []}
        data-testid="seat-table"
        locale={{ emptyText: '暂无评标项目' }}
        columns={[
          { title: '项目编号', dataIndex: 'code' },
          { title: '项目名称', dataIndex: 'title' },
          { title: '状态', render: (_: unknown, s) => EVENT_STATUS_TEXT[s.status] ?? s.status },
          { title: '我的角色', dataIndex: 'roleText' },
          { title: '回避声明', render: (_: unknown, s) => (s.declaredNoConflictAt ? '已声明' : '未声明') },
          { title: '评分', render: (_: unknown, s) => (s.scoresSubmittedAt ? '已提交' : '未提交') },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, s) => (
              <Button size="small" type="link" data-testid={`seat-open-${s.code}`} onClick={() => setShown(s.eventId)}>
                评标
              </Button>
            ),
          },
        ]}
      />
      <SeatDrawer
        seat={seat}
        onClose={() => setShown(null)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['tenderEval', 'seats'] })}
      />
    </Card>
  );
}
