import { useMemo, useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import { isExternalUrl, isMenuUrl, MENU_TYPES, MENU_URL_MESSAGE, PERMS_MESSAGE, PERMS_PATTERN } from '@procura/shared';
import { showFieldErrors } from '../../lib/form-errors';
import { HttpError, postAction, putAction } from '../../lib/http';
import { closeAskingIfDirty } from '../../lib/leave-confirm';
import { useUnsavedChanges } from '../../lib/unsaved-changes';

/** A row of `GET /sys/permission/list` (JeecgBoot's SysPermissionTree). */
export type PermissionNode = {
  id: string;
  parentId: string | null;
  name: string;
  menuType: number;
  url: string | null;
  component: string | null;
  componentName?: string | null;
  redirect?: string | null;
  perms: string | null;
  permsType?: string | null;
  status?: string | null;
  icon: string | null;
  sortNo: number;
  route?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  description?: string | null;
  ruleFlag?: number;
  children?: PermissionNode[];
};

type Values = {
  menuType: number;
  name?: string;
  parentId?: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  sortNo?: number | null;
  route?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  perms?: string;
  permsType?: string;
  status?: string;
  description?: string;
};

const FIELDS = [
  'menuType',
  'name',
  'parentId',
  'url',
  'component',
  'componentName',
  'redirect',
  'icon',
  'sortNo',
  'route',
  'hidden',
  'keepAlive',
  'alwaysShow',
  'internalOrExternal',
  'perms',
  'permsType',
  'status',
  'description',
];

type ParentOption = { value: string; title: string; disabled?: boolean; children?: ParentOption[] };

/** Menus that can hold children (buttons cannot), without the edited row's own subtree. */
export function parentOptions(nodes: readonly PermissionNode[], excluded?: string): ParentOption[] {
  return nodes
    .filter((n) => n.menuType !== 2 && n.id !== excluded)
    .map((n) => {
      const children = parentOptions(n.children ?? [], excluded);
      return { value: n.id, title: n.name, children: children.length ? children : undefined };
    });
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

function initialValues(record?: PermissionNode, parent?: PermissionNode): Values {
  if (record) {
    return {
      menuType: record.menuType,
      name: record.name,
      parentId: record.parentId ?? undefined,
      url: record.url ?? '',
      component: record.component ?? '',
      componentName: record.componentName ?? '',
      redirect: record.redirect ?? '',
      icon: record.icon ?? '',
      sortNo: record.sortNo,
      route: record.route ?? true,
      hidden: record.hidden ?? false,
      keepAlive: record.keepAlive ?? false,
      alwaysShow: record.alwaysShow ?? false,
      internalOrExternal: record.internalOrExternal ?? false,
      perms: record.perms ?? '',
      permsType: record.permsType ?? '1',
      status: record.status ?? '1',
      description: record.description ?? '',
    };
  }
  return {
    menuType: parent ? 1 : 0,
    parentId: parent?.id,
    sortNo: 1,
    route: true,
    hidden: false,
    keepAlive: false,
    alwaysShow: false,
    internalOrExternal: false,
    permsType: '1',
    status: '1',
  };
}

/** What a save sends: only the fields of the chosen type. */
export function requestBody(values: Values): Record<string, unknown> {
  const common = {
    menuType: values.menuType,
    name: values.name?.trim() ?? '',
    parentId: values.menuType === 0 ? null : (values.parentId ?? null),
    sortNo: values.sortNo ?? 0,
    description: blank(values.description),
  };
  if (values.menuType === 2) {
    return { ...common, perms: blank(values.perms), permsType: values.permsType ?? '1', status: values.status ?? '1' };
  }
  return {
    ...common,
    url: blank(values.url),
    component: blank(values.component),
    componentName: blank(values.componentName),
    redirect: values.menuType === 0 ? blank(values.redirect) : null,
    icon: blank(values.icon),
    perms: blank(values.perms),
    route: values.route ?? true,
    hidden: values.hidden ?? false,
    keepAlive: values.keepAlive ?? false,
    alwaysShow: values.alwaysShow ?? false,
    internalOrExternal: values.internalOrExternal ?? false,
  };
}

type Props = {
  /** The row edited; absent when adding. */
  record?: PermissionNode;
  /** 添加下级: the row the new one goes under. */
  parent?: PermissionNode;
  tree: readonly PermissionNode[];
  open: boolean;
  onClose: () => void;
  onSaved: (parentId: string | null) => void;
};

/** 新增 / 编辑 菜单: the fields follow the 菜单类型 (a button has 授权标识, a menu its path, component and flags). */
export function PermissionFormDrawer({ record, parent, tree, open, onClose, onSaved }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const release = useUnsavedChanges(dirty);
  const [initial] = useState(() => initialValues(record, parent));
  const menuType = Form.useWatch('menuType', form) ?? initial.menuType;
  const url = Form.useWatch('url', form);
  const external = Form.useWatch('internalOrExternal', form);
  const parents = useMemo(() => parentOptions(tree, record?.id), [tree, record?.id]);
  const button = menuType === 2;

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = requestBody(values);
    setSaving(true);
    try {
      const answer = record
        ? await putAction('/sys/permission/edit', { id: record.id, ...body }, { quiet: [400] })
        : await postAction('/sys/permission/add', body, { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      release();
      onSaved((body.parentId as string | null) ?? null);
    } catch (error) {
      const shown = showFieldErrors(form, error, FIELDS);
      if (shown === false && error instanceof HttpError) message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);

  return (
    <Drawer
      open={open}
      title={record ? '编辑菜单' : parent ? `添加下级 - ${parent.name}` : '新增菜单'}
      size={640}
      onClose={close}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="permission-form-submit">
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="permissionForm"
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        data-testid="permission-form"
      >
        <Form.Item name="menuType" label="菜单类型">
          <Radio.Group options={MENU_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label={button ? '按钮/权限名称' : '菜单名称'}
          rules={[
            { required: true, whitespace: true, message: button ? '请输入按钮/权限名称' : '请输入菜单名称' },
            { max: 100 },
          ]}
        >
          <Input placeholder={button ? '请输入按钮/权限名称' : '请输入菜单名称'} />
        </Form.Item>
        {menuType !== 0 ? (
          <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单' }]}>
            <TreeSelect
              treeData={parents}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder="请选择上级菜单"
              allowClear
            />
          </Form.Item>
        ) : null}
        {button ? (
          <>
            <Form.Item
              name="perms"
              label="授权标识"
              rules={[
                { required: true, whitespace: true, message: '请输入授权标识' },
                { pattern: PERMS_PATTERN, message: PERMS_MESSAGE },
              ]}
              extra="例如 user:add，多个以逗号分隔"
            >
              <Input placeholder="请输入授权标识" />
            </Form.Item>
            <Form.Item name="permsType" label="授权策略">
              <Radio.Group
                options={[
                  { value: '1', label: '显示/隐藏' },
                  { value: '2', label: '可编辑/禁用' },
                ]}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Radio.Group
                options={[
                  { value: '1', label: '有效' },
                  { value: '0', label: '无效' },
                ]}
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="url"
              label="菜单路径"
              rules={[
                { required: true, whitespace: true, message: '请输入菜单路径' },
                {
                  validator: async (_, value: unknown) => {
                    if (typeof value !== 'string' || value.trim() === '') return;
                    if (!isMenuUrl(value.trim())) throw new Error(MENU_URL_MESSAGE);
                    if (form.getFieldValue('internalOrExternal') && !isExternalUrl(value))
                      throw new Error('外部打开的菜单路径必须是 http:// 或 https:// 链接');
                  },
                },
              ]}
              dependencies={['internalOrExternal']}
            >
              <Input placeholder="例如 /isystem/user" />
            </Form.Item>
            <Form.Item
              name="component"
              label="前端组件"
              rules={[{ required: !isExternalUrl(url ?? ''), whitespace: true, message: '请输入前端组件' }]}
              extra="例如 system/UserList、layouts/RouteView、resource/sysPosition"
            >
              <Input placeholder="请输入前端组件" />
            </Form.Item>
            <Form.Item name="componentName" label="组件名称">
              <Input placeholder="可不填，默认取组件路径的最后一段" />
            </Form.Item>
            {menuType === 0 ? (
              <Form.Item name="redirect" label="默认跳转地址">
                <Input placeholder="请输入默认跳转地址" />
              </Form.Item>
            ) : null}
            <Form.Item name="perms" label="授权标识" rules={[{ pattern: PERMS_PATTERN, message: PERMS_MESSAGE }]}>
              <Input placeholder="可不填，例如 user:list" />
            </Form.Item>
            <Form.Item
              name="icon"
              label="菜单图标"
              rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: '图标名称只能包含字母、数字、_ 和 -' }]}
            >
              <Input placeholder="例如 SettingOutlined" />
            </Form.Item>
            <Form.Item name="internalOrExternal" label="打开方式">
              <Radio.Group
                options={[
                  { value: false, label: '内部' },
                  { value: true, label: '外部' },
                ]}
              />
            </Form.Item>
            {external ? null : (
              <Space size="large" wrap>
                <Form.Item name="route" label="是否路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
                <Form.Item name="hidden" label="隐藏路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
                <Form.Item name="keepAlive" label="缓存路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
                <Form.Item name="alwaysShow" label="聚合路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Space>
            )}
          </>
        )}
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={0} max={99999} precision={0} placeholder="请输入排序" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} placeholder="请输入描述" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
