import type { ReactElement } from 'react';
import { DatePicker, Input, InputNumber } from 'antd';
import type { FieldDef } from '@procura/shared';
import { DictSelect } from '../components/dict/dict-select';
import { DATE_FORMAT, DATETIME_FORMAT } from './resource-fields';

const FULL = { width: '100%' } as const;

/** The placeholder of a field's control: choose for selects and dates, type for the rest. */
export function placeholderOf(field: FieldDef): string {
  if (field.placeholder) return field.placeholder;
  const choose = field.dict || field.type === 'date' || field.type === 'datetime';
  return `${choose ? '请选择' : '请输入'}${field.label}`;
}

/**
 * The form control of a field, by type (Form.Item supplies value and onChange): text with
 * its maximum length, whole or exact decimal numbers, dates in the wire formats, and
 * dictionary selects (several values when `multiple`).
 */
export function fieldControl(field: FieldDef, disabled = false): ReactElement {
  const common = { disabled, placeholder: placeholderOf(field) };
  if (field.dict) return <DictSelect code={field.dict} multiple={field.multiple} style={FULL} {...common} />;
  switch (field.type) {
    case 'text':
      return <Input.TextArea rows={4} maxLength={field.max ?? 5000} showCount {...common} />;
    case 'int':
      return <InputNumber precision={0} min={field.min} max={field.max} style={FULL} {...common} />;
    case 'decimal':
      return <InputNumber<string> stringMode style={FULL} {...common} />;
    case 'date':
      return <DatePicker format={DATE_FORMAT} style={FULL} {...common} />;
    case 'datetime':
      return <DatePicker showTime format={DATETIME_FORMAT} style={FULL} {...common} />;
    default:
      return <Input maxLength={field.max ?? 255} allowClear {...common} />;
  }
}
