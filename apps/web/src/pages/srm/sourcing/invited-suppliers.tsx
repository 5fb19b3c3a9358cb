import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { PARTICIPATION_STATUS, searchSuppliers, type EventDetail } from './sourcing-api';

/** The 供应商 tab: the invited suppliers and, while the event is a draft, inviting and removing them. */
export function InvitedSuppliers({
  event: e,
  canInvite,
  done,
}: {
  event: EventDetail;
  canInvite: boolean;
  done: () => Promise<void>;
}) {
  const { busy, run } = useCommand();
  const [picked, setPicked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const suppliers = useQuery({
    queryKey: ['sourcing', 'suppliers', keyword],
    queryFn: () => searchSuppliers(keyword),
    enabled: e.status === 'DRAFT' && canInvite,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {e.status === 'DRAFT' && canInvite && (
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
            render: (v: string, p) => `${PARTICIPATION_STATUS[v] ?? v}${p.declineReason ? `：${p.declineReason}` : ''}`,
          },
          {
            title: '已报价',
            dataIndex: 'responded',
            render: (v: boolean) => (v ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
          },
          {
            title: '操作',
            render: (_: unknown, p) =>
              e.status === 'DRAFT' && canInvite ? (
                <Popconfirm
                  title={`确定移除 ${p.supplierName}？`}
                  okText="移除"
                  cancelText="取消"
                  onConfirm={() =>
                    run(() => postAction('/srm/sourcing/event/uninvite', { id: e.id, supplierId: p.supplierId }), done)
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
  );
}
