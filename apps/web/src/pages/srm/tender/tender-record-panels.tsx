import { docLogNames, withoutRuleIds } from '@procura/shared';
import { useState } from 'react';
import { Alert, App, Button, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RESPONSE_STATUS } from '../sourcing/sourcing-api';
import { loadAudit, loadBids, verifyAudit, type AuditCheck, type AuditEntry, type Bid } from './tender-api';

/** The tender's entries of the tenant's hash-chained audit log (P4) and the chain's verification. */
export function AuditPanel({ id }: { id: string }) {
  const audit = useQuery({ queryKey: ['tender', 'audit', id], queryFn: () => loadAudit(id) });
  const [check, setCheck] = useState<AuditCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const { message } = App.useApp();
  const verify = async () => {
    setChecking(true);
    try {
      setCheck(await verifyAudit(id));
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '校验失败');
    } finally {
      setChecking(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-audit">
      <Space>
        <Button onClick={() => void verify()} loading={checking} data-testid="tender-audit-verify">
          校验哈希链
        </Button>
        {check &&
          (check.valid ? (
            <Tag color="green">{`完整：本项目共${check.count}条，审计链未被篡改`}</Tag>
          ) : (
            <Tag color="red">{`审计链在第${check.brokenAtSeq}条断开${check.reason ? `（${check.reason}）` : ''}`}</Tag>
          ))}
      </Space>
      {audit.isError && <Alert type="error" showIcon title={audit.error.message} />}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        loading={audit.isFetching}
        dataSource={audit.data ?? []}
        columns={[
          { title: '序号', dataIndex: 'seq', width: 60 },
          { title: '时间', dataIndex: 'atWire', width: 170 },
          { title: '操作人', dataIndex: 'actorName', width: 110 },
          { title: '单据', dataIndex: 'docType', width: 110, render: (v: string) => docLogNames(v)?.def.label ?? v },
          {
            title: '动作',
            dataIndex: 'action',
            render: (v: string, r: AuditEntry) => docLogNames(r.docType)?.actionText[v] ?? v,
          },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 90,
            render: (v: AuditEntry['kind']) => (v === 'EVENT' ? '事件' : '状态变更'),
          },
          { title: 'IP', dataIndex: 'ip', width: 120 },
          {
            title: '哈希',
            dataIndex: 'hash',
            render: (v: string) => <Typography.Text code>{v.slice(0, 16)}…</Typography.Text>,
          },
        ]}
      />
    </Space>
  );
}

/** P5: the opened bids, to the buyer team only (technical part; commercial part once opened). */
export function BidsPanel({ id }: { id: string }) {
  const bids = useQuery({ queryKey: ['tender', 'bids', id], queryFn: () => loadBids(id) });
  if (bids.isError) return <Alert type="error" showIcon title={bids.error.message} />;
  return (
    <Table<Bid>
      rowKey="id"
      size="small"
      pagination={false}
      loading={bids.isFetching}
      dataSource={bids.data ?? []}
      data-testid="tender-bids"
      expandable={{
        expandedRowRender: (b) => (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {b.technicalText ?? ''}
          </Typography.Paragraph>
        ),
      }}
      columns={[
        { title: '投标人', dataIndex: 'supplierName' },
        { title: '投标文件编号', dataIndex: 'code' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (v: string, b) =>
            `${RESPONSE_STATUS[v] ?? v}${b.rejectReason ? `：${withoutRuleIds(b.rejectReason)}` : ''}`,
        },
        { title: '递交时间', dataIndex: 'submittedAt' },
        {
          title: '投标总价',
          dataIndex: 'totalAmount',
          render: (v: string | null, b) =>
            v ?? (b.commercialOpenedAt ? '-' : <Typography.Text type="secondary">商务标未开启</Typography.Text>),
        },
        { title: '技术标附件', dataIndex: 'technicalFiles', render: (v: string[]) => v.length },
      ]}
    />
  );
}
