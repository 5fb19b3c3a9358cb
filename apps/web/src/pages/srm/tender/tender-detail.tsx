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
import { BuyerClarifications, type ClarificationInput } from '../sourcing/clarification-panel';
import { searchSuppliers } from '../sourcing/sourcing-api';
import { EVENT_STATUS_COLOR, PARTICIPATION_STATUS, RESPONSE_STATUS } from '../sourcing/sourcing-api';
import { AwardTab } from './award-tab';
import { EvaluationTab } from './evaluation-tab';
import { ObjectionsPanel } from './objections-panel';
import {
  AUDIT_ACTIONS,
  ENVELOPES,
  EVALUATION_METHODS,
  FAIL_REASONS,
  loadAudit,
  loadBids,
  loadTender,
  METHODS,
  TENDER_STATUS,
  verifyAudit,
  type AuditCheck,
  type Bid,
  type OpenResult,
  type TenderDetail,
} from './tender-api';

export function TenderStatusTag({ status }: { status: string }) {
  return <Tag color={EVENT_STATUS_COLOR[status] ?? 'default'}>{TENDER_STATUS[status] ?? status}</Tag>;
}

/** The hash-chained audit trail (P4) and its verification. */
function AuditPanel({ id }: { id: string }) {
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
            <Tag color="green">{`完整：共${check.count}条，未被篡改`}</Tag>
          ) : (
            <Tag color="red">{`第${check.brokenAtSeq}条起记录被篡改`}</Tag>
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
          { title: '动作', dataIndex: 'action', render: (v: string) => AUDIT_ACTIONS[v] ?? v },
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
function BidsPanel({ id }: { id: string }) {
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
            `${RESPONSE_STATUS[v] ?? (v === 'REJECTED' ? '已否决' : v)}${b.rejectReason ? `：${b.rejectReason}` : ''}`,
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

type Ask = 'extend' | 'amendment' | 'cancel' | null;

/** One 招标项目 for the buyer: header and settings, lines, suppliers, the officers' opening, the opening records, bids after opening and the audit chain. */
export function TenderDetailDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
  onCloned,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (t: TenderDetail) => void;
  onChanged: () => void;
  onCloned: (id: string) => void;
}) {
  const { modal, message } = App.useApp();
  const { busy, run } = useCommand();
  const [ask, setAsk] = useState<Ask>(null);
  const [text, setText] = useState('');
  const [affects, setAffects] = useState(false);
  const [deadline, setDeadline] = useState<Dayjs | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const can = {
    add: useHasPermission('srm:tender:add'),
    edit: useHasPermission('srm:tender:edit'),
    publish: useHasPermission('srm:tender:publish'),
    open: useHasPermission('srm:tender:open'),
    list: useHasPermission('srm:tender:list'),
    setup: useHasPermission('srm:tenderEval:setup'),
    award: useHasPermission('srm:tenderEval:award'),
  };
  const detail = useQuery({ queryKey: ['tender', 'detail', id], queryFn: () => loadTender(id!), enabled: id !== null });
  const t = detail.data;
  const suppliers = useQuery({
    queryKey: ['tender', 'suppliers', keyword],
    queryFn: () => searchSuppliers(keyword),
    enabled: t?.status === 'DRAFT' && t.method === 'INVITED_TENDER' && can.edit,
  });
  const done = async () => {
    await detail.refetch();
    onChanged();
  };

  const open = async (url: string) => {
    if (!t) return;
    await run(async () => {
      const answer = await postAction<OpenResult>(url, { id: t.id });
      if (answer.success && answer.result.result === 'FAILED')
        modal.warning({
          title: '招标失败（TND-9）',
          content: '投标人少于3家，不得开标，项目已流标。可“重新招标”复制为新项目。',
        });
      return answer;
    }, done);
  };

  const sendAsk = () => {
    if (!t || !ask) return;
    if (!text.trim()) {
      message.warning(
        ask === 'extend' ? '请填写延期原因' : ask === 'cancel' ? '请填写终止原因' : '请填写澄清或修改内容',
      );
      return;
    }
    if (ask === 'extend' && !deadline) {
      message.warning('请选择新的投标截止时间');
      return;
    }
    const request =
      ask === 'extend'
        ? postAction('/srm/tender/extend', {
            id: t.id,
            reason: text.trim(),
            responseDeadline: deadline!.format('YYYY-MM-DD HH:mm'),
          })
        : ask === 'cancel'
          ? postAction('/srm/tender/cancel', { id: t.id, reason: text.trim() })
          : postAction('/srm/tender/amendment', { id: t.id, answer: text.trim(), affectsResponses: affects });
    void run(
      () => request,
      async () => {
        setAsk(null);
        await done();
      },
    );
  };

  const clone = async () => {
    if (!t) return;
    let copied = '';
    await run(
      async () => {
        const answer = await postAction<{ id: string }>('/srm/tender/clone', { id: t.id });
        if (answer.success) copied = answer.result.id;
        return answer;
      },
      () => {
        onChanged();
        onCloned(copied);
      },
    );
  };

  const commercialPending =
    !!t &&
    t.twoEnvelope === 1 &&
    t.openingRecords.some((r) => r.envelope === 'TECHNICAL') &&
    !t.openingRecords.some((r) => r.envelope === 'COMMERCIAL');
  const actions = t && (
    <Space wrap>
      {t.status === 'DRAFT' && can.edit && <Button onClick={() => onEdit(t)}>编辑</Button>}
      {t.status === 'DRAFT' && can.edit && (
        <Popconfirm
          title="提交审批？将校验法定时限（TND-1、TND-2）与邀请家数（TND-22）。"
          okText="提交"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/submit', { id: t.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="tender-submit">
            提交审批
          </Button>
        </Popconfirm>
      )}
      {t.status === 'APPROVED' && can.publish && (
        <Popconfirm
          title={`确定发布招标项目 ${t.code}？${t.method === 'OPEN_TENDER' ? '公开招标将同步到门户采购公告。' : '受邀供应商将收到投标邀请。'}`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/publish', { id: t.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="tender-publish">
            发布
          </Button>
        </Popconfirm>
      )}
      {t.status === 'PUBLISHED' && can.publish && (
        <Button
          onClick={() => {
            setText('');
            setDeadline(null);
            setAsk('extend');
          }}
          data-testid="tender-extend"
        >
          延期
        </Button>
      )}
      {t.status === 'PUBLISHED' && can.publish && (
        <Button
          onClick={() => {
            setText('');
            setAffects(false);
            setAsk('amendment');
          }}
          data-testid="tender-amendment"
        >
          澄清或修改
        </Button>
      )}
      {(t.status === 'PUBLISHED' || t.status === 'CLOSED') && can.open && (
        <Popconfirm
          title="确认开标？截止时间前服务器会拒绝；须达到开标人确认人数后才解密。"
          okText="确认开标"
          cancelText="取消"
          onConfirm={() => void open('/srm/tender/open')}
        >
          <Button type="primary" loading={busy} data-testid="tender-open">
            {t.twoEnvelope ? '确认开启技术标' : '确认开标'}
          </Button>
        </Popconfirm>
      )}
      {commercialPending && can.open && (
        <Popconfirm
          title="确认开启商务标？仅开启技术评审未被否决的投标。"
          okText="确认"
          cancelText="取消"
          onConfirm={() => void open('/srm/tender/open-commercial')}
        >
          <Button type="primary" loading={busy} data-testid="tender-open-commercial">
            确认开启商务标
          </Button>
        </Popconfirm>
      )}
      {['DRAFT', 'APPROVED', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING'].includes(t.status) && can.edit && (
        <Button
          danger
          onClick={() => {
            setText('');
            setAsk('cancel');
          }}
          data-testid="tender-cancel"
        >
          终止
        </Button>
      )}
      {t.status === 'FAILED' && can.add && (
        <Popconfirm title="复制为新的招标项目草稿？" okText="重新招标" cancelText="取消" onConfirm={() => void clone()}>
          <Button loading={busy} data-testid="tender-clone">
            重新招标
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const s = t?.settings;
  // Evaluation and objections begin with the publication (committee before the opening, TND-4 objections while bids are open).
  const published = !!t && !['DRAFT', 'PENDING_APPROVAL', 'APPROVED'].includes(t.status);
  const tabs =
    t && s
      ? [
          {
            key: 'info',
            label: '基本信息',
            children: (
              <Descriptions size="small" column={3} bordered>
                <Descriptions.Item label="项目编号">{t.code}</Descriptions.Item>
                <Descriptions.Item label="项目名称" span={2}>
                  {t.title}
                </Descriptions.Item>
                <Descriptions.Item label="状态">
                  <TenderStatusTag status={t.status} />
                </Descriptions.Item>
                <Descriptions.Item label="招标方式">{METHODS[t.method] ?? t.method}</Descriptions.Item>
                <Descriptions.Item label="依法必须招标">{t.legalMandatory ? '是' : '否'}</Descriptions.Item>
                <Descriptions.Item label="招标文件发售">{`${s.docIssueStartAt ?? '-'} 至 ${s.docIssueEndAt ?? '-'}`}</Descriptions.Item>
                <Descriptions.Item label="投标截止（开标）">{t.responseDeadline ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="信封">
                  {t.twoEnvelope ? '双信封（技术标、商务标）' : '单信封'}
                </Descriptions.Item>
                <Descriptions.Item label="评标方法">
                  {EVALUATION_METHODS[s.evaluationMethod] ?? s.evaluationMethod}
                </Descriptions.Item>
                <Descriptions.Item label="权重（价格/技术/商务）">{`${s.priceWeight} / ${s.techWeight} / ${s.businessWeight}`}</Descriptions.Item>
                <Descriptions.Item label="公示天数">{s.publicityDays}</Descriptions.Item>
                <Descriptions.Item label="开标人">
                  {t.openingOfficers.map((o) => o.name).join('、') || '-'}
                </Descriptions.Item>
                <Descriptions.Item label="开标确认人数">{s.openingQuorum}</Descriptions.Item>
                <Descriptions.Item label="最高投标限价">{t.ceilingPrice ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="发布时间">{t.publishedAt ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="开标时间">{t.openedAt ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="联系人">
                  {[t.contactName, t.contactPhone].filter(Boolean).join(' ') || '-'}
                </Descriptions.Item>
                {t.failReason && (
                  <Descriptions.Item label="流标原因" span={3}>
                    {FAIL_REASONS[t.failReason] ?? t.failReason}
                  </Descriptions.Item>
                )}
                {s.previousEventId && (
                  <Descriptions.Item label="原招标项目" span={3}>
                    {s.previousEventId}
                  </Descriptions.Item>
                )}
              </Descriptions>
            ),
          },
          {
            key: 'lines',
            label: `物料行（${t.lines.length}）`,
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={t.lines}
                columns={[
                  { title: '行号', dataIndex: 'lineNo', width: 50 },
                  {
                    title: '物料',
                    render: (_: unknown, l: TenderDetail['lines'][number]) =>
                      `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
                  },
                  { title: '规格型号', dataIndex: 'spec' },
                  { title: '数量', dataIndex: 'qty' },
                  { title: '单位', dataIndex: 'unit', render: (v: string) => <DictText code="srm_unit" value={v} /> },
                ]}
              />
            ),
          },
          {
            key: 'suppliers',
            label: `供应商（${t.participants.length}）`,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {t.status === 'DRAFT' && t.method === 'INVITED_TENDER' && can.edit && (
                  <Space wrap>
                    <Select
                      mode="multiple"
                      showSearch={{ filterOption: false, onSearch: setKeyword }}
                      style={{ minWidth: 360 }}
                      placeholder="搜索并选择供应商"
                      value={picked}
                      onChange={setPicked}
                      loading={suppliers.isFetching}
                      options={(suppliers.data?.records ?? []).map((x) => ({
                        value: x.id,
                        label: `${x.code} ${x.name}`,
                      }))}
                      data-testid="tender-supplier-picker"
                    />
                    <Button
                      type="primary"
                      disabled={picked.length === 0}
                      loading={busy}
                      onClick={() =>
                        void run(
                          () => postAction('/srm/tender/invite', { id: t.id, supplierIds: picked }),
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
                  dataSource={t.participants}
                  locale={{ emptyText: t.method === 'OPEN_TENDER' ? '暂无报名供应商' : '尚未邀请供应商' }}
                  columns={[
                    { title: '供应商', dataIndex: 'supplierName' },
                    { title: '来源', dataIndex: 'origin', render: (v: string) => (v === 'INVITED' ? '邀请' : '报名') },
                    {
                      title: '状态',
                      dataIndex: 'status',
                      render: (v: string, p) =>
                        `${PARTICIPATION_STATUS[v] ?? v}${p.declineReason ? `：${p.declineReason}` : ''}`,
                    },
                  ]}
                />
              </Space>
            ),
          },
          {
            key: 'opening',
            label: '开标',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-opening">
                <Typography.Text type="secondary">{`截止时间后由指定开标人分别确认，达到${s.openingQuorum}人后解密（P2）；投标人少于3家则流标（TND-9）。`}</Typography.Text>
                <Table
                  rowKey={(a) => `${a.envelope}-${a.userId}`}
                  size="small"
                  pagination={false}
                  dataSource={t.openingApprovals}
                  locale={{ emptyText: '尚无开标人确认' }}
                  columns={[
                    { title: '信封', dataIndex: 'envelope', render: (v: string) => ENVELOPES[v] ?? v },
                    { title: '开标人', dataIndex: 'userName' },
                    { title: '确认时间', dataIndex: 'at' },
                  ]}
                />
                {t.openingRecords.map((r) => (
                  <Space key={r.id} orientation="vertical" style={{ width: '100%' }}>
                    <Typography.Title
                      level={5}
                    >{`${ENVELOPES[r.envelope] ?? r.envelope}记录（${r.openedAt}，${r.openedBy}）`}</Typography.Title>
                    <Table
                      rowKey="responseCode"
                      size="small"
                      pagination={false}
                      dataSource={r.entries}
                      columns={[
                        { title: '投标人', dataIndex: 'supplierName' },
                        { title: '递交时间', dataIndex: 'submittedAt' },
                        { title: '投标总价', dataIndex: 'totalAmount', render: (v?: string) => v ?? '-' },
                        { title: '交货期（天）', dataIndex: 'deliveryDays', render: (v?: number | null) => v ?? '-' },
                        { title: '付款条件', dataIndex: 'paymentTerms', render: (v?: string | null) => v ?? '-' },
                      ]}
                    />
                    {r.confirmations.length > 0 && (
                      <Table
                        rowKey="supplierName"
                        size="small"
                        pagination={false}
                        dataSource={r.confirmations}
                        columns={[
                          { title: '投标人', dataIndex: 'supplierName' },
                          {
                            title: '确认',
                            dataIndex: 'decision',
                            render: (v: string) =>
                              v === 'CONFIRMED' ? <Tag color="green">已确认</Tag> : <Tag color="red">提出异议</Tag>,
                          },
                          { title: '异议内容', dataIndex: 'objection' },
                          { title: '时间', dataIndex: 'at' },
                        ]}
                      />
                    )}
                  </Space>
                ))}
              </Space>
            ),
          },
          // Questions are answered through the tender's own route: TND-3 may push the deadline, the audit chain records it.
          ...(published
            ? [
                {
                  key: 'clarifications',
                  label: '答疑澄清',
                  children: (
                    <BuyerClarifications
                      eventId={t.id}
                      permission="srm:tender:publish"
                      affectsLabel="可能影响投标文件编制（TND-3）"
                      publish={(c: ClarificationInput) => postAction('/srm/tender/amendment', { id: t.id, ...c })}
                      onPublished={done}
                    />
                  ),
                },
              ]
            : []),
          ...(t.openedAt && can.list ? [{ key: 'bids', label: '投标文件', children: <BidsPanel id={t.id} /> }] : []),
          ...(published && can.setup
            ? [
                {
                  key: 'evaluation',
                  label: '评标',
                  children: <EvaluationTab tender={t} canEdit={can.setup} onChanged={done} />,
                },
              ]
            : []),
          ...(t.openedAt && t.status !== 'FAILED' && can.award
            ? [{ key: 'award', label: '定标', children: <AwardTab tender={t} canAward={can.award} onChanged={done} /> }]
            : []),
          ...(published && can.award
            ? [
                {
                  key: 'objections',
                  label: '异议',
                  children: <ObjectionsPanel eventId={t.id} canAnswer={can.award} onChanged={done} />,
                },
              ]
            : []),
          { key: 'audit', label: '审计日志', children: <AuditPanel id={t.id} /> },
        ]
      : [];

  return (
    <Drawer
      title={t ? `招标项目 ${t.code}` : '招标项目'}
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
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-detail">
          {t.status === 'FAILED' && (
            <Alert
              type="error"
              showIcon
              title={`已流标：${FAIL_REASONS[t.failReason ?? ''] ?? t.failReason ?? ''}`}
              data-testid="tender-failed"
            />
          )}
          <Tabs items={tabs} />
        </Space>
      )}
      <Modal
        title={
          ask === 'extend'
            ? '延长投标截止时间'
            : ask === 'cancel'
              ? '终止招标项目（发布后须采购主管权限）'
              : '发布澄清或修改'
        }
        open={ask !== null}
        okText="确定"
        cancelText="返回"
        okButtonProps={{ loading: busy, danger: ask === 'cancel' }}
        onCancel={() => setAsk(null)}
        onOk={sendAsk}
      >
        {ask === 'extend' && (
          <Space style={{ marginBottom: 8 }}>
            <span>新的投标截止时间</span>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={deadline}
              onChange={setDeadline}
            />
          </Space>
        )}
        {ask === 'amendment' && (
          <Space style={{ marginBottom: 8 }}>
            <Select
              aria-label="是否影响投标"
              style={{ width: 280 }}
              value={affects}
              onChange={setAffects}
              options={[
                { value: false, label: '不影响投标文件编制' },
                { value: true, label: '可能影响投标文件编制（TND-3）' },
              ]}
            />
          </Space>
        )}
        <Input.TextArea
          rows={3}
          maxLength={ask === 'amendment' ? 20000 : 500}
          placeholder={
            ask === 'extend' ? '延期原因（必填）' : ask === 'cancel' ? '终止原因（必填）' : '澄清或修改内容（必填）'
          }
          value={text}
          onChange={(ev) => setText(ev.target.value)}
          data-testid="tender-ask-text"
        />
      </Modal>
    </Drawer>
  );
}
