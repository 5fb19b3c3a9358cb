import { Alert, App, Button, Card, Descriptions, Empty, Result, Table, Tabs, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupplierProfile } from '@procura/shared';
import { dictText, useDictItems } from '../../lib/dict';
import { postAction } from '../../lib/http';
import {
  fetchSupplierProfile,
  getOrThrow,
  SUPPLIER_PROFILE_QUERY_KEY,
  type SupplierCategoryStanding,
} from '../../lib/supplier-api';
import type { SupplierStatusLogRow } from '@procura/shared';
import { OwnQualifications } from './own-qualifications';
import { QualificationTable } from './qualification-table';
import { StatusLogTable } from './status-log-table';
import { OwnChangeHistory } from './change-panels';
import {
  MAIN_CATEGORY_DICT,
  SUPPLIER_INFO_FIELDS,
  SUPPLIER_INFO_LABELS,
  SUPPLIER_INFO_STATUS_DICT,
  SUPPLIER_STATUS_DICT,
} from './supplier-info-form';

type ProfileWithTexts = Partial<SupplierProfile> & {
  status_dictText?: string | null;
  infoStatus_dictText?: string | null;
};

/** The supplier's standing per category (APPLYING … QUALIFIED). */
function OwnCategories() {
  const names = useDictItems(MAIN_CATEGORY_DICT);
  const statuses = useDictItems('srm_supplier_category_status');
  const rows = useQuery({
    queryKey: ['supplier', 'ownCategories'],
    queryFn: () => getOrThrow<SupplierCategoryStanding[]>('/supplierBaseAPI/categories'),
  });
  return (
    <Table<SupplierCategoryStanding>
      rowKey="id"
      size="small"
      loading={rows.isPending}
      dataSource={rows.data ?? []}
      pagination={false}
      locale={{ emptyText: '暂无品类准入记录（企业信息审核通过后生成）' }}
      columns={[
        { title: '品类', dataIndex: 'categoryCode', render: (v: string) => dictText(names.data, v) },
        {
          title: '准入状态',
          dataIndex: 'status',
          render: (v: string, c) =>
            c.pendingRequestId ? <Tag color="orange">审批中</Tag> : <Tag>{dictText(statuses.data, v)}</Tag>,
        },
        { title: '准入时间', dataIndex: 'qualifiedAt', render: (v: string | null) => v || '-' },
      ]}
    />
  );
}

/**
 * SST-4: an eliminated supplier applies again. The server decides whether the cooling period
 * (采购设置 supplier.reapplyCoolingDays) has passed; its refusal names the date and stays shown.
 */
function ReapplyAfterElimination() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () =>
    modal.confirm({
      title: '重新申请准入',
      content: '确定重新申请准入？提交后企业状态变为待审核，由采购方重新审核企业信息；原有品类需重新进行准入评审。',
      okText: '提交申请',
      cancelText: '取消',
      onOk: async () => {
        const answer = await postAction('/supplierBaseAPI/reapply', {});
        if (!answer.success) {
          setRefusal(answer.message || '暂不能重新申请准入');
          return;
        }
        setRefusal(null);
        message.success(answer.message || '重新申请已提交');
        await client.invalidateQueries({ queryKey: ['supplier'] });
      },
    });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}>
      <Alert
        type="error"
        showIcon
        title="贵司已被淘汰"
        description="淘汰后的冷却期满后，可重新申请准入。"
        action={
          <Button type="primary" onClick={confirm} data-testid="supplier-reapply">
            重新申请准入
          </Button>
        }
      />
      {refusal && <Alert type="warning" showIcon title={refusal} data-testid="supplier-reapply-refusal" />}
    </div>
  );
}

function OwnStatusLog() {
  const rows = useQuery({
    queryKey: ['supplier', 'ownStatusLog'],
    queryFn: () => getOrThrow<SupplierStatusLogRow[]>('/supplierBaseAPI/statusLog'),
  });
  return <StatusLogTable rows={rows.data} loading={rows.isPending} />;
}

/** The supplier's own master data, certificates, category standing and status history. */
export default function SupplierProfilePage() {
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: '企业信息', children: <ProfileInfo /> },
          { key: 'qualifications', label: '资质', children: <OwnQualifications /> },
          { key: 'categories', label: '品类准入', children: <OwnCategories /> },
          { key: 'log', label: '状态日志', children: <OwnStatusLog /> },
          { key: 'changes', label: '变更历史', children: <OwnChangeHistory /> },
        ]}
      />
    </Card>
  );
}

function ProfileInfo() {
  const profile = useQuery({ queryKey: SUPPLIER_PROFILE_QUERY_KEY, queryFn: () => fetchSupplierProfile() });
  const categories = useDictItems(MAIN_CATEGORY_DICT);
  const statuses = useDictItems(SUPPLIER_STATUS_DICT);
  const infoStatuses = useDictItems(SUPPLIER_INFO_STATUS_DICT);

  if (profile.isPending) return <Card loading title="企业信息" />;
  if (profile.isError) {
    return (
      <Card>
        <Result status="error" title="企业信息加载失败" subTitle={profile.error.message} />
      </Card>
    );
  }
  const data = profile.data as ProfileWithTexts | null;
  if (!data) {
    return (
      <Card title="企业信息">
        <Empty description="暂无企业信息" />
      </Card>
    );
  }

  const items: DescriptionsProps['items'] = [
    { key: 'code', label: '供应商编码', children: data.code || '-' },
    {
      key: 'status',
      label: '状态',
      children: data.status_dictText || (data.status ? dictText(statuses.data, data.status) : '-'),
    },
    {
      key: 'infoStatus',
      label: '信息状态',
      children: data.infoStatus_dictText || (data.infoStatus ? dictText(infoStatuses.data, data.infoStatus) : '-'),
    },
    ...SUPPLIER_INFO_FIELDS.filter((field) => field !== 'businessLicenseFile').map((field) => ({
      key: field,
      label: SUPPLIER_INFO_LABELS[field],
      span: field === 'address' || field === 'mainCategories' ? 2 : 1,
      children:
        field === 'mainCategories'
          ? (data.mainCategories ?? []).length > 0
            ? (data.mainCategories ?? []).map((value) => (
                <Tag key={value} color="cyan">
                  {dictText(categories.data, value)}
                </Tag>
              ))
            : '-'
          : data[field] || '-',
    })),
  ];

  items.push({
    key: 'businessLicenseFile',
    label: '营业执照',
    span: 2,
    children: data.businessLicenseFile ? <QualificationTable.FileLinks paths={data.businessLicenseFile} /> : '-',
  });
  return (
    <>
      {data.status === 'ELIMINATED' && <ReapplyAfterElimination />}
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} items={items} />
    </>
  );
}
