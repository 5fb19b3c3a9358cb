import { useState } from 'react';
import { DictText } from '../../../components/dict/dict-select';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { BuyerClarifications } from './clarification-panel';
import { AwardPanel } from './award-form';
import {
  AWARD_MODES,
  EVENT_STATUS,
  EVENT_STATUS_COLOR,
  loadEvent,
  loadMatrix,
  PARTICIPATION_STATUS,
  RESPONSE_STATUS,
  searchSuppliers,
  type EventDetail,
  type Matrix,
} from './sourcing-api';

export function EventStatusTag({ status }: { status: string }) {
  return <Tag color={EVENT_STATUS_COLOR[status] ?? 'default'}>{EVENT_STATUS[status] ?? status}</Tag>;
}

type ReasonKind = 'extend' | 'continue' | 'fail' | 'cancel';
const REASON: Record<ReasonKind, { title: string; label: string; url: string; ok: string }> = {
  extend: { title: '延长报价截止时间', label: '延期原因', url: '/srm/sourcing/event/extend', ok: '确定延期' },
  continue: {
    title: '响应不足，继续开标（RFQ-7）',
    label: '继续原因',
    url: '/srm/sourcing/event/continue',
    ok: '继续开标',
  },
  fail: { title: '流标', label: '流标原因', url: '/srm/sourcing/event/fail', ok: '确定流标' },
  cancel: { title: '取消询价单', label: '取消原因', url: '/srm/sourcing/event/cancel', ok: '确定取消' },
};

