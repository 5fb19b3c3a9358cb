import { Alert, Button, Descriptions, Empty, Spin, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RankingTable } from '../tender-evaluation/ranking-table';
import { candidateTitle } from '@procura/shared';
import { loadCommittee, loadReport } from './evaluation-setup-api';

/** 评标报告 as the buyer reads it (TND-13, TND-16): ranking, up to three candidates, and who has signed. */
export function ReportPanel({ eventId }: { eventId: string }) {
  const report = useQuery({ queryKey: ['tender', 'report', eventId], queryFn: () => loadReport(eventId) });
  const committee = useQuery({ queryKey: ['tender', 'committee', eventId], queryFn: () => loadCommittee(eventId) });
  if (report.isPending) return <Spin />;
  if (report.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="评标报告加载失败"
        description={report.error.message}
        action={
          <Button size="small" onClick={() => void report.refetch()}>
            重试
          </Button>
        }
      />
    );
  const r = report.data;
  if (!r) return <Empty description="评标报告尚未生成：全体评委提交评分后，由主任委员在“评标”页汇总生成" />;
  const signed = new Set(r.signatures.map((s) => s.memberId));
  const unsigned = (committee.data ?? []).filter((m) => !signed.has(m.id)).map((m) => m.userName);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-report">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="报告状态">
          {r.status === 'SIGNED' ? <Tag color="green">已全体签字</Tag> : <Tag color="orange">待签字</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="生成时间">{r.createTime ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="中标候选人" span={2}>
          <span data-testid="tender-report-candidates">
            {r.candidates.map((c) => `${candidateTitle(c.rank)}：${c.supplierName}（${c.amount}）`).join('；') || '无'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="已签字" span={2}>
          {r.signatures.map((s) => `${s.userName}（${s.signedAt ?? ''}）`).join('、') || '无'}
        </Descriptions.Item>
        {r.status === 'DRAFT' && (
          <Descriptions.Item label="未签字" span={2}>
            {unsigned.join('、') || '-'}
          </Descriptions.Item>
        )}
        {r.recommendation && (
          <Descriptions.Item label="推荐意见" span={2}>
            {r.recommendation}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5}>评审排名</Typography.Title>
      <RankingTable rows={r.ranking} />
    </Space>
  );
}
