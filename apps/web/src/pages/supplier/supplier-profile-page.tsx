import { Card, Descriptions, Empty, Result, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SupplierProfile } from '@procura/shared';
import { dictText, useDictItems } from '../../lib/dict';
import { fetchSupplierProfile, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import {
  MAIN_CATEGORY_DICT,
  SUPPLIER_INFO_FIELDS,
  SUPPLIER_INFO_LABELS,
  SUPPLIER_INFO_STATUS_DICT,
  SUPPLIER_STATUS_DICT,
} from './supplier-info-form';

type ProfileWithTexts = Partial<SupplierProfile> & { status_dictText?: string | null; infoStatus_dictText?: string | null };

export default function SupplierProfilePage() {
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
    ...SUPPLIER_INFO_FIELDS.map((field) => ({
      key: field,
      label: SUPPLIER_INFO_LABELS[field],
      span: field === 'address' || field === 'mainCategories' ? 2 : 1,
      children:
        field === 'mainCategories' ? (
          (data.mainCategories ?? []).length > 0 ? (
            (data.mainCategories ?? []).map((value) => (
              <Tag key={value} color="cyan">
                {dictText(categories.data, value)}
              </Tag>
            ))
          ) : (
            '-'
          )
        ) : (
          data[field] || '-'
        ),
    })),
  ];

  return (
    <Card title="企业信息">
      <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} items={items} />
    </Card>
  );
}