/** 比价 (domain §10): per line each supplier's unit price, the lowest marked; supplier totals; every version. */
export function MatrixView({ matrix }: { matrix: Matrix }) {
  const suppliers = matrix.suppliers;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sourcing-matrix">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={matrix.lines}
        scroll={{ x: 800 }}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l: Matrix['lines'][number]) => `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
          },
          { title: '数量', render: (_: unknown, l: Matrix['lines'][number]) => `${l.qty} ${l.unit ?? ''}` },
          ...suppliers.map((s) => ({
            title: s.supplierName,
            key: s.supplierId,
            render: (_: unknown, l: Matrix['lines'][number]) => {
              const q = l.quotes.find((x) => x.supplierId === s.supplierId);
              if (!q) return <Typography.Text type="secondary">未报价</Typography.Text>;
              return q.lowest ? (
                <Tag color="green" data-testid="lowest-price">{`${q.unitPrice}（最低）`}</Tag>
              ) : (
                q.unitPrice
              );
            },
          })),
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={suppliers}
        locale={{ emptyText: '没有有效报价' }}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '报价单号', dataIndex: 'code' },
          { title: '版本', dataIndex: 'versionNo', width: 60 },
          { title: '总价', dataIndex: 'totalAmount' },
        ]}
      />
      <Typography.Title level={5}>报价版本历史</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={matrix.history}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '轮次', dataIndex: 'round', width: 60 },
          { title: '版本', dataIndex: 'versionNo', width: 60 },
          { title: '状态', dataIndex: 'status', render: (v: string) => RESPONSE_STATUS[v] ?? v },
          { title: '提交时间', dataIndex: 'submittedAt' },
          { title: '总价', dataIndex: 'totalAmount' },
        ]}
      />
    </Space>
  );
}

/** One 询价单 for the buyer: header, lines, invited suppliers, the commands its status allows (each confirmed), comparison and award once opened. */
export function SourcingDetailDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (e: EventDetail) => void;
  onChanged: () => void;
}) {
  const { modal, message } = App.useApp();
  const { busy, run } = useCommand();
  const [reasonKind, setReasonKind] = useState<ReasonKind | null>(null);
  const [reason, setReason] = useState('');
  const [deadline, setDeadline] = useState<Dayjs | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const can = {
    edit: useHasPermission('srm:sourcing:edit'),
    invite: useHasPermission('srm:sourcing:invite'),
    publish: useHasPermission('srm:sourcing:publish'),
    open: useHasPermission('srm:sourcing:open'),
    fail: useHasPermission('srm:sourcing:fail'),
    cont: useHasPermission('srm:sourcing:continue'),
    cancel: useHasPermission('srm:sourcing:cancel'),
    award: useHasPermission('srm:sourcing:award'),
  };
  const detail = useQuery({
    queryKey: ['sourcing', 'detail', id],
    queryFn: () => loadEvent(id!),
    enabled: id !== null,
  });
  const e = detail.data;
  const opened = !!e?.openedAt;
  const matrix = useQuery({
    queryKey: ['sourcing', 'matrix', id],
    queryFn: () => loadMatrix(id!),
    enabled: id !== null && opened,
  });
  const suppliers = useQuery({
    queryKey: ['sourcing', 'suppliers', keyword],
    queryFn: () => searchSuppliers(keyword),
    enabled: e?.status === 'DRAFT' && can.invite,
  });
  const done = async () => {
    await detail.refetch();
    onChanged();
  };

  const openBids = async () => {
    if (!e) return;
    await run(async () => {
      const answer = await postAction<string>('/srm/sourcing/event/open', { id: e.id });
      if (answer.success && answer.result === 'INSUFFICIENT')
        modal.warning({
          title: '有效报价不足（RFQ-7）',
          content: `${answer.message}。可由采购主管“继续开标”，或流标、延期。`,
        });
      return answer;
    }, done);
  };

  const sendReason = () => {
    if (!e || !reasonKind) return;
    if (!reason.trim()) {
      message.warning(`请填写${REASON[reasonKind].label}`);
      return;
    }
    if (reasonKind === 'extend' && !deadline) {
      message.warning('请选择新的报价截止时间');
      return;
    }
    const body = {
      id: e.id,
      reason: reason.trim(),
      ...(reasonKind === 'extend' && deadline ? { responseDeadline: deadline.format('YYYY-MM-DD HH:mm') } : {}),
    };
    void run(
      () => postAction(REASON[reasonKind].url, body),
      async () => {
        setReasonKind(null);
        await done();
      },
    );
  };
  const ask = (kind: ReasonKind) => {
    setReason('');
    setDeadline(null);
    setReasonKind(kind);
  };

  const actions = e && (
    <Space wrap>
      {e.status === 'DRAFT' && can.edit && (
        <Button onClick={() => onEdit(e)} data-testid="sourcing-edit">
          编辑
        </Button>
      )}
      {e.status === 'DRAFT' && can.publish && (
        <Popconfirm
          title={`确定发布询价单 ${e.code}？发布后受邀供应商即可报价。`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/sourcing/event/publish', { id: e.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="sourcing-publish">
            发布
          </Button>
        </Popconfirm>
      )}
      {(e.status === 'PUBLISHED' || e.status === 'INSUFFICIENT') && can.publish && (
        <Button onClick={() => ask('extend')} data-testid="sourcing-extend">
          延期
        </Button>
      )}
      {(e.status === 'PUBLISHED' || e.status === 'CLOSED') && can.open && (
        <Popconfirm
          title="确定开标？截止时间前服务器会拒绝开标。"
          okText="开标"
          cancelText="取消"
          onConfirm={() => void openBids()}
        >
          <Button type="primary" loading={busy} data-testid="sourcing-open">
            开标
          </Button>
        </Popconfirm>
      )}
      {e.status === 'INSUFFICIENT' && can.cont && (
        <Button onClick={() => ask('continue')} data-testid="sourcing-continue">
          继续开标
        </Button>
      )}
      {['INSUFFICIENT', 'OPENED', 'EVALUATING'].includes(e.status) && can.fail && (
        <Button danger onClick={() => ask('fail')} data-testid="sourcing-fail">
          流标
        </Button>
      )}
      {['DRAFT', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING', 'INSUFFICIENT'].includes(e.status) && can.cancel && (
        <Button danger onClick={() => ask('cancel')} data-testid="sourcing-cancel">
          取消
        </Button>
      )}
    </Space>
  );

  const tabs = e
    ? [
        {
          key: 'info',
          label: '基本信息',
          children: (
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label="询价单号">{e.code}</Descriptions.Item>
              <Descriptions.Item label="标题" span={2}>
                {e.title}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <EventStatusTag status={e.status} />
              </Descriptions.Item>
              <Descriptions.Item label="报价截止">{e.responseDeadline ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="币种">{e.currency}</Descriptions.Item>
              <Descriptions.Item label="最少邀请数">{e.minInvited}</Descriptions.Item>
              <Descriptions.Item label="最少有效报价数">{e.minQuotes}</Descriptions.Item>
              <Descriptions.Item label="定标方式">{AWARD_MODES[e.awardMode] ?? e.awardMode}</Descriptions.Item>
              <Descriptions.Item label="发布时间">{e.publishedAt ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="开标时间">{e.openedAt ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="联系人">
                {[e.contactName, e.contactPhone].filter(Boolean).join(' ') || '-'}
              </Descriptions.Item>
              {e.failReason && (
                <Descriptions.Item label="流标原因" span={3}>
                  {e.failReason}
                </Descriptions.Item>
              )}
              {e.cancelReason && (
                <Descriptions.Item label="取消原因" span={3}>
                  {e.cancelReason}
                </Descriptions.Item>
              )}
            </Descriptions>
          ),
        },
        {
          key: 'lines',
          label: `物料行（${e.lines.length}）`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={e.lines}
              columns={[
                { title: '行号', dataIndex: 'lineNo', width: 50 },
                {
                  title: '物料',
                  render: (_: unknown, l: EventDetail['lines'][number]) =>
                    `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
                },
                { title: '规格型号', dataIndex: 'spec' },
                { title: '数量', dataIndex: 'qty' },
                { title: '单位', dataIndex: 'unit', render: (v: string) => <DictText code="srm_unit" value={v} /> },
                { title: '需求日期', dataIndex: 'needByDate' },
              ]}
            />
          ),
        },
        {
          key: 'suppliers',
          label: `供应商（${e.participants.length}）`,
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {e.status === 'DRAFT' && can.invite && (
                <Space wrap>
                  <Select
                    mode="multiple"
                    showSearch={{ filterOption: false, onSearch: setKeyword }}
                    style={{ minWidth: 360 }}
                    placeholder="搜索并选择供应商"
                    value={picked}
                    onChange={setPicked}
                    loading={suppliers.isFetching}
                    options={(suppliers.data?.records ?? []).map((s) => ({
                      value: s.id,
                      label: `${s.code} ${s.name}`,
                    }))}
                    data-testid="sourcing-supplier-picker"
                  />
                  <Button
                    type="primary"
                    disabled={picked.length === 0}
                    loading={busy}
                    onClick={() =>
                      void run(
                        () => postAction('/srm/sourcing/event/invite', { id: e.id, supplierIds: picked }),
                        async () => {
                          setPicked([]);
                          await done();
                        },
                      )
                    }
                  >
                    邀请
                  </Button>
                </Space>
              )}
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={e.participants}
                locale={{ emptyText: '尚未邀请供应商' }}
                columns={[
                  { title: '供应商', dataIndex: 'supplierName' },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (v: string, p) =>
                      `${PARTICIPATION_STATUS[v] ?? v}${p.declineReason ? `：${p.declineReason}` : ''}`,
                  },
                  {
                    title: '已报价',
                    dataIndex: 'responded',
                    render: (v: boolean) => (v ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
                  },
                  {
                    title: '操作',
                    render: (_: unknown, p) =>
                      e.status === 'DRAFT' && can.invite ? (
                        <Popconfirm
                          title={`确定移除 ${p.supplierName}？`}
                          okText="移除"
                          cancelText="取消"
                          onConfirm={() =>
                            run(
                              () => postAction('/srm/sourcing/event/uninvite', { id: e.id, supplierId: p.supplierId }),
                              done,
                            )
                          }
                        >
                          <Button size="small" type="link" danger>
                            移除
                          </Button>
                        </Popconfirm>
                      ) : null,
                  },
                ]}
              />
            </Space>
          ),
        },
        ...(e.status !== 'DRAFT'
          ? [{ key: 'clarifications', label: '澄清', children: <BuyerClarifications eventId={e.id} /> }]
          : []),
        ...(opened
          ? [
              {
                key: 'matrix',
                label: '比价',
                children: matrix.isError ? (
                  <Alert type="error" showIcon title={matrix.error.message} />
                ) : matrix.data ? (
                  <MatrixView matrix={matrix.data} />
                ) : (
                  <Spin />
                ),
              },
              { key: 'award', label: '定标', children: <AwardPanel event={e} canAward={can.award} onDone={done} /> },
            ]
          : []),
      ]
    : [];

  return (
    <Drawer
      title={e ? `询价单 ${e.code}` : '询价单'}
      open={id !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={actions}
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
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="sourcing-detail">
          {e.status === 'INSUFFICIENT' && (
            <Alert
              type="warning"
              showIcon
              title="有效报价不足（RFQ-7）：可继续开标（须主管权限）、延期或流标"
              data-testid="sourcing-insufficient"
            />
          )}
          <Tabs items={tabs} />
        </Space>
      )}
      <Modal
        title={reasonKind ? REASON[reasonKind].title : ''}
        open={reasonKind !== null}
        okText={reasonKind ? REASON[reasonKind].ok : '确定'}
        cancelText="返回"
        okButtonProps={{ loading: busy, danger: reasonKind === 'fail' || reasonKind === 'cancel' }}
        onCancel={() => setReasonKind(null)}
        onOk={sendReason}
      >
        {reasonKind === 'extend' && (
          <Space style={{ marginBottom: 8 }}>
            <span>新的报价截止时间</span>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={deadline}
              onChange={setDeadline}
            />
          </Space>
        )}
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={reasonKind ? `${REASON[reasonKind].label}（必填）` : ''}
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
          data-testid="sourcing-reason"
        />
      </Modal>
    </Drawer>
  );
}
