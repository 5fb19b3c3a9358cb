import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  formatRemaining,
  LOT_STATUS,
  LOT_STATUS_COLOR,
  useLotView,
  wireTime,
  type AuctionLot,
  type BuyerView,
  type LotStatus,
  type StreamMode,
} from './auction-api';

export function LotStatusTag({ status }: { status: LotStatus }) {
  return (
    <Tag color={LOT_STATUS_COLOR[status] ?? 'default'} data-testid="auction-status" data-status={status}>
      {LOT_STATUS[status] ?? status}
    </Tag>
  );
}

/** Time left to `endAt` on the server's clock (local clock + offset), ticking every second. */
export function Countdown({
  endAt,
  startAt,
  status,
  offsetMs,
}: {
  endAt: string;
  startAt: string;
  status: LotStatus;
  offsetMs: number;
}) {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const now = local + offsetMs;
  let text: string;
  if (status === 'SCHEDULED')
    text = now < Date.parse(startAt) ? `距开始 ${formatRemaining(Date.parse(startAt) - now)}` : '等待采购方开始';
  else if (status === 'RUNNING') text = `剩余 ${formatRemaining(Date.parse(endAt) - now)}`;
  else if (status === 'PAUSED') text = '已暂停';
  else text = '已结束';
  return (
    <Typography.Text strong data-testid="auction-countdown">
      {text}
    </Typography.Text>
  );
}

export function StreamBadge({ mode }: { mode: StreamMode }) {
  const map = { live: ['green', '实时'], polling: ['orange', '轮询刷新'], connecting: ['default', '连接中'] } as const;
  return (
    <Tag color={map[mode][0]} data-testid="auction-stream-mode">
      {map[mode][1]}
    </Tag>
  );
}

type Reasoned = { kind: 'pause' } | { kind: 'void'; seq: number; label: string; price: string };

/**
 * The buyer's live console of one lot (§12.4, buyer columns): status, current end with a
 * countdown, extensions, best price, the ranking (anonymous labels while `buyerAnonymous`),
 * every bid; start / pause (reason) / resume / close / void a bid (reason). The stream drives it.
 */
