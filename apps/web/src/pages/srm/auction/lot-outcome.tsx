import { withoutRuleIds } from '@procura/shared';
import { Alert } from 'antd';
import type { LotStatus, MyLotRow } from './auction-api';

/**
 * The end of a lot for a bidder: 流标 with its reason; after the close the award is pending until
 * FINAL, then the supplier's outcome as its notice said (AWD-7) and the winner's name (§12.4).
 */
export function LotOutcome({
  row,
  status,
  winnerName,
}: {
  row: MyLotRow;
  status: LotStatus;
  winnerName: string | null;
}) {
  if (status === 'FAILED')
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 8 }}
        title="本次竞价已流标"
        description={row.failReason ? withoutRuleIds(row.failReason) : undefined}
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
