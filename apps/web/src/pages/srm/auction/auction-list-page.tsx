import { useState } from 'react';
import { DictText } from '../../../components/dict/dict-select';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Has, useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { EventStatusTag } from '../sourcing/sourcing-detail';
import { EVENT_STATUS, searchSuppliers, type EventRow } from '../sourcing/sourcing-api';
import {
  BID_RULE,
  BIDDING_TARGET,
  DECREMENT_MODE,
  listAuctions,
  loadAuction,
  OVERTIME_BASE,
  OVERTIME_TRIGGER,
  PARTICIPATION_STATUS,
  SUPPLIER_VIEW,
  TIE_RULE,
  VISIBILITY,
  wireTime,
  type AuctionDetail,
  type AuctionRules,
} from './auction-api';
import { AuctionForm } from './auction-form';
import { BuyerConsole } from './auction-live';
import { AuctionOutcome } from './auction-result';

type Search = { title?: string; status?: string };

function RulesView({ rules }: { rules: AuctionRules }) {
  const unit = rules.decrementMode === 'PERCENT' ? '%' : '';
  return (
    <Descriptions size="small" column={3} bordered data-testid="auction-rules">
      <Descriptions.Item label="竞价对象">{BIDDING_TARGET[rules.biddingTarget]}</Descriptions.Item>
      <Descriptions.Item label="起拍价">{rules.startPrice}</Descriptions.Item>
      <Descriptions.Item label="保留价">{rules.reservePrice ?? '未设置'}</Descriptions.Item>
      <Descriptions.Item label="最小降价幅度">{`${DECREMENT_MODE[rules.decrementMode]} ${rules.decrementValue}${unit}`}</Descriptions.Item>
      <Descriptions.Item label="出价规则">{BID_RULE[rules.bidRule]}</Descriptions.Item>
      <Descriptions.Item label="同价规则">{TIE_RULE[rules.tieRule]}</Descriptions.Item>
      <Descriptions.Item label="开始时间">{wireTime(rules.startAt)}</Descriptions.Item>
      <Descriptions.Item label="计划结束时间">{wireTime(rules.endAt)}</Descriptions.Item>
      <Descriptions.Item label="最少参与数">{rules.minParticipants}</Descriptions.Item>
      <Descriptions.Item label="延时竞价">
        {rules.overtimeEnabled
          ? `结束前${rules.overtimeWindowMin}分钟内${OVERTIME_TRIGGER[rules.overtimeTrigger]}，${OVERTIME_BASE[rules.overtimeBase]}延长${rules.overtimeExtendMin}分钟，最多${rules.maxExtensions ?? '不限'}次`
          : '不延时'}
      </Descriptions.Item>
      <Descriptions.Item label="供应商可见">
        {SUPPLIER_VIEW[rules.supplierView]}
        {rules.showParticipantCount ? '，显示参与家数' : ''}
      </Descriptions.Item>
      <Descriptions.Item label="匿名报价">{rules.buyerAnonymous ? '是' : '否'}</Descriptions.Item>
      <Descriptions.Item label="报价次数上限">{rules.maxBidsPerSupplier ?? '不限'}</Descriptions.Item>
      <Descriptions.Item label="大幅降价确认">{`低于最低价 ${rules.confirmDropPct}% 以上须确认`}</Descriptions.Item>
      <Descriptions.Item label="价格小数位">{rules.pricePrecision}</Descriptions.Item>
    </Descriptions>
  );
}

/** One 竞价单 for the buyer: rules, lines, suppliers (invite, ban) and the live console of its lot. */
function AuctionDrawer({
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
  const canInvite = useHasPermission('srm:sourcing:invite');
  const canPublish = useHasPermission('srm:sourcing:publish');
  const canBan = useHasPermission('srm:auction:void');
  const canEdit = useHasPermission('srm:auction:add');
  const detail = useQuery({
    queryKey: ['auction', 'detail', id],
    queryFn: () => loadAuction(id!),
    enabled: id !== null,
  });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [banning, setBanning] = useState<{ supplierId: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const e = detail.data;
  const lot = e?.lots[0];
  const invitable =
    !!e &&
    (e.status === 'DRAFT' || (e.status === 'PUBLISHED' && (lot?.status === 'SCHEDULED' || lot?.status === 'RUNNING')));
  const suppliers = useQuery({
    queryKey: ['auction', 'suppliers', keyword],
    queryFn: () => searchSuppliers(keyword),
    enabled: invitable && canInvite,
  });
  const done = async () => {
    await client.invalidateQueries({ queryKey: ['auction'] });
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
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {invitable && canInvite && (
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
                        data-testid="auction-supplier-picker"
                      />
                      <Button
                        type="primary"
                        disabled={picked.length === 0}
                        loading={busy}
                        data-testid="auction-invite"
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
                  <Alert
                    type="info"
                    showIcon
                    title={`接受邀请的供应商即为入围供应商；入围不少于 ${lot?.rules.minParticipants ?? '-'} 家才能开始竞价（AUC-16）`}
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
              ),
            },
          ]}
        />
      )}
      <Modal
        open={banning !== null}
        title={`禁止 ${banning?.name ?? ''} 继续出价（AUC-13）`}
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
    </Drawer>
  );
}

/** 竞价管理 (domain §12): the buyer's auctions, the draft form with the rule block, and each auction's live console. */
export default function AuctionListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<AuctionDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.title?.trim()) params.title = search.title.trim();
  if (search.status) params.status = search.status;
  const list = useQuery({ queryKey: ['auction', 'list', params], queryFn: () => listAuctions(params) });
  const refresh = () => client.invalidateQueries({ queryKey: ['auction'] });

  const edit = async (id: string) => {
    try {
      setEditing(await loadAuction(id));
      setFormOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    }
  };

  return (
    <Card title="竞价管理">
      <Form
        form={form}
        name="auctionSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="auction-search"
      >
        <Form.Item name="title" label="标题">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 130 }}
            options={Object.entries(EVENT_STATUS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setSearch({});
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Has code="srm:auction:add">
          <Button
            type="primary"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
            data-testid="auction-new"
          >
            新建竞价单
          </Button>
        </Has>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="竞价单加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<EventRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无竞价单' }}
        data-testid="auction-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '竞价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
          { title: '结束时间', dataIndex: 'responseDeadline', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`auction-open-${r.code}`}>
                  详情
                </Button>
                {r.status === 'DRAFT' && (
                  <Has code="srm:auction:add">
                    <Button size="small" type="link" onClick={() => void edit(r.id)}>
                      编辑
                    </Button>
                  </Has>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AuctionDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void refresh()}
        onEdit={(e) => {
          setEditing(e);
          setFormOpen(true);
        }}
      />
      {formOpen && (
        <AuctionForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onClose={() => setFormOpen(false)}
          onSaved={(id) => {
            setFormOpen(false);
            void refresh();
            if (id) setShown(id);
          }}
        />
      )}
    </Card>
  );
}
