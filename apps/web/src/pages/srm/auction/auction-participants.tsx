import { useState } from 'react';
import { Alert, Button, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { SupplierInvite } from '../sourcing/supplier-invite';
import { PARTICIPATION_STATUS, type AuctionDetail } from './auction-api';

/**
 * The 供应商 tab of a 竞价单: inviting while it is a draft or its lot has not ended, removing
 * while a draft, and banning an accepted supplier from bidding while the lot runs (AUC-13).
 */
export function AuctionParticipants({
  event: e,
  invitable,
  running,
  done,
}: {
  event: AuctionDetail;
  invitable: boolean;
  running: boolean;
  done: () => Promise<void>;
}) {
  const { busy, run } = useCommand();
  const canInvite = useHasPermission('srm:sourcing:invite');
  const canBan = useHasPermission('srm:auction:void');
  const [banning, setBanning] = useState<{ supplierId: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const lot = e.lots[0];
  return (
    <>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {invitable && canInvite && (
          <SupplierInvite
            eventId={e.id}
            inviteUrl="/srm/sourcing/event/invite"
            testId="auction-supplier-picker"
            buttonTestId="auction-invite"
            onInvited={done}
          />
        )}
        <Alert
          type="info"
          showIcon
          title={`接受邀请的供应商即为入围供应商；入围不少于 ${lot?.rules.minParticipants ?? '-'} 家才能开始竞价`}
        />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={e.participants}
          locale={{ emptyText: '尚未邀请供应商' }}
          data-testid="auction-participants"
          columns={[
            { title: '供应商', dataIndex: 'supplierName' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: string, p) => (
                <Tag
                  color={v === 'ACCEPTED' ? 'green' : v === 'BANNED' ? 'red' : 'default'}
                >{`${PARTICIPATION_STATUS[v] ?? v}${p.declineReason ? `：${p.declineReason}` : ''}`}</Tag>
              ),
            },
            {
              title: '操作',
              render: (_: unknown, p) => (
                <Space size={0}>
                  {e.status === 'DRAFT' && canInvite && (
                    <Popconfirm
                      title={`确定移除 ${p.supplierName}？`}
                      okText="移除"
                      cancelText="取消"
                      onConfirm={() =>
                        run(
                          () =>
                            postAction('/srm/sourcing/event/uninvite', {
                              id: e.id,
                              supplierId: p.supplierId,
                            }),
                          done,
                        )
                      }
                    >
                      <Button size="small" type="link" danger>
                        移除
                      </Button>
                    </Popconfirm>
                  )}
                  {e.status === 'PUBLISHED' && running && canBan && p.status === 'ACCEPTED' && (
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() => setBanning({ supplierId: p.supplierId, name: p.supplierName })}
                      data-testid={`auction-ban-${p.supplierId}`}
                    >
                      禁止出价
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <Modal
        open={banning !== null}
        title={`禁止 ${banning?.name ?? ''} 继续出价`}
        okText="确定禁止"
        cancelText="取消"
        okButtonProps={{ disabled: !reason.trim(), loading: busy, danger: true }}
        onCancel={() => {
          setBanning(null);
          setReason('');
        }}
        onOk={() =>
          void run(
            () => postAction('/srm/auction/lot/ban', { lotId: lot!.id, supplierId: banning!.supplierId, reason }),
            async () => {
              setBanning(null);
              setReason('');
              await done();
            },
          )
        }
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="禁止原因"
          placeholder="请填写原因"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
        />
      </Modal>
    </>
  );
}
