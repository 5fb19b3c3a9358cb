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
import { SafeHtml } from '../../../components/safe-html';
import { DictText } from '../../../components/dict/dict-select';
import { EventStatusTag } from '../sourcing/event-status-tag';
import { BidForm, BidReceiptView, DeadlineCountdown } from './my-tender-bid';
import { BID_STATUS, loadMyTender, PARTICIPATION_STATUS, type BidReceipt, type MyTenderDetail } from './my-tender-api';
import { useTenderCommand } from './tender-command';

import { ClarificationTab } from './clarification-tab';
import { OpeningTab } from './opening-tab';
import { ResultTab } from './result-tab';

/** Statuses in which the bids have been opened (the opening record exists, TND-10). */
const OPENED = [
  'OPENED',
  'EVALUATING',
  'AWARD_PENDING_APPROVAL',
  'PUBLICITY',
  'SUSPENDED',
  'AWARDED',
  'COMPLETED',
  'FAILED',
];
/** Statuses with an evaluation result a bidder may read (candidate publicity onwards). */
const RESULT = ['AWARD_PENDING_APPROVAL', 'PUBLICITY', 'SUSPENDED', 'AWARDED', 'COMPLETED'];

/** 接受 / 拒绝 an invitation to an invited tender; declining needs a reason (§9.1). */
export function InvitationActions({ eventId, onDone }: { eventId: string; onDone: () => void | Promise<void> }) {
  const { message } = App.useApp();
  const { busy, refusal, run } = useTenderCommand();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Space orientation="vertical">
      <Space>
        <Popconfirm
          title="确定接受投标邀请？"
          okText="接受"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/supplier/accept', { id: eventId }), onDone)}
        >
          <Button type="primary" size="small" loading={busy} data-testid="tender-accept">
            接受邀请
          </Button>
        </Popconfirm>
        <Button
          danger
          size="small"
          onClick={() => {
            setReason('');
            setDeclining(true);
          }}
          data-testid="tender-decline"
        >
          拒绝邀请
        </Button>
      </Space>
      {refusal && (
        <Typography.Text type="danger" data-testid="tender-invitation-refusal">
          {refusal}
        </Typography.Text>
      )}
      <Modal
        title="拒绝投标邀请"
        open={declining}
        okText="确定拒绝"
        cancelText="返回"
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setDeclining(false)}
        onOk={() => {
          if (!reason.trim()) {
            message.warning('请填写拒绝原因');
            return;
          }
          void run(
            () => postAction('/srm/tender/supplier/decline', { id: eventId, reason: reason.trim() }),
            async () => {
              setDeclining(false);
              await onDone();
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
    </Space>
  );
}

function Summary({ t }: { t: MyTenderDetail & { offsetMs: number } }) {
  const s = t.settings;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="项目名称" span={2}>
          {t.title}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <EventStatusTag status={t.status} />
        </Descriptions.Item>
        <Descriptions.Item label="招标编号">{t.code}</Descriptions.Item>
        <Descriptions.Item label="招标方式">{t.methodText}</Descriptions.Item>
        <Descriptions.Item label="币种">{t.currency}</Descriptions.Item>
        <Descriptions.Item
          label="招标文件发售期"
          span={2}
        >{`${s.docIssueStartAt ?? '-'} 至 ${s.docIssueEndAt ?? '-'}`}</Descriptions.Item>
        <Descriptions.Item label="最高投标限价">{t.ceilingPrice ?? '未设置'}</Descriptions.Item>
        <Descriptions.Item label="投标截止（开标）时间">{t.responseDeadline ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="距投标截止" span={2}>
          {t.status === 'PUBLISHED' ? (
            <DeadlineCountdown deadline={t.responseDeadline} offsetMs={t.offsetMs} />
          ) : (
            '已截止'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="澄清截止">{s.clarificationDeadline ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="异议截止">{s.objectionDeadline ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="投标有效期">{`${s.bidValidityDays} 天`}</Descriptions.Item>
        <Descriptions.Item label="评标方法">
          {s.evaluationMethod === 'COMPREHENSIVE_SCORE' ? '综合评估法' : '经评审的最低投标价法'}
        </Descriptions.Item>
        <Descriptions.Item label="资格审查">
          {s.qualificationMode === 'PRE' ? '资格预审' : '资格后审'}
        </Descriptions.Item>
        <Descriptions.Item label="开标方式">
          {t.twoEnvelope ? '双信封（先技术标后商务标）' : '一次开标'}
        </Descriptions.Item>
        <Descriptions.Item label="联系人" span={3}>
          {[t.contactName, t.contactPhone].filter(Boolean).join(' ') || '-'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>招标公告与文件</Typography.Title>
      {t.content ? (
        <SafeHtml html={t.content} data-testid="tender-content" />
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      )}
      <Typography.Title level={5}>采购内容</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={t.lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l: MyTenderDetail['lines'][number]) =>
              `${l.materialCode ?? ''} ${l.materialName ?? ''} ${l.spec ?? ''}`,
          },
          {
            title: '数量',
            render: (_: unknown, l: MyTenderDetail['lines'][number]) => (
              <>
                {l.qty} {l.unit ? <DictText code="srm_unit" value={l.unit} /> : null}
              </>
            ),
          },
          { title: '需求日期', dataIndex: 'needByDate', render: (v: string | null) => v ?? '-' },
          { title: '交货地点', dataIndex: 'deliveryPlace', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Space>
  );
}

function BidTab({ t, reload }: { t: MyTenderDetail; reload: () => Promise<void> }) {
  const { busy, refusal, run } = useTenderCommand();
  const [receipt, setReceipt] = useState<BidReceipt | null>(null);
  const open = t.status === 'PUBLISHED';
  const p = t.participation.status;
  const current = t.bids.find((b) => b.status === 'SUBMITTED');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="我的参与状态">{`${PARTICIPATION_STATUS[p] ?? p}${t.participation.declineReason ? `：${t.participation.declineReason}` : ''}`}</Descriptions.Item>
        <Descriptions.Item label="是否允许撤回">{t.allowWithdraw ? '截止前可撤回' : '不允许撤回'}</Descriptions.Item>
      </Descriptions>
      {open && p === 'INVITED' && <InvitationActions eventId={t.id} onDone={reload} />}
      {receipt && <BidReceiptView receipt={receipt} />}
      <Typography.Title level={5}>我的投标版本</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={t.bids}
        locale={{ emptyText: '尚未投标' }}
        data-testid="tender-bid-versions"
        columns={[
          { title: '投标编号', dataIndex: 'code' },
          { title: '版本', dataIndex: 'versionNo', width: 60 },
          { title: '状态', dataIndex: 'status', width: 110, render: (v: string) => BID_STATUS[v] ?? v },
          { title: '递交时间（服务器）', dataIndex: 'submittedAt', width: 170 },
          { title: '商务标 SHA-256', dataIndex: 'payloadHash', ellipsis: true },
          { title: '技术标 SHA-256', dataIndex: 'technicalHash', ellipsis: true },
        ]}
      />
      {open && current && t.allowWithdraw === 1 && (
        <Space>
          <Popconfirm
            title="确定撤回投标？撤回后如需参加须在截止前重新递交。"
            okText="撤回"
            cancelText="取消"
            onConfirm={() =>
              run(
                () => postAction('/srm/tender/supplier/bid/withdraw', { eventId: t.id }),
                async () => {
                  setReceipt(null);
                  await reload();
                },
              )
            }
          >
            <Button danger loading={busy} data-testid="tender-bid-withdraw">
              撤回投标
            </Button>
          </Popconfirm>
          {refusal && (
            <Typography.Text type="danger" data-testid="tender-withdraw-refusal">
              {refusal}
            </Typography.Text>
          )}
        </Space>
      )}
      {open && (p === 'ACCEPTED' || p === 'APPROVED') && (
        <>
          <Typography.Title level={4}>{current ? '修改投标文件' : '递交投标文件'}</Typography.Title>
          <BidForm
            tender={t}
            onSubmitted={(r) => {
              setReceipt(r);
              void reload();
            }}
          />
        </>
      )}
      {!open && <Alert type="info" showIcon title="投标已截止，投标文件不能再递交、修改或撤回" />}
    </Space>
  );
}

/** A tender as the supplier sees it (domain §11.2 steps 3–11): nothing about other bidders before opening (TND-23). */
export function MyTenderDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const detail = useQuery({
    queryKey: ['myTender', 'detail', id],
    queryFn: () => loadMyTender(id!),
    enabled: id !== null,
  });
  const t = detail.data;
  const reload = async () => {
    await detail.refetch();
    onChanged();
  };
  const declined = t && ['DECLINED', 'CANCELLED', 'REJECTED', 'BANNED'].includes(t.participation.status);
  return (
    <Drawer
      title={t ? `招标项目 ${t.code}` : '招标项目'}
      open={id !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
    >
      {detail.isPending && id !== null && <Spin />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title="招标项目加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {t && (
        <Tabs
          data-testid="my-tender-detail"
          items={[
            { key: 'summary', label: '项目信息', children: <Summary t={t} /> },
            { key: 'bid', label: '投标', children: <BidTab t={t} reload={reload} /> },
            ...(!declined ? [{ key: 'clarify', label: '澄清', children: <ClarificationTab eventId={t.id} /> }] : []),
            ...(OPENED.includes(t.status)
              ? [{ key: 'opening', label: '开标记录', children: <OpeningTab eventId={t.id} /> }]
              : []),
            ...(RESULT.includes(t.status)
              ? [{ key: 'result', label: '评标结果', children: <ResultTab eventId={t.id} /> }]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
