import { candidateTitle } from '@procura/shared';
import { AwardFollowUp } from '../award-follow-up';
import { useState } from 'react';
import { DateInput } from '../../../components/form/date-input';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Radio,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  AWARD_STATUS,
  AWARD_STATUS_COLOR,
  loadAward,
  proposeBody,
  proposeErrors,
  type AwardView,
  type ProposeDraft,
  type TenderAward,
} from './award-api';
import type { ReportCandidate } from './evaluation-setup-api';
import type { TenderDetail } from './tender-api';

/** Proposes the winner among the report's candidates (rank 1 by default; another needs a reason, never with mustAwardRank1, TND-21) and sends it for approval (X-10). */
function ProposeForm({ eventId, view, onDone }: { eventId: string; view: AwardView; onDone: () => Promise<void> }) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const today = view.today ? dayjs(view.today) : dayjs();
  const [d, setD] = useState<ProposeDraft>({
    responseId: view.candidates.find((c) => c.rank === 1)?.responseId ?? '',
    validFrom: today.format('YYYY-MM-DD'),
    validTo: today.add(1, 'year').subtract(1, 'day').format('YYYY-MM-DD'),
    recommendation: '',
    deviationReason: '',
  });
  const chosen = view.candidates.find((c) => c.responseId === d.responseId);
  const submit = () => {
    const errors = proposeErrors(d, view.candidates, view.mustAwardRank1);
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    void run(() => postAction('/srm/tender/award/propose', proposeBody(eventId, d, view.candidates)), onDone);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="award-propose-form">
      <Typography.Text type="secondary">
        {view.mustAwardRank1
          ? '本项目须确定排名第一的中标候选人为中标人。'
          : '默认确定排名第一的中标候选人；选择其他候选人须填写理由。'}
      </Typography.Text>
      <Radio.Group value={d.responseId} onChange={(e) => setD((x) => ({ ...x, responseId: e.target.value as string }))}>
        <Space orientation="vertical">
          {view.candidates.map((c) => (
            <Radio
              key={c.responseId}
              value={c.responseId}
              disabled={view.mustAwardRank1 && c.rank !== 1}
              data-testid={`award-candidate-${c.rank}`}
            >
              {`${candidateTitle(c.rank)}：${c.supplierName}，投标总价 ${c.amount}${c.totalScore ? `，总分 ${c.totalScore}` : ''}`}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {chosen && chosen.rank !== 1 && (
        <Input
          maxLength={500}
          aria-label="未选第一名的理由"
          placeholder="未选择排名第一的候选人的理由（必填）"
          value={d.deviationReason}
          onChange={(e) => setD((x) => ({ ...x, deviationReason: e.target.value }))}
        />
      )}
      <Space wrap>
        <span>价格生效日期</span>
        <DateInput
          disablePast
          aria-label="价格生效日期"
          value={d.validFrom}
          onChange={(v) => setD((x) => ({ ...x, validFrom: v }))}
        />
        <span>价格失效日期</span>
        <DateInput
          disablePast
          aria-label="价格失效日期"
          value={d.validTo}
          onChange={(v) => setD((x) => ({ ...x, validTo: v }))}
        />
      </Space>
      <Input.TextArea
        rows={2}
        maxLength={2000}
        aria-label="定标理由"
        placeholder="定标理由（选填）"
        value={d.recommendation}
        onChange={(e) => setD((x) => ({ ...x, recommendation: e.target.value }))}
      />
      <Popconfirm
        title="提交定标审批？审批通过后进入中标候选人公示，公示期内不能修改。"
        okText="提交审批"
        cancelText="取消"
        onConfirm={submit}
      >
        <Button type="primary" loading={busy} data-testid="award-propose">
          提交定标审批
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Where the award stands: approval, publicity (and its end), suspension by an objection, or FINAL with the notices (TND-17..19, AWD-5). */
function AwardStatus({
  award,
  canAward,
  eventId,
  onDone,
}: {
  award: TenderAward;
  canAward: boolean;
  eventId: string;
  onDone: () => Promise<void>;
}) {
  const { busy, run } = useCommand();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="award-status">
      {award.status === 'PENDING_APPROVAL' && (
        <Alert type="info" showIcon title="定标已提交审批，请审批人在审批中心处理" />
      )}
      {award.status === 'DRAFT' && <Alert type="warning" showIcon title="定标审批被驳回或撤回，可修改后重新提交" />}
      {award.status === 'SUSPENDED' && (
        <Alert type="warning" showIcon title="有异议尚未答复，定标暂停；请在“异议”页答复" />
      )}
      {award.status === 'FINAL' && (
        <Alert
          type="success"
          showIcon
          title={`定标已生效：中标通知书与中标结果通知书已于 ${award.noticeIssuedAt ?? '-'} 同时发出`}
        />
      )}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="定标编号">{award.code}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={AWARD_STATUS_COLOR[award.status] ?? 'default'} data-testid="award-status-tag">
            {AWARD_STATUS[award.status] ?? award.status}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="中标人">{award.lines[0]?.supplierName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="中标金额">{award.totalAmount ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="价格有效期">{`${award.priceValidFrom ?? '-'} 至 ${award.priceValidTo ?? '-'}`}</Descriptions.Item>
        <Descriptions.Item label="公示期">
          {award.publicityStartAt ? `${award.publicityStartAt} 至 ${award.publicityEndAt ?? '-'}` : '-'}
        </Descriptions.Item>
        {award.deviatesFromRank1 === 1 && (
          <Descriptions.Item label="未选第一名的理由" span={2}>
            {award.deviationReason ?? '-'}
          </Descriptions.Item>
        )}
        {award.recommendation && (
          <Descriptions.Item label="定标理由" span={2}>
            {award.recommendation}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={award.lines}
        columns={[
          { title: '中标人', dataIndex: 'supplierName' },
          { title: '数量', dataIndex: 'qty' },
          { title: '单价（不含税）', dataIndex: 'unitPrice' },
          { title: '税率（%）', dataIndex: 'taxRate' },
          { title: '金额', dataIndex: 'amount' },
        ]}
      />
      {award.status === 'FINAL' && <AwardFollowUp awardId={award.id} />}
      {award.status === 'PUBLICITY' && canAward && (
        <Popconfirm
          title="公示期满且无未答复异议时定标生效，同时向中标人发出中标通知书、向其他投标人发出结果通知书，不可撤销。确定？"
          okText="定标生效"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/award/finalize', { eventId }), onDone)}
        >
          <Button type="primary" loading={busy} data-testid="award-finalize">
            公示期满，定标生效
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function CandidatesTable({ candidates }: { candidates: ReportCandidate[] }) {
  return (
    <Table<ReportCandidate>
      rowKey="responseId"
      size="small"
      pagination={false}
      dataSource={candidates}
      data-testid="award-candidates"
      columns={[
        { title: '候选人', dataIndex: 'rank', render: (v: number) => candidateTitle(v) },
        { title: '投标人', dataIndex: 'supplierName' },
        { title: '投标总价', dataIndex: 'amount' },
        { title: '总分', dataIndex: 'totalScore', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

/** 定标 in the buyer's tender detail (domain §13 for tenders): the candidates, the proposal, then the award through approval, publicity and FINAL. */
export function AwardTab({
  tender,
  canAward,
  onChanged,
}: {
  tender: TenderDetail;
  canAward: boolean;
  onChanged: () => Promise<void>;
}) {
  const view = useQuery({ queryKey: ['tender', 'award', tender.id], queryFn: () => loadAward(tender.id) });
  if (view.isPending) return <Spin />;
  if (view.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="定标信息加载失败"
        description={view.error.message}
        action={
          <Button size="small" onClick={() => void view.refetch()}>
            重试
          </Button>
        }
      />
    );
  const v = view.data;
  const done = async () => {
    await view.refetch();
    await onChanged();
  };
  const canPropose =
    canAward &&
    tender.status === 'EVALUATING' &&
    v.reportStatus === 'SIGNED' &&
    (!v.award || v.award.status === 'DRAFT');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-award">
      {v.award && <AwardStatus award={v.award} canAward={canAward} eventId={tender.id} onDone={done} />}
      <Typography.Title level={5}>中标候选人</Typography.Title>
      {v.candidates.length ? (
        <CandidatesTable candidates={v.candidates} />
      ) : (
        <Empty description="评标报告尚未推荐中标候选人" />
      )}
      {v.reportStatus !== 'SIGNED' && !v.award && (
        <Alert type="info" showIcon title="评标报告经全体评委签字后才能定标" />
      )}
      {canPropose && v.candidates.length > 0 && <ProposeForm eventId={tender.id} view={v} onDone={done} />}
    </Space>
  );
}
