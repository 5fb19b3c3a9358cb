import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, Select, Space, Spin, TreeSelect } from 'antd';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@procura/shared';
import { z } from 'zod';
import { sameAsPasswordRule, strongPasswordRule } from '../../lib/password-form-rules';

/** An e-mail address as the shared schemas check it (`请输入正确的电子邮箱`); empty is allowed. */
const emailRule = {
  validator: async (_: unknown, v: string | undefined) => {
    if (v?.trim() && !z.string().email().safeParse(v.trim()).success) throw new Error('请输入正确的电子邮箱');
  },
};
import { showFieldErrors } from '../../lib/form-errors';
import { getAction, HttpError, postAction, putAction } from '../../lib/http';
import { closeAskingIfDirty } from '../../lib/leave-confirm';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { DictSelect } from '../../components/dict/dict-select';

export type UserFormMode = 'add' | 'edit';
/** An internal user (roles, departments) or a supplier's account (bound to one supplier, supplier role only). */
export type UserKind = 'internal' | 'supplier';

type Role = { id: string; roleName: string; roleCode: string };
type Depart = { key: string; value: string; title: string; children: Depart[] | null };
type DepartOption = { value: string; title: string; children?: DepartOption[] };
type UserInfo = {
  id: string;
  username: string;
  realname: string;
  sex?: number | null;
  phone?: string | null;
  email?: string | null;
  workNo?: string | null;
  supplierId?: string | null;
  relTenantIds?: string | null;
};
type Tenant = { id: number; name: string };
type SupplierOption = { value: string; label: string };

type Values = {
  username?: string;
  realname?: string;
  password?: string;
  confirmpassword?: string;
  sex?: string;
  phone?: string;
  email?: string;
  workNo?: string;
  selectedroles?: string[];
  selecteddeparts?: string[];
  relTenantIds?: number[];
  supplierId?: string;
};

const toOptions = (nodes: readonly Depart[]): DepartOption[] =>
  nodes.map((n) => ({ value: n.value, title: n.title, children: n.children ? toOptions(n.children) : undefined }));

/** A user's `relTenantIds` comma list as the tenant select's values. */
export function parseTenantIds(raw: string | null | undefined): number[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter((t) => /^[1-9]\d*$/.test(t))
        .map(Number),
    ),
  ];
}

