import type { ReactNode } from 'react';
import { Button, Checkbox, ColorPicker, Form, Input, Radio, Slider, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FileUpload } from '../../components/upload/file-upload';
import { PALETTE } from '../../components/editor/text-format-editor';

/** The designer's field widgets, each bound to a Form name under a block: colours, switches, images, styled text, lists. */

export type Name = (string | number)[];

/** Stored portal images go to the public `portal` folder. */
export const PORTAL_BIZ = 'portal';

const toHex = (color: { toHexString(): string }) => color.toHexString();

const PRESETS = [{ label: '常用颜色', colors: PALETTE }];

export function Colour({ name, label }: { name: Name; label: string }) {
  return (
    <Form.Item name={name} label={label} getValueFromEvent={toHex}>
      <ColorPicker showText format="hex" disabledAlpha presets={PRESETS} />
    </Form.Item>
  );
}

export function Toggle({ name, label }: { name: Name; label: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

export function Image({ name, label, testId }: { name: Name; label: string; testId: string }) {
  return (
    <Form.Item name={name} label={label}>
      <FileUpload mode="image" biz={PORTAL_BIZ} maxCount={1} data-testid={testId} />
    </Form.Item>
  );
}

/** The text-format editor of spec part 2 §2: text, bold, colour, font size 16–80 step 2, alignment. */
export function StyledTextFields({ name, label }: { name: Name; label: string }) {
  return (
    <>
      <Form.Item name={[...name, 'text']} label={label} rules={[{ max: 200, message: '文字不能超过200个字符' }]}>
        <Input />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name={[...name, 'isBold']} label="加粗" valuePropName="checked">
          <Switch size="small" />
        </Form.Item>
        <Colour name={[...name, 'style', 'color']} label="颜色" />
        <Form.Item name={[...name, 'style', 'textAlign']} label="对齐">
          <Radio.Group
            optionType="button"
            size="small"
            options={[
              { value: 'left', label: '左' },
              { value: 'center', label: '中' },
              { value: 'right', label: '右' },
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item name={[...name, 'style', 'fontSize']} label="字号">
        <Slider min={16} max={80} step={2} />
      </Form.Item>
    </>
  );
}

/** A list of rows (Form.List) with add and remove. */
export function Rows({
  name,
  label,
  max,
  empty,
  children,
}: {
  name: Name;
  label: string;
  max?: number;
  empty: Record<string, unknown>;
  children: (field: Name) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid={`designer-list-${name.join('-')}`}>
          <div style={{ marginBottom: 8, fontWeight: 500 }}>{label}</div>
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
              {children([field.name])}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除"
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={max !== undefined && fields.length >= max}
            onClick={() => add(empty)}
          >
            添加
          </Button>
        </div>
      )}
    </Form.List>
  );
}

export const text = (name: Name, placeholder: string, width = 140) => (
  <Form.Item name={name} noStyle>
    <Input placeholder={placeholder} style={{ width }} />
  </Form.Item>
);
export const visible = (name: Name, label = '显示') => (
  <Form.Item name={name} noStyle valuePropName="checked">
    <Checkbox>{label}</Checkbox>
  </Form.Item>
);

export const siteMapRow = (f: Name) => (
  <>
    {text([...f, 'title'], '名称', 120)}
    {text([...f, 'url'], '链接（/开头或 http(s)）', 220)}
    {visible([...f, 'visible'])}
  </>
);

/** A footer column: its heading link and the links under it. */
export const footerColumnRow = (f: Name) => (
  <div style={{ border: '1px dashed #d9d9d9', padding: 8, borderRadius: 6 }}>
    <Space wrap>{siteMapRow(f)}</Space>
    <div style={{ marginTop: 6, paddingInlineStart: 16 }}>
      <Rows name={[...f, 'children']} label="下级链接" max={20} empty={{ title: '', url: '/' }}>
        {(c) => (
          <>
            {text([...c, 'title'], '名称', 120)}
            {text([...c, 'url'], '链接', 200)}
          </>
        )}
      </Rows>
    </div>
  </div>
);
