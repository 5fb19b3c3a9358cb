import { useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { purchaseSettingByKey } from '@procura/shared';
import { useHasPermission } from '../../components/has';
import { useDictItems } from '../../lib/dict';
import { getAction, postAction } from '../../lib/http';
import {
  fromFormValue,
  issueText,
  StructuredSettingEditor,
  structuredText,
  toFormValue,
} from './purchase-setting-editors';

type SettingRow = {
  key: string;
  label: string;
  group: string;
  type: 'int' | 'bool' | 'pct' | 'money' | 'json' | 'enum';
  dict: string | null;
  value: unknown;
  defaultValue: unknown;
  isDefault: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
};

/** The structured form of a `json` setting, from the shared definitions. */
const formOf = (row: SettingRow) => purchaseSettingByKey.get(row.key)?.form;

function EnumText({ dict, value }: { dict: string; value: unknown }) {
  const items = useDictItems(dict);
  return <>{items.data?.find((i) => i.value === value)?.text ?? String(value)}</>;
}

/** A value in words: 是/否, the dictionary text, the parts of a structured value (never JSON). */
function show(row: SettingRow, value: unknown) {
  if (row.type === 'bool') return value ? '是' : '否';
  if (row.type === 'enum') return <EnumText dict={row.dict ?? ''} value={value} />;
  const form = formOf(row);
  if (form) return structuredText(form, value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

async function loadSettings(): Promise<SettingRow[]> {
  const body = await getAction<SettingRow[]>('/srm/purchaseSetting/list');
  if (!body.success) throw new Error(body.message);
  return body.result;
}

/** The control of a setting's type; structured values get their own controls. */
function EnumControl({ dict }: { dict: string }) {
  const items = useDictItems(dict);
  return (
    <Form.Item name="value" noStyle>
      <Select style={{ width: 200 }} options={(items.data ?? []).map((i) => ({ value: i.value, label: i.text }))} />
    </Form.Item>
  );
}

function ValueControl({ row }: { row: SettingRow }) {
  if (row.type === 'bool')
    return (
      <Form.Item name="value" valuePropName="checked" noStyle>
        <Switch />
      </Form.Item>
    );
  if (row.type === 'int' || row.type === 'pct')
    return (
      <Form.Item name="value" noStyle>
        <InputNumber style={{ width: 200 }} precision={row.type === 'int' ? 0 : 4} />
      </Form.Item>
    );
  if (row.type === 'enum') return <EnumControl dict={row.dict ?? ''} />;
  const form = formOf(row);
  if (form)
    return (
      <Form.Item name="value" noStyle>
        <StructuredSettingEditor form={form} />
      </Form.Item>
    );
  return (
    <Form.Item name="value" noStyle>
      <Input style={{ width: 200 }} data-testid="setting-value" />
    </Form.Item>
  );
}

/** A long value wraps inside its cell instead of widening it. */
const WRAP = { wordBreak: 'break-all' } as const;

/** 采购设置 (§21): the tenant's values of every setting, each change checked here and by the server, and logged. */
export default function PurchaseSettingsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('purchaseSetting:edit');
  const list = useQuery({ queryKey: ['purchaseSettings'], queryFn: loadSettings });
  const [editing, setEditing] = useState<SettingRow | null>(null);
  const [form] = Form.useForm<{ value: unknown }>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const open = (row: SettingRow) => {
    setError(null);
    setEditing(row);
    const structured = formOf(row);
    form.setFieldsValue({
      value: structured ? toFormValue(structured, row.value) : row.type === 'money' ? String(row.value) : row.value,
    });
  };
  const save = async () => {
    const row = editing!;
    const structured = formOf(row);
    const typed = form.getFieldValue('value') as unknown;
    const converted = structured ? fromFormValue(structured, typed) : { value: typed };
    if ('error' in converted) {
      setError(converted.error);
      return;
    }
    const value = converted.value;
    // The shared definition's schema, so the messages are those the server gives.
    const checked = purchaseSettingByKey.get(row.key)?.schema.safeParse(value);
    if (checked && !checked.success) {
      const issue = checked.error.issues[0];
      setError(issueText(structured, issue?.path ?? [], issue?.message ?? '值不正确'));
      return;
    }
    setSaving(true);
    try {
      const body = await postAction('/srm/purchaseSetting/save', { key: row.key, value });
      if (!body.success) {
        setError(body.message);
        return;
      }
      message.success(body.message);
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: ['purchaseSettings'] });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="purchase-settings-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="单据创建时复制其依赖的设置，修改不影响进行中的单据。审批阈值在 审批中心 › 审批配置 中按单据类型设置。"
      />
      {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
      <Table<SettingRow>
        rowKey="key"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        // Fixed widths and a horizontal scroll: without them long labels squeeze the other columns to one character.
        scroll={{ x: 1240 }}
        data-testid="purchase-settings-table"
        columns={[
          { title: '分组', dataIndex: 'group', width: 90 },
          { title: '设置项', dataIndex: 'label', width: 280 },
          { title: '当前值', width: 220, render: (_, r) => <span style={WRAP}>{show(r, r.value)}</span> },
          {
            title: '默认值',
            width: 220,
            render: (_, r) => (r.isDefault ? <Tag>默认</Tag> : <span style={WRAP}>{show(r, r.defaultValue)}</span>),
          },
          { title: '修改人', dataIndex: 'updatedBy', width: 110, render: (v: string | null) => v ?? '-' },
          { title: '修改时间', dataIndex: 'updatedAt', width: 170, render: (v: string | null) => v ?? '-' },
          {
            title: '操作',
            key: 'action',
            width: 80,
            render: (_, r) =>
              canEdit ? (
                <a onClick={() => open(r)} data-testid={`setting-edit-${r.key}`}>
                  修改
                </a>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={`修改：${editing?.label ?? ''}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical">
          {editing ? <ValueControl row={editing} /> : null}
        </Form>
        {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} /> : null}
      </Modal>
    </div>
  );
}
