import { useRef, useState } from 'react';
import { DictText } from '../../../components/dict/dict-select';
import { Alert, App, Button, Card, Descriptions, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  BID_RULE,
  BIDDING_TARGET,
  DECREMENT_MODE,
  listMyLots,
  LOT_STATUS,
  LOT_STATUS_COLOR,
  newRequestId,
  OUTCOME,
  PARTICIPATION_STATUS,
  TRAFFIC_LIGHT,
  useLotView,
  wireTime,
  type BidderView,
  type LotStatus,
  type MyLotRow,
} from './auction-api';
import { Countdown, LotStatusTag, StreamBadge } from './auction-live';

type BidAnswer = {
  price: string;
  receivedAt: string;
  rank: number | null;
  extendedEndAt: string | null;
  duplicate: boolean;
};
type Pending = { requestId: string; body: Record<string, unknown>; message: string };

/**
 * The live bidding screen of one lot for a supplier: exactly what §12.4 lets a bidder see (own
 * bids and rank, best price / traffic light / participant count per the lot's supplierView),
 * the countdown to the current end on the server's clock, a bid form that shows the server's
 * refusal, and the AUC-8 "confirm this price" dialog. The stream drives the screen.
 */
export function BiddingScreen({ row, onBack }: { row: MyLotRow; onBack: () => void }) {
  const { message } = App.useApp();
  const { view: raw, mode, offsetMs } = useLotView(row.lotId, 'BIDDER');
  const view = raw && raw.audience === 'BIDDER' ? (raw as BidderView) : null;
  const [price, setPrice] = useState('');
  const [unitPrices, setUnitPrices] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const rules = row.rules;
  const status = view?.status ?? row.status;
  const unitMode = rules.biddingTarget === 'UNIT_PRICE';

  const send = async (requestId: string, body: Record<string, unknown>, confirmed: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await postAction<BidAnswer & { reason?: string }>(
        '/srm/auction/supplier/bid',
        { ...body, clientRequestId: requestId, ...(confirmed ? { confirmed: true } : {}) },
        { quiet: [400] },
      );
      if (answer.success) {
        setPending(null);
        setPrice('');
        setUnitPrices({});
        message.success(
          answer.result.extendedEndAt ? `出价成功，竞价延时至 ${wireTime(answer.result.extendedEndAt)}` : '出价成功',
        );
        return;
      }
      const reason = (answer.result as { reason?: string } | null)?.reason;
      if (reason === 'NEEDS_CONFIRMATION' && !confirmed) {
        setPending({ requestId, body, message: answer.message });
        return;
      }
      setPending(null);
      setError(answer.message);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : '出价失败');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = () => {
    if (unitMode) {
      const missing = row.lines.find((l) => !(unitPrices[l.id] ?? '').trim());
      if (missing) {
        setError(`请填写第${missing.lineNo}行单价`);
        return;
      }
      void send(
        newRequestId(),
        {
          lotId: row.lotId,
          lines: row.lines.map((l) => ({ lineId: l.id, qty: l.qty, unitPrice: unitPrices[l.id]!.trim() })),
        },
        false,
      );
      return;
    }
    if (!price.trim()) {
      setError('请填写报价');
      return;
    }
    void send(newRequestId(), { lotId: row.lotId, price: price.trim() }, false);
  };

  const bidding = status === 'RUNNING';
  const showRank = rules.supplierView === 'RANK_ONLY' || rules.supplierView === 'RANK_AND_BEST';
  const showBest =
    rules.supplierView === 'BEST_PRICE' || rules.supplierView === 'RANK_AND_BEST' || view?.bestPrice != null;
  const light = view?.trafficLight ? TRAFFIC_LIGHT[view.trafficLight] : null;

  return (
    <Card
      title={`${row.code} ${row.title}`}
      extra={
        <Space>
          <StreamBadge mode={mode} />
          <Button onClick={onBack}>返回列表</Button>
        </Space>
      }
      data-testid="auction-bidding"
    >
      {status === 'PAUSED' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`竞价已暂停${view?.pauseReason ? `：${view.pauseReason}` : ''}，暂不能报价`}
        />
      )}
      <LotOutcome row={row} status={status} winnerName={view?.winnerName ?? null} />
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="状态">
          <LotStatusTag status={status} />
        </Descriptions.Item>
        <Descriptions.Item label="当前结束时间">
          <span data-testid="auction-end-at" data-iso={view?.currentEndAt ?? row.currentEndAt}>
            {wireTime(view?.currentEndAt ?? row.currentEndAt)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="倒计时">
          <Countdown
            endAt={view?.currentEndAt ?? row.currentEndAt}
            startAt={rules.startAt}
            status={status}
            offsetMs={offsetMs}
          />
        </Descriptions.Item>
        <Descriptions.Item label="已延时次数">
          <span data-testid="auction-extensions">
            {view?.extensionsUsed ?? row.extensionsUsed}
            {rules.maxExtensions != null ? ` / ${rules.maxExtensions}` : ''}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="本方当前报价">{view?.ownPrice ?? '-'}</Descriptions.Item>
        {showRank && (
          <Descriptions.Item label={status === 'CLOSED' ? '最终排名' : '本方排名'}>
            <span data-testid="auction-my-rank">{view?.ownRank ?? '-'}</span>
          </Descriptions.Item>
        )}
        {showBest && (
          <Descriptions.Item label="当前最低价">
            <span data-testid="auction-best-price">{view?.bestPrice ?? '-'}</span>
          </Descriptions.Item>
        )}
        {rules.supplierView === 'TRAFFIC_LIGHT' && (
          <Descriptions.Item label="竞价态势">
            {light ? (
              <Tag color={light.color} data-testid="auction-traffic-light">
                {light.text}
              </Tag>
            ) : (
              '-'
            )}
          </Descriptions.Item>
        )}
        {view?.participantCount != null && (
          <Descriptions.Item label="参与家数">{view.participantCount}</Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions size="small" column={3} style={{ marginTop: 12 }}>
        <Descriptions.Item label="竞价对象">{BIDDING_TARGET[rules.biddingTarget]}</Descriptions.Item>
        <Descriptions.Item label="起拍价">{rules.startPrice}</Descriptions.Item>
        <Descriptions.Item label="最小降价幅度">{`${DECREMENT_MODE[rules.decrementMode]} ${rules.decrementValue}${rules.decrementMode === 'PERCENT' ? '%' : ''}`}</Descriptions.Item>
        <Descriptions.Item label="出价规则">{BID_RULE[rules.bidRule]}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{wireTime(rules.startAt)}</Descriptions.Item>
        <Descriptions.Item label="报价次数上限">{rules.maxBidsPerSupplier ?? '不限'}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        style={{ marginTop: 8 }}
        dataSource={row.lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 60 },
          { title: '物料', dataIndex: 'materialName' },
          { title: '数量', dataIndex: 'qty' },
          { title: '单位', dataIndex: 'unit', render: (v: string) => <DictText code="srm_unit" value={v} /> },
          ...(unitMode
            ? [
                {
                  title: '单价',
                  render: (_: unknown, l: MyLotRow['lines'][number]) => (
                    <Input
                      aria-label={`第${l.lineNo}行单价`}
                      value={unitPrices[l.id] ?? ''}
                      disabled={!bidding}
                      onChange={(e) => setUnitPrices((all) => ({ ...all, [l.id]: e.target.value }))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        {!unitMode && (
          <Input
            aria-label="报价"
            placeholder={`报价（不高于 ${rules.startPrice}）`}
            style={{ width: 220 }}
            value={price}
            disabled={!bidding}
            onChange={(e) => setPrice(e.target.value)}
            onPressEnter={submit}
            data-testid="auction-bid-input"
          />
        )}
        <Button type="primary" loading={busy} disabled={!bidding} onClick={submit} data-testid="auction-bid-submit">
          出价
        </Button>
        {!bidding && (
          <Typography.Text type="secondary">
            {status === 'SCHEDULED' ? '竞价尚未开始' : status === 'PAUSED' ? '竞价已暂停' : '竞价已结束'}
          </Typography.Text>
        )}
      </Space>
      {error && <Alert type="error" showIcon style={{ marginTop: 8 }} title={error} data-testid="auction-bid-error" />}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        本方报价记录
      </Typography.Title>
      <Table
        rowKey="no"
        size="small"
        pagination={false}
        dataSource={[...(view?.ownBids ?? [])].reverse()}
        locale={{ emptyText: '尚未报价' }}
        data-testid="auction-my-bids"
        columns={[
          { title: '次序', dataIndex: 'no', width: 60 },
          { title: '报价', dataIndex: 'price' },
          { title: '时间', dataIndex: 'receivedAt', render: (v: string) => wireTime(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => (v === 'VOIDED' ? <Tag>已作废</Tag> : <Tag color="green">有效</Tag>),
          },
        ]}
      />
      <Modal
        open={pending !== null}
        title="确认报价（AUC-8）"
        okText="确认报价"
        cancelText="取消"
        okButtonProps={{ loading: busy, ...{ 'data-testid': 'auction-confirm-bid' } }}
        onOk={() => pending && void send(pending.requestId, pending.body, true)}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{pending?.message}</Typography.Paragraph>
        <Typography.Paragraph
          strong
        >{`您的报价：${(pending?.body.price as string | undefined) ?? '按物料单价'}`}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}

/**
 * The end of a lot for a bidder: 流标 with its reason; after the close the award is pending until
 * FINAL, then the supplier's outcome as its notice said (AWD-7) and the winner's name (§12.4).
 */
function LotOutcome({ row, status, winnerName }: { row: MyLotRow; status: LotStatus; winnerName: string | null }) {
  if (status === 'FAILED')
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 8 }}
        title="本次竞价已流标"
        description={row.failReason ?? undefined}
        data-testid="auction-outcome"
      />
    );
  if (status !== 'CLOSED') return null;
  const winner = winnerName ? `中选供应商：${winnerName}` : undefined;
  if (row.outcome === 'AWARDED')
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 8 }}
        title="中标通知：贵公司在本次竞价中中标"
        description={[winner, row.noticeIssuedAt && `通知时间 ${row.noticeIssuedAt}`].filter(Boolean).join('；')}
        data-testid="auction-outcome"
      />
    );
  if (row.outcome === 'NOT_AWARDED')
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 8 }}
        title="未中标通知：感谢参与，本次竞价贵公司未中标"
        description={[winner, row.noticeIssuedAt && `通知时间 ${row.noticeIssuedAt}`].filter(Boolean).join('；')}
        data-testid="auction-outcome"
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 8 }}
      title="竞价已结束，排名已冻结，等待采购方定标"
      data-testid="auction-outcome"
    />
  );
}

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
