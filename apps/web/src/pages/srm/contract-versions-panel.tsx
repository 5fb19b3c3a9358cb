import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contractResource, contractWorkflow } from '@procura/shared';
import { getAction, postAction } from '../../lib/http';
import { useCommand } from '../../lib/use-command';
import type { ResourceRecord } from '../../resources/resource-types';
import { useResourceAbilities } from '../../resources/use-resource-abilities';
import { LineTables } from '../../resources/workflow-lines';

type Version = {
  id: string;
  code: string;
  versionNo: number;
  status: string;
  amountInclTax: string;
  validFrom: string;
  validTo: string;
  amendReason: string | null;
  title?: string;
};
type Related = { versions: Version[]; supplements: Version[] };

const states = contractWorkflow.states as Record<string, { text: string; color: string }>;
const statusTag = (s: string) => <Tag color={states[s]?.color}>{states[s]?.text ?? s}</Tag>;

/** One earlier (or later) version, read-only: its header figures and its lines (CON-6). */
function VersionModal({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['contract-version', id],
    gcTime: 0,
    queryFn: async () => {
      const body = await getAction<ResourceRecord>('/srm/contract/queryById', { id });
      return body.success ? body.result : null;
    },
  });
  const r = query.data;
  return (
    <Modal
      open
      width={860}
      title={`合同版本 - ${String(r?.code ?? '')}`}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {!r ? (
        <Spin />
      ) : (
        <div data-testid="contract-version-view">
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'v', label: '版本', children: `V${String(r.versionNo)}` },
              { key: 's', label: '状态', children: statusTag(String(r.status)) },
              { key: 'a', label: '含税金额', children: String(r.amountInclTax) },
              { key: 'd', label: '有效期', children: `${String(r.validFrom)} 至 ${String(r.validTo)}` },
              { key: 'r', label: '变更原因', children: String(r.amendReason ?? '-') },
            ]}
          />
          <LineTables def={contractResource} record={r} />
        </div>
      )}
    </Modal>
  );
}

/** 变更合同: the reason, then a draft of the next version (CON-6). */
function AmendModal({ record, onClose, onDone }: { record: ResourceRecord; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, run } = useCommand();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await run(() => postAction('/srm/contract/amend', { id: record.id, reason }), onDone);
  };
  return (
    <Modal
      open
      title={`变更合同 - ${String(record.code ?? '')}`}
      okText="生成变更版本"
      okButtonProps={{ loading: busy, 'data-testid': 'contract-amend-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        变更生成新版本草稿；提高金额或修改价格的变更须重新审批并经供应商确认，原版本在新版本生效后失效。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="变更原因"
          rules={[{ required: true, whitespace: true, message: '请填写变更原因' }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="contract-amend-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 版本记录 on a contract's detail (CON-6): every version of the contract with its state, 变更合同 on
 * the ACTIVE one, 变更生效 on an amendment draft that needs no new approval, and the supplements (补充协议).
 */
export function ContractVersionsPanel({ record }: { record: ResourceRecord }) {
  const { modal } = App.useApp();
  const can = useResourceAbilities(contractResource);
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const [viewing, setViewing] = useState<string | null>(null);
  const [amending, setAmending] = useState(false);
  const query = useQuery({
    queryKey: ['contract-versions', record.id, record.status],
    queryFn: async () => {
      const body = await getAction<Related>('/srm/contract/versions', { id: record.id });
      return body.success ? body.result : { versions: [], supplements: [] };
    },
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['contract-versions'] });
    void queryClient.invalidateQueries({ queryKey: ['resource-detail', contractResource.path] });
    void queryClient.invalidateQueries({ queryKey: ['status-count', contractResource.path] });
  };
  const apply = () =>
    modal.confirm({
      title: '确定使该变更版本直接生效吗？（仅限未提高金额、未修改价格的变更）',
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(() => postAction('/srm/contract/applyAmendment', { id: record.id }), refresh),
    });
  const internal = can.holds('contract:amend');
  const columns = [
    { key: 'v', title: '版本', render: (_: unknown, v: Version) => `V${v.versionNo}` },
    { key: 'c', title: '合同编号', dataIndex: 'code' },
    { key: 's', title: '状态', render: (_: unknown, v: Version) => statusTag(v.status) },
    { key: 'a', title: '含税金额', dataIndex: 'amountInclTax' },
    { key: 'r', title: '变更原因', render: (_: unknown, v: Version) => v.amendReason ?? '-' },
    {
      key: 'op',
      title: '操作',
      render: (_: unknown, v: Version) =>
        v.id === record.id ? (
          <Typography.Text type="secondary">当前</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(v.id)}
            data-testid={`contract-version-${v.versionNo}`}
          >
            查看
          </Button>
        ),
    },
  ];
  return (
    <div data-testid="contract-versions">
      {internal ? (
        <Space style={{ marginBottom: 8 }}>
          {record.status === 'ACTIVE' ? (
            <Button onClick={() => setAmending(true)} data-testid="contract-amend">
              变更合同
            </Button>
          ) : null}
          {record.status === 'DRAFT' && Number(record.versionNo) > 1 ? (
            <Button onClick={apply} data-testid="contract-apply-amendment">
              变更生效
            </Button>
          ) : null}
        </Space>
      ) : null}
      <Table<Version>
        size="small"
        rowKey="id"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data?.versions ?? []}
        columns={columns}
        data-testid="contract-versions-table"
      />
      {query.data?.supplements.length ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            补充协议
          </Typography.Title>
          <Table<Version>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={query.data.supplements}
            data-testid="contract-supplements-table"
            columns={[
              { key: 'c', title: '编号', dataIndex: 'code' },
              { key: 't', title: '名称', dataIndex: 'title' },
              { key: 's', title: '状态', render: (_: unknown, v: Version) => statusTag(v.status) },
              { key: 'a', title: '含税金额', dataIndex: 'amountInclTax' },
              {
                key: 'op',
                title: '操作',
                render: (_: unknown, v: Version) => (
                  <Button type="link" size="small" onClick={() => setViewing(v.id)}>
                    查看
                  </Button>
                ),
              },
            ]}
          />
        </>
      ) : null}
      {viewing ? <VersionModal id={viewing} onClose={() => setViewing(null)} /> : null}
      {amending ? (
        <AmendModal
          record={record}
          onClose={() => setAmending(false)}
          onDone={() => {
            setAmending(false);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
