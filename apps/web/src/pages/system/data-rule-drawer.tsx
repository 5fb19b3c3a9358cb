import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Divider,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { columnOf, DATA_RULE_CONDITIONS, DATA_RULE_VARIABLES, fieldEntries, resourcesOfMenu } from '@procura/shared';
import { Has } from '../../components/has';
import { showFieldErrors } from '../../lib/form-errors';
import { deleteAction, getAction, HttpError, postAction, putAction } from '../../lib/http';
import type { PermissionNode } from './permission-form-drawer';

export type DataRule = {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
};

type RuleValues = {
  ruleName?: string;
  ruleColumn?: string;
  ruleConditions?: string;
  ruleValue?: string;
  status?: string;
};
type Search = { ruleName?: string; ruleValue?: string };

const RULE_FIELDS = ['ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'];
const conditionLabel = (value: string) => DATA_RULE_CONDITIONS.find((c) => c.value === value)?.label ?? value;

/** The fields a menu's rules may name: those of the generic list(s) the menu shows. */
export function ruleFieldOptions(menu: PermissionNode): { value: string; label: string }[] {
  const buttons = (menu.children ?? []).filter((c) => c.menuType === 2).map((c) => c.perms);
  const seen = new Set<string>();
  return resourcesOfMenu(menu, buttons).flatMap((def) =>
    fieldEntries(def)
      .filter(([name]) => !seen.has(name) && seen.add(name))
      .map(([name, f]) => ({ value: name, label: `${f.label}（${name} / ${columnOf(name, f)}）` })),
  );
}

type Props = { menu: PermissionNode; open: boolean; onClose: () => void; onChanged: () => void };

/** 数据规则 of a menu: conditions that narrow its list for the roles that apply them (授权 → 数据规则). */
export function DataRuleDrawer({ menu, open, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [rules, setRules] = useState<DataRule[] | null>(null);
  const [search, setSearch] = useState<Search>({});
  const [editing, setEditing] = useState<DataRule | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [searchForm] = Form.useForm<Search>();
  const [form] = Form.useForm<RuleValues>();
  const fields = useMemo(() => ruleFieldOptions(menu), [menu]);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let alive = true;
    const filtered = Boolean(search.ruleName || search.ruleValue);
    const request = filtered
      ? getAction<DataRule[]>('/sys/permission/queryPermissionRule', {
          permissionId: menu.id,
          ruleName: search.ruleName,
          ruleValue: search.ruleValue,
        })
      : getAction<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId: menu.id });
    request.then(
      (answer) => alive && setRules(answer.success ? (answer.result ?? []) : []),
      () => alive && setRules([]),
    );
    return () => {
      alive = false;
    };
  }, [menu.id, search, version]);

  const openForm = (rule: DataRule | 'new') => {
    form.resetFields();
    form.setFieldsValue(
      rule === 'new'
        ? { ruleConditions: '=', status: '1' }
        : {
            ruleName: rule.ruleName,
            ruleColumn: rule.ruleColumn,
            ruleConditions: rule.ruleConditions,
            ruleValue: rule.ruleValue,
            status: rule.status,
          },
    );
    setEditing(rule);
  };

  const save = async () => {
    let values: RuleValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      permissionId: menu.id,
      ruleName: values.ruleName?.trim(),
      ruleColumn: values.ruleColumn,
      ruleConditions: values.ruleConditions,
      ruleValue: values.ruleValue?.trim(),
      status: values.status ?? '1',
    };
    setSaving(true);
    try {
      const answer =
        editing === 'new' || editing === null
          ? await postAction('/sys/permission/addPermissionRule', body, { quiet: [400] })
          : await putAction('/sys/permission/editPermissionRule', { id: editing.id, ...body }, { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      setEditing(null);
      onChanged();
      load();
    } catch (error) {
      if (showFieldErrors(form, error, RULE_FIELDS) === false && error instanceof HttpError)
        message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (rule: DataRule) => {
    try {
      const answer = await deleteAction('/sys/permission/deletePermissionRule', { id: rule.id });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      onChanged();
      load();
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<DataRule> = [
    { title: '规则名称', dataIndex: 'ruleName' },
    { title: '规则字段', dataIndex: 'ruleColumn' },
    { title: '条件', dataIndex: 'ruleConditions', render: (v: string) => `${v} ${conditionLabel(v)}` },
    { title: '规则值', dataIndex: 'ruleValue' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: string) => (v === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>),
    },
    {
      title: '操作',
      key: 'action',
      render: (_: unknown, rule) => (
        <Has code="permission:edit">
          <Space separator={<Divider orientation="vertical" />} size={0}>
            <a onClick={() => openForm(rule)}>编辑</a>
            <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => void remove(rule)}>
              <a>删除</a>
            </Popconfirm>
          </Space>
        </Has>
      ),
    },
  ];

  return (
    <Drawer open={open} title={`数据规则 - ${menu.name}`} size={760} onClose={onClose} data-testid="data-rule-drawer">
      {fields.length === 0 ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="该菜单不是通用列表页面，无法设置数据规则" />
      ) : null}
      <Form
        form={searchForm}
        layout="inline"
        onFinish={(v) =>
          setSearch({ ruleName: v.ruleName?.trim() || undefined, ruleValue: v.ruleValue?.trim() || undefined })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="ruleName" label="规则名称">
          <Input placeholder="请输入规则名称" allowClear />
        </Form.Item>
        <Form.Item name="ruleValue" label="规则值">
          <Input placeholder="请输入规则值" allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              setSearch({});
            }}
          >
            重置
          </Button>
          <Has code="permission:edit">
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length === 0}
              onClick={() => openForm('new')}
              data-testid="data-rule-add"
            >
              新增规则
            </Button>
          </Has>
        </Space>
      </Form>
      <Table<DataRule>
        rowKey="id"
        size="small"
        loading={rules === null}
        columns={columns}
        dataSource={rules ?? []}
        pagination={false}
        data-testid="data-rule-table"
      />
      <Modal
        open={open && editing !== null}
        title={editing === 'new' ? '新增数据规则' : '编辑数据规则'}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        okButtonProps={{ 'data-testid': 'data-rule-form-submit' } as Record<string, string>}
        forceRender
      >
        <Form form={form} name="dataRuleForm" layout="vertical" data-testid="data-rule-form">
          <Form.Item
            name="ruleName"
            label="规则名称"
            rules={[{ required: true, whitespace: true, message: '请输入规则名称' }, { max: 50 }]}
          >
            <Input placeholder="请输入规则名称" />
          </Form.Item>
          <Form.Item name="ruleColumn" label="规则字段" rules={[{ required: true, message: '请选择规则字段' }]}>
            <Select placeholder="请选择规则字段" options={fields} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="ruleConditions" label="条件" rules={[{ required: true, message: '请选择条件' }]}>
            <Select
              placeholder="请选择条件"
              options={DATA_RULE_CONDITIONS.map((c) => ({ value: c.value, label: `${c.value} ${c.label}` }))}
            />
          </Form.Item>
          <Form.Item
            name="ruleValue"
            label="规则值"
            rules={[{ required: true, whitespace: true, message: '请输入规则值' }, { max: 300 }]}
            extra={`可使用 ${DATA_RULE_VARIABLES.userCode}（当前用户账号）、${DATA_RULE_VARIABLES.orgCode}（当前部门编码）；IN 的多个值以逗号分隔`}
          >
            <Input placeholder="请输入规则值" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: '1', label: '有效' },
                { value: '0', label: '无效' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
