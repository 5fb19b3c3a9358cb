import { hasPermission } from '@procura/shared';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { DictSelect } from '../components/dict/dict-select';
import { placeholderOf } from './field-control';
import { DATE_FORMAT, toFilters } from './resource-fields';
import type { SearchControl } from './resource-fields';
import type { FormControl } from './resource-types';
import { useSession } from '../lib/auth-store';

type Props = {
  /** Prefixes the controls' ids, so two pages on one screen never share one. */
  name: string;
  controls: readonly SearchControl[];
  onSearch: (filters: Record<string, string | undefined>) => void;
  onReset: () => void;
  /** The page's own form controls: an exact filter on a field that has one (a reference picked by name) searches with it. */
  formControls?: Readonly<Record<string, FormControl>>;
  /** The permission a form control's data needs; without it the filter is left out. */
  controlPermissions?: Readonly<Record<string, string>>;
};

function control({ name, field, kind }: SearchControl, formControls?: Readonly<Record<string, FormControl>>) {
  const own = kind === 'text' && field.filter === 'eq' ? formControls?.[name] : undefined;
  if (own) {
    return (
      <Form.Item key={name} name={name} label={field.label} style={{ minWidth: 240 }}>
        {own(field, false)}
      </Form.Item>
    );
  }
  switch (kind) {
    case 'dict':
      return (
        <Form.Item key={name} name={name} label={field.label}>
          <DictSelect code={field.dict!} placeholder={`请选择${field.label}`} style={{ width: 180 }} />
        </Form.Item>
      );
    case 'dateRange':
      return (
        <Form.Item key={name} name={name} label={field.label}>
          <DatePicker.RangePicker format={DATE_FORMAT} />
        </Form.Item>
      );
    case 'numberRange':
      return (
        <Form.Item key={name} label={field.label}>
          <Space.Compact>
            <Form.Item name={`${name}_begin`} noStyle>
              <InputNumber placeholder="最小值" />
            </Form.Item>
            <Form.Item name={`${name}_end`} noStyle>
              <InputNumber placeholder="最大值" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    default:
      return (
        <Form.Item key={name} name={name} label={field.label}>
          <Input
            allowClear
            placeholder={placeholderOf({ ...field, dict: undefined, type: 'string' })}
            style={{ width: 180 }}
          />
        </Form.Item>
      );
  }
}

/** The search form of a resource page: 查询 applies the values from page 1, 重置 clears them. */
export function ResourceSearchForm({ name, controls, onSearch, onReset, formControls, controlPermissions }: Props) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { permissions } = useSession();
  const shown = controls.filter((c) => {
    const code = controlPermissions?.[c.name];
    return !code || hasPermission(code, permissions.auth, permissions.allAuth);
  });
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      style={{ rowGap: 16 }}
      data-testid="resource-search"
      onFinish={(values) => onSearch(toFilters(shown, values))}
    >
      {shown.map((c) => control(c, formControls))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
