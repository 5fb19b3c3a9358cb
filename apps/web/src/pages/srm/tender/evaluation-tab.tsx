import { Divider, Space, Typography } from 'antd';
import { CommitteePanel } from './committee-panel';
import { EvaluationSetupPanel } from './evaluation-setup-panel';
import { ReportPanel } from './report-panel';
import type { TenderDetail } from './tender-api';

/** 评标 in the buyer's tender detail (domain §11.1–11.2 steps 8–9): the method and criteria, the committee, and the committee's report. */
export function EvaluationTab({
  tender,
  canEdit,
  onChanged,
}: {
  tender: TenderDetail;
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-evaluation">
      <Typography.Title level={5}>评标办法与评审项</Typography.Title>
      <EvaluationSetupPanel tender={tender} canEdit={canEdit} />
      <Divider />
      <Typography.Title level={5}>评标委员会</Typography.Title>
      <CommitteePanel tender={tender} canEdit={canEdit} onChanged={onChanged} />
      {tender.openedAt && (
        <>
          <Divider />
          <Typography.Title level={5}>评标报告</Typography.Title>
          <ReportPanel eventId={tender.id} />
        </>
      )}
    </Space>
  );
}