export function BuyerConsole({
  lot,
  eventPublished,
  onChanged,
}: {
  lot: AuctionLot;
  eventPublished: boolean;
  onChanged: () => void;
}) {
  const { view: raw, mode, offsetMs } = useLotView(lot.id, 'BUYER');
  const view = raw && raw.audience === 'BUYER' ? (raw as BuyerView) : null;
  const { busy, run } = useCommand();
  const mayRun = useHasPermission('srm:auction:run');
  const mayVoid = useHasPermission('srm:auction:void');
  const [asking, setAsking] = useState<Reasoned | null>(null);
  const [reason, setReason] = useState('');
  const status: LotStatus = view?.status ?? lot.status;
  const act = (url: string, body: Record<string, unknown>) =>
    run(() => postAction(url, { lotId: lot.id, ...body }), onChanged);
  const ended = status === 'CLOSED' || status === 'FAILED';
  // The stream tells of a close first (at the end, on any read or late bid: AUC-11); the detail,
  // with the lot's result and the award, is read again then.
  const readAgain = useEffectEvent(onChanged);
  const streamedStatus = view?.status;
  useEffect(() => {
    if ((streamedStatus === 'CLOSED' || streamedStatus === 'FAILED') && streamedStatus !== lot.status) readAgain();
  }, [streamedStatus, lot.status]);

  const confirmReason = async () => {
    if (!asking) return;
    const done =
      asking.kind === 'pause'
        ? await act('/srm/auction/lot/pause', { reason })
        : await act('/srm/auction/bid/void', { seq: asking.seq, reason });
    if (done) {
      setAsking(null);
      setReason('');
    }
  };

  return (
    <Card
      size="small"
      title={`标段 ${lot.lotNo}：${lot.name}`}
      extra={<StreamBadge mode={mode} />}
      data-testid="auction-console"
    >
      {view?.pauseReason && status === 'PAUSED' && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`竞价已暂停：${view.pauseReason}`} />
      )}
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="状态">
          <LotStatusTag status={status} />
        </Descriptions.Item>
        <Descriptions.Item label="当前结束时间">
          <span data-testid="auction-end-at" data-iso={view?.currentEndAt ?? lot.currentEndAt}>
            {wireTime(view?.currentEndAt ?? lot.currentEndAt)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="倒计时">
          <Countdown
            endAt={view?.currentEndAt ?? lot.currentEndAt}
            startAt={lot.rules.startAt}
            status={status}
            offsetMs={offsetMs}
          />
        </Descriptions.Item>
        <Descriptions.Item label="已延时次数">
          <span data-testid="auction-extensions">
            {view?.extensionsUsed ?? lot.extensionsUsed}
            {lot.rules.maxExtensions != null ? ` / ${lot.rules.maxExtensions}` : ''}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="当前最低价">
          <span data-testid="auction-best-price">{view?.bestPrice ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="参与供应商">{view?.participantCount ?? '-'}</Descriptions.Item>
      </Descriptions>
      {eventPublished && mayRun && (
        <Space style={{ margin: '12px 0' }} wrap>
          {status === 'SCHEDULED' && (
            <Popconfirm
              title="确定开始竞价？"
              okText="开始竞价"
              cancelText="取消"
              onConfirm={() => void act('/srm/auction/lot/start', {})}
            >
              <Button type="primary" loading={busy} data-testid="auction-start">
                开始竞价
              </Button>
            </Popconfirm>
          )}
          {status === 'RUNNING' && (
            <Button loading={busy} onClick={() => setAsking({ kind: 'pause' })} data-testid="auction-pause">
              暂停
            </Button>
          )}
          {status === 'PAUSED' && (
            <Popconfirm
              title="确定恢复竞价？结束时间将顺延暂停时长"
              okText="恢复竞价"
              cancelText="取消"
              onConfirm={() => void act('/srm/auction/lot/resume', {})}
            >
              <Button type="primary" loading={busy} data-testid="auction-resume">
                恢复
              </Button>
            </Popconfirm>
          )}
          {status === 'RUNNING' && (
            <Popconfirm
              title="确定结束竞价？未到结束时间时服务器会拒绝"
              okText="结束竞价"
              cancelText="取消"
              onConfirm={() => void act('/srm/auction/lot/close', {})}
            >
              <Button danger loading={busy} data-testid="auction-close">
                结束竞价
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {ended ? '最终排名（已冻结）' : '排名'}
        {view?.anonymous ? '（匿名）' : ''}
      </Typography.Title>
      <Table
        rowKey="rank"
        size="small"
        pagination={false}
        dataSource={view?.ranking ?? []}
        locale={{ emptyText: '暂无报价' }}
        data-testid="auction-ranking"
        columns={[
          { title: '排名', dataIndex: 'rank', width: 60 },
          {
            title: '供应商',
            dataIndex: 'label',
            render: (v: string, r: BuyerView['ranking'][number]) =>
              status === 'CLOSED' && r.rank === 1 ? (
                <Space size={4}>
                  {v}
                  <Tag color="green">推荐中选</Tag>
                </Space>
              ) : (
                v
              ),
          },
          { title: ended ? '最终报价' : '当前报价', dataIndex: 'price' },
          { title: '报价次数', dataIndex: 'bidCount', width: 90 },
          { title: '最后报价时间', dataIndex: 'lastBidAt', render: (v: string) => wireTime(v) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        报价记录
      </Typography.Title>
      <Table
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={[...(view?.bids ?? [])].reverse()}
        locale={{ emptyText: '暂无报价' }}
        data-testid="auction-bids"
        columns={[
          { title: '序号', dataIndex: 'seq', width: 60 },
          { title: '供应商', dataIndex: 'label' },
          { title: '报价', dataIndex: 'price' },
          { title: '时间', dataIndex: 'receivedAt', render: (v: string) => wireTime(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => (v === 'VOIDED' ? <Tag>已作废</Tag> : <Tag color="green">有效</Tag>),
          },
          { title: '延时至', dataIndex: 'extendedEndAt', render: (v: string | null) => (v ? wireTime(v) : '') },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, b: BuyerView['bids'][number]) =>
              b.status === 'ACCEPTED' && mayVoid && (status === 'RUNNING' || status === 'PAUSED') ? (
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() => setAsking({ kind: 'void', seq: b.seq, label: b.label, price: b.price })}
                  data-testid={`auction-void-${b.seq}`}
                >
                  作废
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={asking !== null}
        title={
          asking?.kind === 'pause'
            ? '暂停竞价'
            : `作废报价 #${asking?.kind === 'void' ? `${asking.seq} ${asking.label} ${asking.price}` : ''}`
        }
        okText={asking?.kind === 'pause' ? '确定暂停' : '确定作废'}
        cancelText="取消"
        okButtonProps={{ disabled: !reason.trim(), loading: busy }}
        onOk={() => void confirmReason()}
        onCancel={() => {
          setAsking(null);
          setReason('');
        }}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={asking?.kind === 'pause' ? '暂停原因' : '作废原因'}
          placeholder="请填写原因"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
