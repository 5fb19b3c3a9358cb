import { useState } from 'react';
import { App, Button, Input, InputNumber, Popconfirm, Space, Table } from 'antd';
import { DateInput } from '../../../components/form/date-input';
import { dictText, useDictItems } from '../../../lib/dict';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { quoteErrors, type MyEventDetail, type QuoteLineInput, type Receipt } from './sourcing-api';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The quote form (domain §10): per line unit price, tax rate, lead time; a validity date; checked here and again by the server. */
export function QuoteForm({ event, onSubmitted }: { event: MyEventDetail; onSubmitted: (receipt: Receipt) => void }) {
  const { message } = App.useApp();
  const units = useDictItems('srm_unit');
  const { busy, run } = useCommand();
  const [lines, setLines] = useState<QuoteLineInput[]>(() =>
    event.lines.map((l) => ({
      sourcingLineId: l.id,
      lineNo: l.lineNo,
      unitPrice: '',
      taxRate: '13',
      leadTimeDays: null,
    })),
  );
  const [validUntil, setValidUntil] = useState('');
  const revising = event.responses.some((r) => r.status === 'SUBMITTED');
  const patch = (id: string, change: Partial<QuoteLineInput>) =>
    setLines((all) => all.map((l) => (l.sourcingLineId === id ? { ...l, ...change } : l)));

  const submit = async () => {
    const errors = quoteErrors(lines, validUntil, today());
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    let receipt: Receipt | null = null;
    await run(
      async () => {
        const answer = await postAction<Receipt>('/srm/sourcing/supplier/quote/submit', {
          eventId: event.id,
          validUntil,
          lines: lines
            .filter((l) => (l.unitPrice ?? '').trim())
            .map((l) => ({
              sourcingLineId: l.sourcingLineId,
              unitPrice: l.unitPrice!.trim(),
              taxRate: l.taxRate!.trim(),
              ...(l.leadTimeDays != null ? { leadTimeDays: l.leadTimeDays } : {}),
            })),
        });
        if (answer.success) receipt = answer.result;
        return answer;
      },
      () => {
        if (receipt) onSubmitted(receipt);
      },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="quote-form">
      <Table<QuoteLineInput>
        rowKey="sourcingLineId"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l) => {
              const s = event.lines.find((x) => x.id === l.sourcingLineId);
              return s
                ? `${s.materialName ?? ''} ${s.spec ?? ''}（${s.qty} ${dictText(units.data, s.unit ?? '')}）`
                : '';
            },
          },
          {
            title: `单价（${event.currency}）`,
            render: (_: unknown, l) => (
              <Input
                aria-label={`第${l.lineNo}行单价`}
                value={l.unitPrice}
                onChange={(e) => patch(l.sourcingLineId, { unitPrice: e.target.value })}
              />
            ),
          },
          {
            title: '税率（%）',
            width: 100,
            render: (_: unknown, l) => (
              <Input
                aria-label={`第${l.lineNo}行税率`}
                value={l.taxRate}
                onChange={(e) => patch(l.sourcingLineId, { taxRate: e.target.value })}
              />
            ),
          },
          {
            title: '交货周期（天）',
            width: 130,
            render: (_: unknown, l) => (
              <InputNumber
                aria-label={`第${l.lineNo}行交货周期`}
                min={0}
                max={3650}
                precision={0}
                value={l.leadTimeDays ?? null}
                onChange={(v) => patch(l.sourcingLineId, { leadTimeDays: typeof v === 'number' ? v : null })}
              />
            ),
          },
        ]}
      />
      <Space>
        <span>报价有效期至</span>
        <DateInput disablePast aria-label="报价有效期" value={validUntil} onChange={setValidUntil} />
      </Space>
      <Popconfirm
        title={
          revising ? '确定提交修改后的报价？新版本将替代旧版本。' : '确定提交报价？报价密封保存，开标前任何人不可见。'
        }
        okText="提交"
        cancelText="取消"
        onConfirm={() => void submit()}
      >
        <Button type="primary" loading={busy} data-testid="quote-submit">
          {revising ? '修改报价' : '提交报价'}
        </Button>
      </Popconfirm>
    </Space>
  );
}
