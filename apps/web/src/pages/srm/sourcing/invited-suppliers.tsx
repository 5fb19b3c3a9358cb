import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { PARTICIPATION_STATUS, type EventDetail } from './sourcing-api';
import { SupplierInvite } from './supplier-invite';

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
  const { run } = useCommand();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {e.status === 'DRAFT' && canInvite && (
        <SupplierInvite
          eventId={e.id}
          inviteUrl="/srm/sourcing/event/invite"
          testId="sourcing-supplier-picker"
          onInvited={done}
        />
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
