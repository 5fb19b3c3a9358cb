import { DictText } from '../../../components/dict/dict-select';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Spin, Table, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { EventStatusTag } from '../sourcing/event-status-tag';
import { EventTimeline, TIMELINE_QUERY_KEY } from '../sourcing/event-timeline';
import { loadAuction, VISIBILITY, type AuctionDetail } from './auction-api';
import { AuctionParticipants } from './auction-participants';
import { BuyerConsole } from './auction-live';
import { AuctionOutcome } from './auction-result';
import { RulesView } from './rules-view';

/** One 竞价单 for the buyer: rules, lines, suppliers (invite, ban) and the live console of its lot. */
export function AuctionDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (e: AuctionDetail) => void;
  onChanged: () => void;
}) {
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const canPublish = useHasPermission('srm:sourcing:publish');
  const canEdit = useHasPermission('srm:auction:add');
  const detail = useQuery({
    queryKey: ['auction', 'detail', id],
    queryFn: () => loadAuction(id!),
    enabled: id !== null,
  });
  const e = detail.data;
  const lot = e?.lots[0];
  const invitable =
    !!e &&
    (e.status === 'DRAFT' || (e.status === 'PUBLISHED' && (lot?.status === 'SCHEDULED' || lot?.status === 'RUNNING')));
  const done = async () => {
    await client.invalidateQueries({ queryKey: ['auction'] });
    void client.invalidateQueries({ queryKey: TIMELINE_QUERY_KEY });
    onChanged();
  };
  const running = lot && (lot.status === 'RUNNING' || lot.status === 'PAUSED' || lot.status === 'SCHEDULED');
  const refresh = () => void done();

  const actions = e ? (
    <Space>
      {e.status === 'DRAFT' && canEdit && <Button onClick={() => onEdit(e)}>编辑</Button>}
      {e.status === 'DRAFT' && canPublish && (
        <Popconfirm
          title="确定发布竞价单？发布后通知受邀供应商"
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/sourcing/event/publish', { id: e.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="auction-publish">
            发布
          </Button>
        </Popconfirm>
      )}
    </Space>
  ) : null;

  return (
    <Drawer
      title={e ? `竞价单 ${e.code}` : '竞价单'}
      open={id !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={actions}
    >
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      {!e && !detail.isError && <Spin />}
      {e && (
        <Tabs
          defaultActiveKey={e.status === 'DRAFT' ? 'rules' : 'live'}
          items={[
            ...(e.status !== 'DRAFT' && lot
              ? [
                  {
                    key: 'live',
                    label: '竞价大厅',
                    children: (
                      <Space orientation="vertical" style={{ width: '100%' }}>
                        <BuyerConsole
                          key={lot.id}
                          lot={lot}
                          eventPublished={e.status === 'PUBLISHED'}
                          onChanged={refresh}
                        />
                        <AuctionOutcome event={e} lot={lot} onChanged={refresh} />
                      </Space>
                    ),
                  },
                ]
              : []),
            {
              key: 'rules',
              label: '竞价规则',
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Descriptions size="small" column={3}>
                    <Descriptions.Item label="标题">{e.title}</Descriptions.Item>
                    <Descriptions.Item label="状态">
                      <EventStatusTag status={e.status} />
                    </Descriptions.Item>
                    <Descriptions.Item label="币种">{e.currency}</Descriptions.Item>
                    <Descriptions.Item label="发布方式">
                      {VISIBILITY[e.visibility === 'PUBLIC' ? 'PUBLIC' : 'INVITED']}
                    </Descriptions.Item>
                  </Descriptions>
                  {lot && <RulesView rules={lot.rules} />}
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={e.lines}
                    columns={[
                      { title: '行号', dataIndex: 'lineNo', width: 60 },
                      { title: '物料', dataIndex: 'materialName' },
                      { title: '数量', dataIndex: 'qty' },
                      {
                        title: '单位',
                        dataIndex: 'unit',
                        render: (v: string) => <DictText code="srm_unit" value={v} />,
                      },
                    ]}
                  />
                </Space>
              ),
            },
            {
              key: 'suppliers',
              label: `供应商（${e.participants.length}）`,
              children: <AuctionParticipants event={e} invitable={invitable} running={!!running} done={done} />,
            },
            { key: 'log', label: '状态记录', children: <EventTimeline type="AUCTION" id={e.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
