import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { EventStatusTag } from './sourcing-detail';
import { SupplierClarifications } from './clarification-panel';
import {
  listMyEvents,
  loadMyEvent,
  PARTICIPATION_STATUS,
  quoteErrors,
  RESPONSE_STATUS,
  type MyEventDetail,
  type MyEventRow,
  type QuoteLineInput,
  type Receipt,
} from './sourcing-api';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The quote form (domain §10): per line unit price, tax rate, lead time; a validity date; checked here and again by the server. */
export function QuoteForm({ event, onSubmitted }: { event: MyEventDetail; onSubmitted: (receipt: Receipt) => void }) {
  const { message } = App.useApp();
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
              return s ? `${s.materialName ?? ''} ${s.spec ?? ''}（${s.qty} ${s.unit ?? ''}）` : '';
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
        <Input type="date" aria-label="报价有效期" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
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

function MyEventDrawer({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const detail = useQuery({
    queryKey: ['mySourcing', 'detail', id],
    queryFn: () => loadMyEvent(id!),
    enabled: id !== null,
  });
  const e = detail.data;
  const done = async () => {
    await detail.refetch();
    onChanged();
  };
  const open = e?.status === 'PUBLISHED';
  const pState = e?.participation.status;
  const current = e?.responses.filter((r) => r.status === 'SUBMITTED').at(-1);

  return (
    <Drawer
      title={e ? `询价单 ${e.code}` : '询价单'}
      open={id !== null}
      onClose={() => {
        setReceipt(null);
        onClose();
      }}
      size={1000}
      destroyOnHidden
    >
      {detail.isPending && id !== null && <Spin />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title="询价单加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {e && (
        <Tabs
          items={[
            {
              key: 'quote',
              label: '询价与报价',
              children: (
                <Space orientation="vertical" style={{ width: '100%' }} data-testid="my-sourcing-detail">
                  <Descriptions size="small" column={3} bordered>
                    <Descriptions.Item label="标题" span={2}>
                      {e.title}
                    </Descriptions.Item>
                    <Descriptions.Item label="状态">
                      <EventStatusTag status={e.status} />
                    </Descriptions.Item>
                    <Descriptions.Item label="报价开始">{e.responseStartAt ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label="报价截止">{e.responseDeadline ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label="我的参与状态">{`${PARTICIPATION_STATUS[e.participation.status] ?? e.participation.status}${e.participation.declineReason ? `：${e.participation.declineReason}` : ''}`}</Descriptions.Item>
                    <Descriptions.Item label="联系人" span={3}>
                      {[e.contactName, e.contactPhone].filter(Boolean).join(' ') || '-'}
                    </Descriptions.Item>
                  </Descriptions>
                  {receipt && (
                    <Alert
                      type="success"
                      showIcon
                      data-testid="quote-receipt"
                      title={`报价已提交：${receipt.code} 第${receipt.versionNo}版`}
                      description={
                        <span>
                          服务器时间：{receipt.submittedAt ?? receipt.serverTime}
                          <br />
                          报价密文摘要（SHA-256）：
                          <Typography.Text copyable code>
                            {receipt.payloadHash}
                          </Typography.Text>
                        </span>
                      }
                    />
                  )}
                  {open && pState === 'INVITED' && (
                    <Space>
                      <Popconfirm
                        title="确定接受询价邀请？"
                        okText="接受"
                        cancelText="取消"
                        onConfirm={() =>
                          run(() => postAction('/srm/sourcing/supplier/event/accept', { id: e.id }), done)
                        }
                      >
                        <Button type="primary" loading={busy} data-testid="my-sourcing-accept">
                          接受邀请
                        </Button>
                      </Popconfirm>
                      <Button
                        danger
                        onClick={() => {
                          setReason('');
                          setDeclining(true);
                        }}
                        data-testid="my-sourcing-decline"
                      >
                        拒绝邀请
                      </Button>
                    </Space>
                  )}
                  <Typography.Title level={5}>我的报价版本</Typography.Title>
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={e.responses}
                    locale={{ emptyText: '尚未报价' }}
                    columns={[
                      { title: '报价单号', dataIndex: 'code' },
                      { title: '版本', dataIndex: 'versionNo', width: 60 },
                      { title: '状态', dataIndex: 'status', render: (v: string) => RESPONSE_STATUS[v] ?? v },
                      { title: '提交时间（服务器）', dataIndex: 'submittedAt' },
                      { title: '摘要（SHA-256）', dataIndex: 'payloadHash', ellipsis: true },
                    ]}
                  />
                  {open && current && e.allowWithdraw === 1 && (
                    <Popconfirm
                      title="确定撤回报价？撤回后如需参与须在截止前重新报价。"
                      okText="撤回"
                      cancelText="取消"
                      onConfirm={() =>
                        run(() => postAction('/srm/sourcing/supplier/quote/withdraw', { eventId: e.id }), done)
                      }
                    >
                      <Button danger loading={busy} data-testid="quote-withdraw">
                        撤回报价
                      </Button>
                    </Popconfirm>
                  )}
                  {open && (pState === 'ACCEPTED' || pState === 'APPROVED') && (!current || e.allowRevision === 1) && (
                    <>
                      <Typography.Title level={5}>{current ? '修改报价' : '报价'}</Typography.Title>
                      <QuoteForm
                        event={e}
                        onSubmitted={(r) => {
                          setReceipt(r);
                          void done();
                        }}
                      />
                    </>
                  )}
                </Space>
              ),
            },
            { key: 'clarifications', label: '澄清', children: <SupplierClarifications eventId={e.id} /> },
          ]}
        />
      )}
      <Modal
        title="拒绝询价邀请"
        open={declining}
        okText="确定拒绝"
        cancelText="返回"
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setDeclining(false)}
        onOk={() => {
          if (!e) return;
          if (!reason.trim()) {
            message.warning('请填写拒绝原因');
            return;
          }
          void run(
            () => postAction('/srm/sourcing/supplier/event/decline', { id: e.id, reason: reason.trim() }),
            async () => {
              setDeclining(false);
              await done();
            },
          );
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="拒绝原因（必填）"
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
        />
      </Modal>
    </Drawer>
  );
}

/** 我的询价 (domain §10): the supplier's RFQs with its own status; accept/decline, sealed quotes with a receipt, revise, withdraw. */
export default function MySourcingPage() {
  const client = useQueryClient();
  const [shown, setShown] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['mySourcing', 'list'], queryFn: listMyEvents });
  return (
    <Card title="我的询价">
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="询价单加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<MyEventRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: '暂无询价邀请' }}
        data-testid="my-sourcing-table"
        columns={[
          { title: '询价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
          { title: '报价截止', dataIndex: 'responseDeadline', width: 170 },
          {
            title: '我的参与',
            dataIndex: 'participationStatus',
            width: 90,
            render: (v: string) => PARTICIPATION_STATUS[v] ?? v,
          },
          {
            title: '我的报价',
            dataIndex: 'myResponseStatus',
            width: 130,
            render: (v: string | null, r) =>
              v ? <Tag>{`${RESPONSE_STATUS[v] ?? v} 第${r.myVersionNo ?? 1}版`}</Tag> : '-',
          },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) => (
              <Button
                size="small"
                type="link"
                onClick={() => setShown(r.id)}
                data-testid={`my-sourcing-open-${r.code}`}
              >
                查看
              </Button>
            ),
          },
        ]}
      />
      <MyEventDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['mySourcing'] })}
      />
    </Card>
  );
}
