import { withoutRuleIds } from '@procura/shared';
import { Descriptions, Space, Table, Tag, Typography } from 'antd';
import { DictText } from '../../../components/dict/dict-select';
import { EVENT_STATUS_COLOR, PARTICIPATION_STATUS } from '../sourcing/sourcing-api';
import { SupplierInvite } from '../sourcing/supplier-invite';
import { ENVELOPES, EVALUATION_METHODS, FAIL_REASONS, METHODS, TENDER_STATUS, type TenderDetail } from './tender-api';

// The tabs of the buyer's tender detail that show the project as it stands.

export function TenderStatusTag({ status }: { status: string }) {
  return <Tag color={EVENT_STATUS_COLOR[status] ?? 'default'}>{TENDER_STATUS[status] ?? status}</Tag>;
}

/** 基本信息: the header and the settings. */
export function TenderInfo({ t }: { t: TenderDetail }) {
  const s = t.settings;
  return (
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
      <Descriptions.Item label="信封">{t.twoEnvelope ? '双信封（技术标、商务标）' : '单信封'}</Descriptions.Item>
      <Descriptions.Item label="评标方法">
        {EVALUATION_METHODS[s.evaluationMethod] ?? s.evaluationMethod}
      </Descriptions.Item>
      <Descriptions.Item label="权重（价格/技术/商务）">{`${s.priceWeight} / ${s.techWeight} / ${s.businessWeight}`}</Descriptions.Item>
      <Descriptions.Item label="公示天数">{s.publicityDays}</Descriptions.Item>
      <Descriptions.Item label="开标人">{t.openingOfficers.map((o) => o.name).join('、') || '-'}</Descriptions.Item>
      <Descriptions.Item label="开标确认人数">{s.openingQuorum}</Descriptions.Item>
      <Descriptions.Item label="最高投标限价">{t.ceilingPrice ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="发布时间">{t.publishedAt ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="开标时间">{t.openedAt ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="联系人">
        {[t.contactName, t.contactPhone].filter(Boolean).join(' ') || '-'}
      </Descriptions.Item>
      {t.failReason && (
        <Descriptions.Item label="流标原因" span={3}>
          {FAIL_REASONS[t.failReason] ?? withoutRuleIds(t.failReason)}
        </Descriptions.Item>
      )}
      {s.previousEventId && (
        <Descriptions.Item label="原招标项目" span={3}>
          {s.previousEventId}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** 物料行. */
export function TenderLines({ t }: { t: TenderDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={t.lines}
      columns={[
        { title: '行号', dataIndex: 'lineNo', width: 50 },
        {
          title: '物料',
          render: (_: unknown, l: TenderDetail['lines'][number]) => `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
        },
        { title: '规格型号', dataIndex: 'spec' },
        { title: '数量', dataIndex: 'qty' },
        { title: '单位', dataIndex: 'unit', render: (v: string) => <DictText code="srm_unit" value={v} /> },
      ]}
    />
  );
}

/** 供应商: who signed up or was invited, and the invitation of a draft invited tender. */
export function TenderSuppliers({
  t,
  canEdit,
  onChanged,
}: {
  t: TenderDetail;
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {t.status === 'DRAFT' && t.method === 'INVITED_TENDER' && canEdit && (
        <SupplierInvite
          eventId={t.id}
          inviteUrl="/srm/tender/invite"
          testId="tender-supplier-picker"
          onInvited={onChanged}
        />
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
            render: (v: string, p) => `${PARTICIPATION_STATUS[v] ?? v}${p.declineReason ? `：${p.declineReason}` : ''}`,
          },
        ]}
      />
    </Space>
  );
}

/** 开标: the officers' confirmations and the opening records with the bidders' confirmations. */
export function TenderOpening({ t }: { t: TenderDetail }) {
  const s = t.settings;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-opening">
      <Typography.Text type="secondary">{`截止时间后由指定开标人分别确认，达到${s.openingQuorum}人后解密（P2）；投标人少于3家则流标。`}</Typography.Text>
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
  );
}
