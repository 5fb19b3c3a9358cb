import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalStep } from '@procura/shared';
import { useHasPermission } from '../../components/has';
import { showFieldErrors } from '../../lib/form-errors';
import { approvalApi, type DocTypeDefinition } from './approval-api';

type FormValues = {
  name: string;
  enabled: boolean;
  steps: (Omit<ApprovalStep, 'minAmount'> & { minAmount: number | null })[];
  ccUserIds: string[];
};

/** The flow of one document type: sequential steps, each with an amount threshold and an approver (user or role). */
function DefinitionDrawer({ row, onClose }: { row: DocTypeDefinition | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['approval', 'approverOptions'],
    queryFn: approvalApi.approverOptions,
    enabled: !!row,
  });
  const userOptions = (options.data?.users ?? []).map((u) => ({
    value: u.id,
    label: `${u.realname}（${u.username}）`,
  }));
  const roleOptions = (options.data?.roles ?? []).map((r) => ({ value: r.roleCode, label: r.roleName }));
  const d = row?.definition;

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = await approvalApi.saveDefinition({
        docType: row!.docType,
        name: v.name,
        enabled: v.enabled ? 1 : 0,
        steps: v.steps.map((s) => ({
          ...s,
          minAmount: s.minAmount === null || s.minAmount === undefined ? null : String(s.minAmount),
        })),
        ccUserIds: v.ccUserIds ?? [],
        version: d?.version,
      });
      if (!body.success) {
        message.warning(body.message);
        return;
      }
      message.success(body.message);
      await queryClient.invalidateQueries({ queryKey: ['approval', 'definitions'] });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'steps', 'ccUserIds'])) message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={`审批配置：${row?.label ?? ''}`}
      open={!!row}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="definition-save">
          保存
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="单据金额达到步骤的金额门槛时该步骤生效（不填门槛则总是生效），按顺序逐级审批；提交人不能审批本人的单据。"
      />
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: d?.name ?? `${row?.label ?? ''}审批`,
          enabled: d ? d.enabled === 1 : true,
          steps: d?.steps.map((s) => ({ ...s, minAmount: s.minAmount === null ? null : Number(s.minAmount) })) ?? [
            { name: '审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
          ],
          ccUserIds: d?.ccUserIds ?? [],
        }}
      >
        <Form.Item
          name="name"
          label="流程名称"
          rules={[{ required: true, whitespace: true, message: '请填写流程名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.List
          name="steps"
          rules={[
            {
              validator: async (_r, steps: unknown[]) =>
                steps?.length ? undefined : Promise.reject(new Error('至少需要一个审批步骤')),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap data-testid={`definition-step-${i}`}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={`第${i + 1}步`}
                    rules={[{ required: true, whitespace: true, message: '请填写步骤名称' }]}
                  >
                    <Input placeholder="步骤名称" maxLength={100} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'minAmount']} label="金额门槛">
                    <InputNumber min={0} precision={2} placeholder="不填则总是生效" style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'approverType']}
                    label="审批人类型"
                    rules={[{ required: true, message: '请选择审批人类型' }]}
                  >
                    <Select
                      style={{ width: 110 }}
                      options={[
                        { value: 'ROLE', label: '角色' },
                        { value: 'USER', label: '指定用户' },
                      ]}
                      onChange={() => form.setFieldValue(['steps', field.name, 'approverId'], undefined)}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Form.Item
                        name={[field.name, 'approverId']}
                        label="审批人"
                        rules={[{ required: true, message: '请选择审批人' }]}
                      >
                        <Select
                          showSearch
                          optionFilterProp="label"
                          style={{ width: 200 }}
                          loading={options.isLoading}
                          options={
                            form.getFieldValue(['steps', field.name, 'approverType']) === 'USER'
                              ? userOptions
                              : roleOptions
                          }
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                  {fields.length > 1 ? (
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除步骤" />
                  ) : null}
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < 10 ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', minAmount: null, approverType: 'ROLE' })}
                >
                  添加步骤
                </Button>
              ) : null}
            </>
          )}
        </Form.List>
        <Form.Item name="ccUserIds" label="抄送人" style={{ marginTop: 16 }}>
          <Select mode="multiple" showSearch optionFilterProp="label" options={userOptions} maxCount={20} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** 审批配置: each registered document type and its flow. */
export default function DefinitionPage() {
  const canEdit = useHasPermission('approval:definition');
  const [editing, setEditing] = useState<DocTypeDefinition | null>(null);
  const list = useQuery({ queryKey: ['approval', 'definitions'], queryFn: approvalApi.definitions });
  return (
    <div data-testid="approval-definition-page">
      {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
      <Table<DocTypeDefinition>
        rowKey="docType"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无需要审批的单据类型' }}
        columns={[
          { title: '单据类型', dataIndex: 'label' },
          { title: '流程名称', render: (_, r) => r.definition?.name ?? <Tag>未配置（提交即通过）</Tag> },
          {
            title: '状态',
            render: (_, r) =>
              r.definition ? r.definition.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag> : '-',
          },
          {
            title: '审批步骤',
            render: (_, r) =>
              r.definition?.steps.map((s) => s.name + (s.minAmount ? `(≥${s.minAmount})` : '')).join(' → ') ?? '-',
          },
          { title: '更新时间', render: (_, r) => r.definition?.updateTime ?? '-' },
          {
            title: '操作',
            key: 'action',
            render: (_, r) =>
              canEdit ? (
                <a onClick={() => setEditing(r)} data-testid={`definition-edit-${r.docType}`}>
                  配置
                </a>
              ) : null,
          },
        ]}
      />
      <DefinitionDrawer row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
