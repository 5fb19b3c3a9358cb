import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import { showFieldErrors } from '../../lib/form-errors';

/** A department as the tree and queryById send it (jeecg-api.md §7.8–7.9). */
export type DepartRecord = {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  description?: string | null;
};

export type DepartNode = DepartRecord & { key: string; title: string; children: DepartNode[] | null };

export type DepartValues = {
  departName?: string;
  parentId?: string | null;
  orgCategory?: string;
  departOrder?: number | null;
  mobile?: string;
  fax?: string;
  address?: string;
  memo?: string;
};

export const DEPART_FIELDS = [
  'departName',
  'parentId',
  'orgCategory',
  'departOrder',
  'mobile',
  'fax',
  'address',
  'memo',
] as const;

type ParentOption = { value: string; title: string; disabled?: boolean; children?: ParentOption[] };

/** Parent choices: every department, except `self` and what is under it (a department cannot sit below itself). */
export function parentOptions(nodes: readonly DepartNode[], self?: string, inside = false): ParentOption[] {
  return nodes.map((n) => {
    const excluded = inside || n.id === self;
    return {
      value: n.id,
      title: n.departName,
      disabled: excluded || undefined,
      children: n.children ? parentOptions(n.children, self, excluded) : undefined,
    };
  });
}

export const toDepartValues = (d: DepartRecord): DepartValues => ({
  departName: d.departName,
  parentId: d.parentId || undefined,
  orgCategory: d.orgCategory,
  departOrder: d.departOrder,
  mobile: d.mobile ?? '',
  fax: d.fax ?? '',
  address: d.address ?? '',
  memo: d.memo ?? '',
});

/** What add and edit send: the form's fields (description is not on it, so edit keeps it); empty text clears, no parent is a root. */
export const toDepartBody = (v: DepartValues) => ({
  departName: v.departName?.trim() ?? '',
  parentId: v.parentId ?? '',
  orgCategory: v.orgCategory ?? '2',
  departOrder: v.departOrder ?? 0,
  mobile: v.mobile?.trim() ?? '',
  fax: v.fax?.trim() ?? '',
  address: v.address?.trim() ?? '',
  memo: v.memo?.trim() ?? '',
});

/** Puts a 400 answer's field messages on the department form; returns whether any landed (null: not a 400). */
export const showDepartFieldErrors = (form: FormInstance<DepartValues>, error: unknown) =>
  showFieldErrors(form, error, DEPART_FIELDS);

const PHONE_RULE = { pattern: /^[0-9+\-() ]*$/, message: '只能包含数字、空格和 + - ( )' };

/** The department form's fields, shared by 添加部门 and the 基本信息 tab. */
export function DepartFormFields({ parents, orgCode }: { parents: ParentOption[]; orgCode?: string }) {
  return (
    <>
      <Form.Item
        name="departName"
        label="部门名称"
        rules={[
          { required: true, whitespace: true, message: '请输入部门名称' },
          { max: 100, message: '部门名称最多100个字符' },
        ]}
      >
        <Input placeholder="请输入部门名称" maxLength={100} />
      </Form.Item>
      <Form.Item name="parentId" label="上级部门" extra="不选则为顶级部门">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder="请选择上级部门"
          treeData={parents}
        />
      </Form.Item>
      {orgCode === undefined ? null : (
        <Form.Item label="机构编码" extra="由系统按上级部门生成">
          <Input value={orgCode} disabled data-testid="depart-org-code" />
        </Form.Item>
      )}
      <Form.Item name="orgCategory" label="机构类别" rules={[{ required: true, message: '请选择机构类别' }]}>
        <Radio.Group
          options={[
            { value: '1', label: '公司' },
            { value: '2', label: '部门' },
            { value: '3', label: '岗位' },
          ]}
        />
      </Form.Item>
      <Form.Item name="departOrder" label="排序">
        <InputNumber min={0} max={999999} precision={0} placeholder="请输入排序" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mobile" label="电话" rules={[PHONE_RULE, { max: 32, message: '最多32个字符' }]}>
        <Input placeholder="请输入电话" />
      </Form.Item>
      <Form.Item name="fax" label="传真" rules={[PHONE_RULE, { max: 32, message: '最多32个字符' }]}>
        <Input placeholder="请输入传真" />
      </Form.Item>
      <Form.Item name="address" label="地址" rules={[{ max: 100, message: '最多100个字符' }]}>
        <Input placeholder="请输入地址" />
      </Form.Item>
      <Form.Item name="memo" label="备注" rules={[{ max: 500, message: '最多500个字符' }]}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </>
  );
}
