import { useState } from 'react';
import { DateInput } from '../../../components/form/date-input';
import { Alert, App, Button, Input, InputNumber, Popconfirm, Select, Space, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { dictText, useDictItems } from '../../../lib/dict';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { AwardFollowUp } from '../award-follow-up';
import {
  AWARD_MODES,
  awardDeviates,
  awardErrors,
  loadAward,
  loadMatrix,
  type AwardEntry,
  type EventDetail,
  type Matrix,
} from './sourcing-api';

/**
 * 定标 (domain §13), shared by 询价管理 (RFQ-10) and 竞价管理 (AUC-14): per line a supplier, or
 * shares in whole % summing to 100 for a quantity split; then 提交审批. With a recommended
 * supplier (an auction's rank 1) every line starts with it, and choosing another needs a
 * deviation reason; without one (an RFQ) the reason is needed off the lowest quote.
 */
export function AwardForm({
  event,
  matrix,
  recommendedSupplierId = null,
  onDone,
}: {
  event: EventDetail;
  matrix: Matrix;
  recommendedSupplierId?: string | null;
  onDone: () => void | Promise<void>;
}) {
  const { message } = App.useApp();
  const units = useDictItems('srm_unit');
  const { busy, run } = useCommand();
  const split = event.awardMode === 'SPLIT_BY_QTY';
  const [entries, setEntries] = useState<AwardEntry[]>(() =>
    recommendedSupplierId && !split
      ? matrix.lines
          .filter((l) => l.quotes.some((q) => q.supplierId === recommendedSupplierId))
          .map((l) => ({ sourcingLineId: l.id, lineNo: l.lineNo, supplierId: recommendedSupplierId }))
      : [],
  );
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [recommendation, setRecommendation] = useState('');
  const [deviationReason, setDeviationReason] = useState('');
  const offBest = recommendedSupplierId ? '排名第一' : '最低价';
  const deviates = awardDeviates(event.awardMode, matrix.lines, entries, recommendedSupplierId);
  const setLine = (line: { id: string; lineNo: number }, supplierId: string, sharePct?: number) =>
    setEntries((all) => {
      const others = split
        ? all.filter((e) => !(e.sourcingLineId === line.id && e.supplierId === supplierId))
        : all.filter((e) => e.sourcingLineId !== line.id);
      if (!supplierId || (split && sharePct === undefined)) return others;
      return [
        ...others,
        { sourcingLineId: line.id, lineNo: line.lineNo, supplierId, ...(sharePct !== undefined ? { sharePct } : {}) },
      ];
    });

  const submit = async () => {
    const errors = awardErrors(event.awardMode, matrix.lines, entries);
    if (deviates && !deviationReason.trim())
      // The rule (AUC-14 with a recommendation, §13 otherwise) is cited in tests, never on screen.
      errors.push(`未授予${offBest}的供应商，请填写偏离原因`);
    if (!validFrom || !validTo) errors.push('请填写价格生效和失效日期');
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    let awardId = '';
    await run(async () => {
      const saved = await postAction<{ id: string }>('/srm/sourcing/award/save', {
        eventId: event.id,
        priceValidFrom: validFrom,
        priceValidTo: validTo,
        ...(recommendation.trim() ? { recommendation: recommendation.trim() } : {}),
        ...(deviationReason.trim() ? { deviationReason: deviationReason.trim() } : {}),
        lines: entries.map(({ sourcingLineId, supplierId, sharePct }) => ({
          sourcingLineId,
          supplierId,
          ...(sharePct !== undefined ? { sharePct } : {}),
        })),
      });
      if (!saved.success) return saved;
      awardId = saved.result.id;
      return postAction('/srm/sourcing/award/submit', { id: awardId });
    }, onDone);
  };

  const mark = (q: Matrix['lines'][number]['quotes'][number]) =>
    recommendedSupplierId ? (q.supplierId === recommendedSupplierId ? '，排名第一' : '') : q.lowest ? '，最低' : '';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sourcing-award-form">
      <Typography.Text type="secondary">{`定标方式：${AWARD_MODES[event.awardMode] ?? event.awardMode}${split ? '；每行各供应商份额为整数百分比，合计须为100%' : ''}`}</Typography.Text>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={matrix.lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l: Matrix['lines'][number]) =>
              `${l.materialName ?? ''}（${l.qty} ${dictText(units.data, l.unit ?? '')}）`,
          },
          {
            title: split ? '份额（%）' : '中标供应商',
            render: (_: unknown, l: Matrix['lines'][number]) =>
              split ? (
                <Space wrap>
                  {l.quotes.map((q) => (
                    <span key={q.supplierId}>
                      {`${q.supplierName} ${q.unitPrice} `}
                      <InputNumber
                        aria-label={`第${l.lineNo}行${q.supplierName}份额`}
                        min={0}
                        max={100}
                        precision={0}
                        onChange={(v) => setLine(l, q.supplierId, typeof v === 'number' && v > 0 ? v : undefined)}
                      />
                    </span>
                  ))}
                </Space>
              ) : (
                <Select
                  aria-label={`第${l.lineNo}行中标供应商`}
                  style={{ width: 300 }}
                  allowClear
                  placeholder="选择供应商"
                  value={entries.find((e) => e.sourcingLineId === l.id)?.supplierId}
                  options={l.quotes.map((q) => ({
                    value: q.supplierId,
                    label: `${q.supplierName}（单价 ${q.unitPrice}${mark(q)}）`,
                  }))}
                  onChange={(v: string | undefined) => setLine(l, v ?? '')}
                />
              ),
          },
        ]}
      />
      {deviates && (
        <Alert
          type="warning"
          showIcon
          title={`所选供应商不是${offBest}，须填写偏离原因${recommendedSupplierId ? '，并须经主管审批' : ''}`}
          data-testid="award-deviation-warning"
        />
      )}
      <Space wrap>
        <span>价格生效日期</span>
        <DateInput disablePast aria-label="价格生效日期" value={validFrom} onChange={setValidFrom} />
        <span>价格失效日期</span>
        <DateInput disablePast aria-label="价格失效日期" value={validTo} onChange={setValidTo} />
      </Space>
      <Input.TextArea
        rows={2}
        maxLength={2000}
        placeholder="定标理由"
        value={recommendation}
        onChange={(e) => setRecommendation(e.target.value)}
      />
      <Input
        maxLength={500}
        placeholder={`偏离原因（未授予${offBest}的供应商时必填）`}
        value={deviationReason}
        onChange={(e) => setDeviationReason(e.target.value)}
        aria-label="偏离原因"
      />
      <Popconfirm
        title="确定提交定标审批？提交后不能修改。"
        okText="提交审批"
        cancelText="取消"
        onConfirm={() => void submit()}
      >
        <Button type="primary" loading={busy} data-testid="sourcing-award-submit">
          提交审批
        </Button>
      </Popconfirm>
    </Space>
  );
}