/** The tenant select's options: the normal tenants, and any the user still has that are not (frozen or gone) by id. */
export function tenantOptions(
  tenants: readonly Tenant[],
  selected: readonly number[],
): { value: number; label: string }[] {
  const known = tenants.map((t) => ({ value: t.id, label: t.name }));
  const missing = selected
    .filter((id) => !tenants.some((t) => t.id === id))
    .map((id) => ({ value: id, label: `租户${id}（已冻结）` }));
  return [...known, ...missing];
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

type Props = {
  mode: UserFormMode;
  kind?: UserKind;
  userId?: string;
  /** The list row's 工号: queryById does not return it, and 编辑 stores what it sends. */
  workNo?: string | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** 新增用户 / 编辑 用户: the administrator's user form; 编辑 leaves the account and password alone. */
export function UserFormDrawer({ mode, kind = 'internal', userId, workNo, open, onClose, onSaved }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(mode === 'add');
  const [roles, setRoles] = useState<Role[]>([]);
  const [departs, setDeparts] = useState<DepartOption[]>([]);
  const [suppliers, setSuppliers] = useState<SupplierOption[]>([]);
  const [tenants, setTenants] = useState<Tenant[]>([]);
  const release = useUnsavedChanges(dirty);
  const supplierKind = kind === 'supplier';

  useEffect(() => {
    let alive = true;
    if (!supplierKind) {
      void getAction<Role[]>('/sys/role/queryall').then(
        (a) => alive && a.success && setRoles(a.result ?? []),
        () => undefined,
      );
      void getAction<Depart[]>('/sys/sysDepart/queryTreeList').then(
        (a) => alive && a.success && setDeparts(toOptions(a.result ?? [])),
        () => undefined,
      );
      void getAction<Tenant[]>('/sys/tenant/queryList').then(
        (a) => alive && a.success && setTenants(a.result ?? []),
        () => undefined,
      );
    }
    if (mode === 'edit' && userId) {
      void Promise.all([
        getAction<UserInfo>('/sys/user/queryById', { id: userId }),
        getAction<string[]>('/sys/user/queryUserRole', { userid: userId }),
        getAction<{ key: string }[]>('/sys/user/userDepartList', { userId }),
      ]).then(
        async ([user, userRoles, userDeparts]) => {
          const u = user.result;
          if (supplierKind && u?.supplierId) {
            const own = await searchSuppliers({ id: u.supplierId }).catch(() => []);
            if (alive) setSuppliers(own);
          }
          if (!alive) return;
          form.setFieldsValue({
            realname: u?.realname ?? '',
            sex: u?.sex === null || u?.sex === undefined ? undefined : String(u.sex),
            phone: u?.phone ?? '',
            email: u?.email ?? '',
            workNo: u?.workNo ?? workNo ?? '',
            selectedroles: userRoles.result ?? [],
            selecteddeparts: (userDeparts.result ?? []).map((d) => d.key),
            relTenantIds: parseTenantIds(u?.relTenantIds),
            supplierId: u?.supplierId ?? undefined,
          });
          setLoaded(true);
        },
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
  }, [mode, supplierKind, userId, workNo, form]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const common = {
      realname: values.realname?.trim() ?? '',
      sex: values.sex ?? null,
      phone: blank(values.phone),
      email: blank(values.email),
      workNo: blank(values.workNo),
      selectedroles: (values.selectedroles ?? []).join(','),
    };
    const departPart = { selecteddeparts: (values.selecteddeparts ?? []).join(',') };
    setSaving(true);
    try {
      const account = {
        username: values.username?.trim(),
        password: values.password,
        confirmpassword: values.confirmpassword,
      };
      // A supplier account carries its company instead of roles and departments (the server fixes its role).
      const links = supplierKind
        ? { supplierId: values.supplierId }
        : { selectedroles: common.selectedroles, ...departPart, relTenantIds: (values.relTenantIds ?? []).join(',') };
      const fields = {
        realname: common.realname,
        sex: common.sex,
        phone: common.phone,
        email: common.email,
        workNo: common.workNo,
        ...links,
      };
      const answer =
        mode === 'add'
          ? await postAction(
              supplierKind ? '/sys/user/addSupplierUser' : '/sys/user/add',
              { ...account, ...fields },
              { quiet: [400] },
            )
          : await putAction(
              supplierKind ? '/sys/user/editSupplierUser' : '/sys/user/edit',
              { id: userId, ...fields },
              { quiet: [400] },
            );
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      release();
      onSaved();
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
      title={`${mode === 'add' ? '新增' : '编辑'}${supplierKind ? '供应商用户' : '用户'}`}
      size={640}
      onClose={close}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!loaded}
            onClick={() => void submit()}
            data-testid="user-form-submit"
          >
            确定
          </Button>
        </Space>
      }
    >
      {loaded ? null : <Spin />}
      <Form
        form={form}
        name="userForm"
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        data-testid="user-form"
        style={loaded ? undefined : { display: 'none' }}
      >
        {mode === 'add' ? (
          <>
            <Form.Item
              name="username"
              label="用户账号"
              rules={[{ required: true, whitespace: true, message: '请输入用户账号' }]}
            >
              <Input placeholder="请输入用户账号" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label="密码"
              rules={[{ required: true, message: '请输入密码' }, strongPasswordRule]}
            >
              <Input.Password placeholder="请输入密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmpassword"
              label="确认密码"
              dependencies={['password']}
              rules={[{ required: true, message: '请重新输入登录密码' }, sameAsPasswordRule()]}
            >
              <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="realname"
          label="用户姓名"
          rules={[{ required: true, whitespace: true, message: '请输入用户姓名' }]}
        >
          <Input placeholder="请输入用户姓名" />
        </Form.Item>
        <Form.Item name="workNo" label="工号">
          <Input placeholder="请输入工号" />
        </Form.Item>
        {supplierKind ? (
          <Form.Item
            name="supplierId"
            label="所属供应商"
            rules={[{ required: true, message: '请选择供应商' }]}
            extra={mode === 'edit' ? '供应商用户不能改为其他供应商' : undefined}
          >
            <Select
              showSearch={{
                filterOption: false,
                onSearch: (keyword) =>
                  void searchSuppliers({ name: `*${keyword.trim()}*` }).then(setSuppliers, () => undefined),
              }}
              disabled={mode === 'edit'}
              placeholder="请输入供应商名称搜索"
              options={suppliers}
              onOpenChange={(visible) =>
                visible && suppliers.length === 0 && void searchSuppliers({}).then(setSuppliers, () => undefined)
              }
              notFoundContent="无匹配的供应商"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="selectedroles" label="角色">
              <Select
                mode="multiple"
                allowClear
                placeholder="请选择角色"
                optionFilterProp="label"
                options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
              />
            </Form.Item>
            <Form.Item name="selecteddeparts" label="部门">
              <TreeSelect
                multiple
                allowClear
                treeDefaultExpandAll
                placeholder="请选择部门"
                treeData={departs}
                treeNodeFilterProp="title"
              />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.relTenantIds !== b.relTenantIds}>
              {({ getFieldValue }) => (
                <Form.Item name="relTenantIds" label="租户">
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder="请选择租户"
                    optionFilterProp="label"
                    options={tenantOptions(tenants, (getFieldValue('relTenantIds') as number[] | undefined) ?? [])}
                  />
                </Form.Item>
              )}
            </Form.Item>
          </>
        )}
        <Form.Item name="sex" label="性别">
          <DictSelect code="sex" placeholder="请选择性别" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE }]}>
          <Input placeholder="请输入手机号" />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[emailRule]}>
          <Input placeholder="请输入邮箱" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

const FIELDS = [
  'username',
  'password',
  'confirmpassword',
  'realname',
  'workNo',
  'selectedroles',
  'selecteddeparts',
  'relTenantIds',
  'supplierId',
  'sex',
  'phone',
  'email',
];

/** Suppliers for the account form's picker: the first page matching a filter of the supplier list. */
async function searchSuppliers(filter: Record<string, string>): Promise<SupplierOption[]> {
  const answer = await getAction<{ records: { id: string; name: string; code: string }[] }>('/supplier/list', {
    ...filter,
    pageNo: 1,
    pageSize: 20,
    column: 'name',
    order: 'asc',
  });
  return (answer.result?.records ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.code}）` }));
}
