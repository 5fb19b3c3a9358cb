import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PagedTable } from '../../../components/paged-table/paged-table';
import type { SearchField } from '../../../components/paged-table/list-params';
import { QUOTA_STATUS, type QuotaRow } from './quota-api';
import { QuotaDetailDrawer, QuotaStatusTag } from './quota-detail';
import { useDetailParam } from '../../../lib/detail-param';

const SEARCH: readonly SearchField[] = [
  { name: 'materialName', label: '物料', mode: 'eq', placeholder: '物料编码或名称' },
  { name: 'status', label: '状态', options: QUOTA_STATUS },
];

/** 配额管理 (domain §14): arrangements drafted by split awards (QUO-9), searched by status and material, paged; the detail edits and submits. */
export default function QuotaListPage() {
  const client = useQueryClient();
  const [shown, setShown] = useDetailParam();

  return (
    <>
      <PagedTable<QuotaRow>
        title="配额管理"
        testId="quota"
        url="/srm/quota/list"
        queryKey={['quota', 'list']}
        rowKey="id"
        searchFields={SEARCH}
        emptyText="暂无配额，按数量拆分定标后会生成配额草稿"
        errorTitle="配额加载失败"
        columns={[
          { title: '配额编号', dataIndex: 'code', width: 170 },
          { title: '物料', render: (_: unknown, r) => `${r.materialCode ?? ''} ${r.materialName}` },
          { title: '供应商配额', dataIndex: 'shares', ellipsis: true },
          { title: '已分配数量', dataIndex: 'allocated', ellipsis: true, render: (v: string) => v || '-' },
          { title: '有效期', width: 210, render: (_: unknown, r) => `${r.validFrom} 至 ${r.validTo}` },
          { title: '来源询价', dataIndex: 'sourceEventCode', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <QuotaStatusTag status={v} /> },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`quota-open-${r.code}`}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <QuotaDetailDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['quota', 'list'] })}
      />
    </>
  );
}
