import { DictText } from '../../../components/dict/dict-select';
import { Alert, Button, Card, Descriptions, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import {
  BID_RULE,
  BIDDING_TARGET,
  DECREMENT_MODE,
  TRAFFIC_LIGHT,
  useLotView,
  wireTime,
  type BidderView,
  type MyLotRow,
} from './auction-api';
import { Countdown, LotStatusTag, StreamBadge } from './auction-live';
import { LotOutcome } from './lot-outcome';
import { useBidForm } from './use-bid-form';

/**
 * The live bidding screen of one lot for a supplier: exactly what §12.4 lets a bidder see (own
 * bids and rank, best price / traffic light / participant count per the lot's supplierView),
 * the countdown to the current end on the server's clock, a bid form that shows the server's
 * refusal, and the AUC-8 "confirm this price" dialog. The stream drives the screen.
 */
export function BiddingScreen({ row, onBack }: { row: MyLotRow; onBack: () => void }) {
  const { view: raw, mode, offsetMs } = useLotView(row.lotId, 'BIDDER');
  const view = raw && raw.audience === 'BIDDER' ? (raw as BidderView) : null;
  const { price, setPrice, unitPrices, setUnitPrices, error, pending, setPending, busy, send, submit, unitMode } =
    useBidForm(row);
  const rules = row.rules;
  const status = view?.status ?? row.status;

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
        title="确认报价"
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