const AWARD_STATUS: Record<string, { type: 'info' | 'success'; text: string }> = {
  PENDING_APPROVAL: { type: 'info', text: '审批中，请在审批中心处理' },
  APPROVED: { type: 'info', text: '已批准' },
  FINAL: { type: 'success', text: '已生效' },
};

/** While an award waits in 审批中心 its status is read again every so often, so the approval shows without a reload. */
export const AWARD_POLL_MS = 30_000;
export const awardPollInterval = (status: string | undefined): number | false =>
  status === 'PENDING_APPROVAL' ? AWARD_POLL_MS : false;

/**
 * The 定标 tab of an opened event: the award form until an award is submitted, then the award's
 * status (审批中 / 已生效); a rejected award is a draft again and the form comes back.
 */
export function AwardPanel({
  event,
  canAward,
  recommendedSupplierId = null,
  onDone,
}: {
  event: EventDetail;
  canAward: boolean;
  recommendedSupplierId?: string | null;
  onDone: () => void | Promise<void>;
}) {
  const matrix = useQuery({ queryKey: ['sourcing', 'matrix', event.id], queryFn: () => loadMatrix(event.id) });
  const award = useQuery({
    queryKey: ['sourcing', 'award', event.id],
    queryFn: () => loadAward(event.id),
    refetchInterval: (q) => awardPollInterval(q.state.data?.status),
  });
  const failed = matrix.error ?? award.error;
  if (failed) return <Alert type="error" showIcon title={failed.message} />;
  if (award.isPending) return <Spin />;
  if (award.data && award.data.status !== 'DRAFT') {
    const shown = AWARD_STATUS[award.data.status] ?? { type: 'info' as const, text: award.data.status };
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type={shown.type}
          showIcon
          title={`已有定标（${shown.text}）`}
          data-testid="award-status"
          data-status={award.data.status}
        />
        {award.data.status === 'FINAL' ? <AwardFollowUp awardId={award.data.id} /> : null}
      </Space>
    );
  }
  if (!['OPENED', 'EVALUATING'].includes(event.status) || !canAward)
    return <Typography.Text type="secondary">当前状态不能定标</Typography.Text>;
  if (!matrix.data) return <Spin />;
  return (
    <AwardForm
      event={event}
      matrix={matrix.data}
      recommendedSupplierId={recommendedSupplierId}
      onDone={async () => {
        await award.refetch();
        await onDone();
      }}
    />
  );
}
