import { useEffect, useState } from 'react';
import { dictText, useDictItems } from '../../../lib/dict';
import { Alert, App, Button, Input, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import { postAction } from '../../../lib/http';
import { FileUpload, splitPaths } from '../../../components/upload/file-upload';
import {
  bidErrors,
  countdownText,
  newRequestId,
  wireMs,
  type BidLineInput,
  type BidReceipt,
  type MyTenderDetail,
} from './my-tender-api';
import { useTenderCommand } from './tender-command';

/** The deadline countdown on the server clock: the offset server − browser is taken when the detail loads. */
export function DeadlineCountdown({ deadline, offsetMs }: { deadline: string | null; offsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = wireMs(deadline) - (now + offsetMs);
  return (
    <Typography.Text type={left > 0 && left < 86_400_000 ? 'danger' : undefined} data-testid="tender-countdown">
      {countdownText(left)}
    </Typography.Text>
  );
}

/**
 * 投标文件 (domain §11.2 step 4): two sealed envelopes, 技术标 (text and attachments through the
 * upload widget) and 商务标 (unit price, tax rate and delivery days per line, terms). Checked here
 * and again by the server (SRC-7); sent once per click with an idempotency key; the answer
 * is the receipt (server time, SHA-256 of each envelope, P3).
 */
export function BidForm({
  tender,
  onSubmitted,
}: {
  tender: MyTenderDetail;
  onSubmitted: (receipt: BidReceipt) => void;
}) {
  const { message } = App.useApp();
  const units = useDictItems('srm_unit');
  const { busy, refusal, setRefusal, run } = useTenderCommand();
  const [technical, setTechnical] = useState('');
  const [files, setFiles] = useState('');
  const [paymentTerms, setPaymentTerms] = useState('');
  const [deliveryTerms, setDeliveryTerms] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [lines, setLines] = useState<BidLineInput[]>(() =>
    tender.lines.map((l) => ({
      sourcingLineId: l.id,
      lineNo: l.lineNo,
      unitPrice: '',
      taxRate: '13',
      leadTimeDays: null,
    })),
  );
  const revising = tender.bids.some((b) => b.status === 'SUBMITTED');
  const patch = (id: string, change: Partial<BidLineInput>) =>
    setLines((all) => all.map((l) => (l.sourcingLineId === id ? { ...l, ...change } : l)));

  const submit = async () => {
    const errors = bidErrors(technical, lines, tender.pricePrecision);
    if (errors.length) {
      setRefusal(errors.join('；'));
      message.warning(errors.join('；'));
      return;
    }
    let receipt: BidReceipt | null = null;
    await run(
      async () => {
        const answer = await postAction<BidReceipt>('/srm/tender/supplier/bid/submit', {
          eventId: tender.id,
          clientRequestId: requestId,
          technical: { text: technical.trim(), files: splitPaths(files) },
          commercial: {
            ...(paymentTerms.trim() ? { paymentTerms: paymentTerms.trim() } : {}),
            ...(deliveryTerms.trim() ? { deliveryTerms: deliveryTerms.trim() } : {}),
            lines: lines.map((l) => ({
              sourcingLineId: l.sourcingLineId,
              unitPrice: l.unitPrice.trim(),
              taxRate: l.taxRate.trim(),
              ...(l.leadTimeDays !== null ? { leadTimeDays: l.leadTimeDays } : {}),
            })),
          },
        });
        if (answer.success) receipt = answer.result;
        return answer;
      },
      () => {
        // The next submission (a revision) is a new request.
        setRequestId(newRequestId());
        if (receipt) onSubmitted(receipt);
      },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-bid-form">
      <Typography.Title level={5}>技术标（密封，开标前任何人不可见）</Typography.Title>
      <Input.TextArea
        rows={5}
        maxLength={20000}
        showCount
        aria-label="技术标内容"
        placeholder="技术方案、质量保证、售后服务等"
        value={technical}
        onChange={(e) => setTechnical(e.target.value)}
        data-testid="tender-bid-tech"
      />
      <FileUpload
        value={files}
        onChange={setFiles}
        biz="sourcing"
        maxCount={50}
        text="上传技术标附件"
        data-testid="tender-bid-files"
      />
      <Typography.Title level={5}>商务标（密封，开标时解密）</Typography.Title>
      <Table<BidLineInput>
        rowKey="sourcingLineId"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l) => {
              const s = tender.lines.find((x) => x.id === l.sourcingLineId);
              return s
                ? `${s.materialName ?? ''} ${s.spec ?? ''}（${s.qty} ${dictText(units.data, s.unit ?? '')}）`
                : '';
            },
          },
          {
            title: `单价（${tender.currency}，不含税）`,
            width: 170,
            render: (_: unknown, l) => (
              <Input
                aria-label={`第${l.lineNo}行单价`}
                value={l.unitPrice}
                onChange={(e) => patch(l.sourcingLineId, { unitPrice: e.target.value })}
                data-testid={`tender-bid-price-${l.lineNo}`}
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
            title: '交货天数',
            width: 120,
            render: (_: unknown, l) => (
              <InputNumber
                aria-label={`第${l.lineNo}行交货天数`}
                min={0}
                max={3650}
                precision={0}
                value={l.leadTimeDays}
                onChange={(v) => patch(l.sourcingLineId, { leadTimeDays: typeof v === 'number' ? v : null })}
                data-testid={`tender-bid-days-${l.lineNo}`}
              />
            ),
          },
        ]}
      />
      <Space wrap>
        <Input
          style={{ width: 320 }}
          maxLength={500}
          aria-label="付款条件"
          placeholder="付款条件（选填）"
          value={paymentTerms}
          onChange={(e) => setPaymentTerms(e.target.value)}
        />
        <Input
          style={{ width: 320 }}
          maxLength={500}
          aria-label="交货条件"
          placeholder="交货条件（选填）"
          value={deliveryTerms}
          onChange={(e) => setDeliveryTerms(e.target.value)}
        />
      </Space>
      {refusal && <Alert type="warning" showIcon title={refusal} data-testid="tender-bid-refusal" />}
      <Popconfirm
        title={
          revising
            ? '确定递交修改后的投标文件？新版本将替代旧版本。'
            : '确定递交投标文件？技术标与商务标分别密封，开标前任何人不可见。'
        }
        okText="递交"
        cancelText="取消"
        onConfirm={() => void submit()}
      >
        <Button type="primary" loading={busy} data-testid="tender-bid-submit">
          {revising ? '修改投标' : '递交投标文件'}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The receipt of a bid (P3): server time and the SHA-256 of each sealed envelope. */
export function BidReceiptView({ receipt }: { receipt: BidReceipt }) {
  return (
    <Alert
      type="success"
      showIcon
      data-testid="tender-bid-receipt"
      title={`投标文件已递交：${receipt.code} 第${receipt.versionNo}版`}
      description={
        <span>
          服务器时间：{receipt.submittedAt ?? receipt.serverTime}
          <br />
          商务标摘要（SHA-256）：
          <Typography.Text copyable code>
            {receipt.payloadHash}
          </Typography.Text>
          <br />
          技术标摘要（SHA-256）：
          <Typography.Text copyable code>
            {receipt.technicalHash}
          </Typography.Text>
        </span>
      }
    />
  );
}
