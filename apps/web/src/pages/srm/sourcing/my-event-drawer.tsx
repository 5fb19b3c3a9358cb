import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { EventStatusTag } from './event-status-tag';
import { SupplierClarifications } from './clarification-panel';
import { QuoteForm } from './quote-form';
import { loadMyEvent, PARTICIPATION_STATUS, RESPONSE_STATUS, type Receipt } from './sourcing-api';

/** One RFQ as the supplier sees it: accept or decline the invitation, its quote versions, quote, revise, withdraw, clarifications. */
export function MyEventDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
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
