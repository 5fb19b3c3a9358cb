import { withoutRuleIds } from '@procura/shared';
import { Alert, Card, Descriptions, Space } from 'antd';
import { useHasPermission } from '../../../components/has';
import { AwardPanel } from '../sourcing/award-form';
import type { AuctionDetail, AuctionLot } from './auction-api';

/**
 * The buyer's end of a lot (§12 → §13): a failed lot shows 流标 with its reason; a closed one its
 * result — final best, the rank-1 recommendation (AUC-14), savings against the start price
 * (AUC-17), a warning when the final best is above the hidden reserve (AUC-15) — and the award,
 * through the same form and approval as an RFQ's, then the award's status.
 */
export function AuctionOutcome({
  event,
  lot,
  onChanged,
}: {
  event: AuctionDetail;
  lot: AuctionLot;
  onChanged: () => void | Promise<void>;
}) {
  const canAward = useHasPermission('srm:sourcing:award');
  if (lot.status === 'FAILED')
    return (
      <Alert
        type="error"
        showIcon
        title="已流标"
        description={withoutRuleIds(event.failReason ?? '竞价无有效出价')}
        data-testid="auction-failed"
      />
    );
  if (lot.status !== 'CLOSED' || !lot.result) return null;
  const r = lot.result;
  const recommended = event.participants.find((p) => p.supplierId === r.recommendedSupplierId)?.supplierName ?? '-';
  return (
    <Card size="small" title="竞价结果与定标" data-testid="auction-outcome">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="最终最低价">{r.finalBest ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="推荐中选（排名第一）">
            <span data-testid="auction-recommended">{recommended}</span>
          </Descriptions.Item>
          <Descriptions.Item label="节约金额（较起拍价）">
            <span data-testid="auction-savings">
              {r.savings ? `${r.savings.vsStart}（${r.savings.vsStartPct}%）` : '-'}
            </span>
          </Descriptions.Item>
          {r.savings?.vsPrevious != null && (
            <Descriptions.Item label="节约金额（较上次价格）">{`${r.savings.vsPrevious}（${r.savings.vsPreviousPct}%）`}</Descriptions.Item>
          )}
        </Descriptions>
        {r.aboveReserve && (
          <Alert
            type="warning"
            showIcon
            title="最终最低价高于保留价，定标须经主管审批"
            data-testid="auction-above-reserve"
          />
        )}
        <AwardPanel
          event={event}
          canAward={canAward}
          recommendedSupplierId={r.recommendedSupplierId}
          onDone={onChanged}
        />
      </Space>
    </Card>
  );
}
