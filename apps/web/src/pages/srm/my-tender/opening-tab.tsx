import { useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { ENVELOPE_TEXT, loadOpeningRecords, type OpeningEntry, type OpeningRecord } from './my-tender-api';
import { useTenderCommand } from './tender-command';

const entryColumns = (envelope: string) => [
  { title: '投标人', dataIndex: 'supplierName' },
  { title: '投标编号', dataIndex: 'responseCode' },
  { title: '递交时间', dataIndex: 'submittedAt' },
  ...(envelope !== 'COMMERCIAL' ? [{ title: '技术标附件数', dataIndex: 'technicalFileCount', width: 110 }] : []),
  ...(envelope !== 'TECHNICAL'
    ? [
        { title: '投标总价', dataIndex: 'totalAmount' },
        { title: '交货天数', dataIndex: 'deliveryDays', render: (v: number | null | undefined) => v ?? '-' },
        { title: '付款条件', dataIndex: 'paymentTerms', render: (v: string | null | undefined) => v ?? '-' },
        { title: '投标有效期至', dataIndex: 'validUntil' },
      ]
    : []),
];

function OpeningRecordCard({ record, onDone }: { record: OpeningRecord; onDone: () => Promise<void> }) {
  const { message } = App.useApp();
  const { busy, refusal, run } = useTenderCommand();
  const [objecting, setObjecting] = useState(false);
  const [objection, setObjection] = useState('');
  const mine = record.myConfirmation;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`tender-opening-${record.envelope}`}>
      <Typography.Text
        strong
      >{`${ENVELOPE_TEXT[record.envelope] ?? record.envelope}：${record.openedAt ?? ''}（开标人：${record.openedBy}）`}</Typography.Text>
      <Table<OpeningEntry>
        rowKey={(e) => e.responseCode ?? e.supplierName}
        size="small"
        pagination={false}
        dataSource={record.entries}
        columns={entryColumns(record.envelope)}
      />
      {mine ? (
        <Tag color={mine.decision === 'CONFIRMED' ? 'green' : 'orange'} data-testid="tender-opening-decision">
          {mine.decision === 'CONFIRMED' ? `已确认（${mine.at}）` : `已提出异议：${mine.objection ?? ''}`}
        </Tag>
      ) : (
        <Space>
          <Popconfirm
            title="确认开标记录无误？确认后不能再提出异议。"
            okText="确认"
            cancelText="取消"
            onConfirm={() =>
              run(() => postAction('/srm/tender/supplier/opening-record/confirm', { recordId: record.id }), onDone)
            }
          >
            <Button type="primary" size="small" loading={busy} data-testid="tender-opening-confirm">
              确认
            </Button>
          </Popconfirm>
          <Button
            size="small"
            danger
            onClick={() => {
              setObjection('');
              setObjecting(true);
            }}
            data-testid="tender-opening-object"
          >
            提出异议
          </Button>
        </Space>
      )}
      {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
      <Modal
        title="对开标记录提出异议"
        open={objecting}
        okText="提交异议"
        cancelText="返回"
        okButtonProps={{ loading: busy }}
        onCancel={() => setObjecting(false)}
        onOk={() => {
          if (!objection.trim()) {
            message.warning('请填写异议内容');
            return;
          }
          void run(
            () =>
              postAction('/srm/tender/supplier/opening-record/confirm', {
                recordId: record.id,
                objection: objection.trim(),
              }),
            async () => {
              setObjecting(false);
              await onDone();
            },
          );
        }}
      >
        <Input.TextArea
          rows={4}
          maxLength={1000}
          placeholder="异议内容（必填）"
          value={objection}
          onChange={(ev) => setObjection(ev.target.value)}
        />
      </Modal>
    </Space>
  );
}

/** TND-10: the opening record, made available to every bidder, with 确认 / 提出异议. */
export function OpeningTab({ eventId }: { eventId: string }) {
  const records = useQuery({ queryKey: ['myTender', 'opening', eventId], queryFn: () => loadOpeningRecords(eventId) });
  if (records.isPending) return <Spin />;
  if (records.isError)
    return <Alert type="error" showIcon title="开标记录加载失败" description={records.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-opening-record">
      {records.data.length === 0 ? (
        <Empty description="暂无开标记录（仅向已开标的投标人公布）" />
      ) : (
        records.data.map((r) => (
          <OpeningRecordCard
            key={r.id}
            record={r}
            onDone={async () => {
              await records.refetch();
            }}
          />
        ))
      )}
    </Space>
  );
}
