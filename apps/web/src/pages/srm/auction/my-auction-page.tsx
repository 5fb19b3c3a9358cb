import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  listMyLots,
  LOT_STATUS,
  LOT_STATUS_COLOR,
  OUTCOME,
  PARTICIPATION_STATUS,
  wireTime,
  type MyLotRow,
} from './auction-api';
import { BiddingScreen } from './bidding-screen';

/** What 我的竞价 says of a lot's result in its list. */
function outcomeTag(r: MyLotRow) {
  if (r.outcome) return <Tag color={OUTCOME[r.outcome].color}>{OUTCOME[r.outcome].text}</Tag>;
  if (r.status === 'FAILED') return <Tag color="error">流标</Tag>;
  if (r.status === 'CLOSED') return <Tag>待定标</Tag>;
  return null;
}

/** A closed lot waits for the buyer's award: the list is read again every so often until the outcome is known (AWD-7). */
export const OUTCOME_POLL_MS = 30_000;
export const outcomePollInterval = (rows: readonly MyLotRow[] | undefined): number | false =>
  rows?.some((r) => r.status === 'CLOSED' && !r.outcome) ? OUTCOME_POLL_MS : false;

/** 我的竞价 (domain §12): the supplier's auction lots; accept an invitation; enter the live bidding screen. */
export default function MyAuctionPage() {
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const list = useQuery({
    queryKey: ['auction', 'mine'],
    queryFn: listMyLots,
    refetchInterval: (q) => outcomePollInterval(q.state.data),
  });
  const [openLot, setOpenLot] = useState<string | null>(null);
  const current = list.data?.find((r) => r.lotId === openLot) ?? null;
  if (current)
    return (
      <BiddingScreen
        row={current}
        onBack={() => {
          setOpenLot(null);
          void list.refetch();
        }}
      />
    );
  return (
    <Card title="我的竞价">
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="竞价加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<MyLotRow>
        rowKey="lotId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: '暂无竞价' }}
        data-testid="my-auction-table"
        columns={[
          { title: '竞价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          {
            title: '竞价状态',
            dataIndex: 'status',
            width: 100,
            render: (_: unknown, r) => <Tag color={LOT_STATUS_COLOR[r.status]}>{LOT_STATUS[r.status] ?? r.status}</Tag>,
          },
          {
            title: '我的状态',
            dataIndex: 'participationStatus',
            width: 100,
            render: (v: string) => PARTICIPATION_STATUS[v] ?? v,
          },
          { title: '开始时间', width: 170, render: (_: unknown, r) => wireTime(r.rules.startAt) },
          { title: '结束时间', width: 170, render: (_: unknown, r) => wireTime(r.currentEndAt) },
          {
            title: '结果',
            width: 90,
            render: (_: unknown, r) => <span data-testid={`auction-result-${r.code}`}>{outcomeTag(r)}</span>,
          },
          {
            title: '操作',
            width: 170,
            render: (_: unknown, r) => (
              <Space size={0}>
                {r.participationStatus === 'INVITED' && (
                  <Popconfirm
                    title="确定接受竞价邀请？"
                    okText="接受"
                    cancelText="取消"
                    onConfirm={() =>
                      run(
                        () => postAction('/srm/sourcing/supplier/event/accept', { id: r.eventId }),
                        () => client.invalidateQueries({ queryKey: ['auction', 'mine'] }),
                      )
                    }
                  >
                    <Button size="small" type="link" loading={busy} data-testid={`auction-accept-${r.code}`}>
                      接受邀请
                    </Button>
                  </Popconfirm>
                )}
                {r.participationStatus !== 'INVITED' && r.participationStatus !== 'DECLINED' && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setOpenLot(r.lotId)}
                    data-testid={`auction-enter-${r.code}`}
                  >
                    进入竞价
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
