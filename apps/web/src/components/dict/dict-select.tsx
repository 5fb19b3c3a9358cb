import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { dictText, useDictItems } from '../../lib/dict';
import { DICT_MESSAGES, splitValues } from './dict-api';
import { WidgetError } from './widget-error';

type DictSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'mode' | 'value' | 'onChange'> & {
  /** The dictionary code ('字典Code不能为空!' when empty). */
  code: string;
  multiple?: boolean;
  /** Multi mode: take and emit the values comma-joined (as JeecgBoot's multi-select tag), not as an array. */
  joined?: boolean;
  value?: string | string[] | null;
  /** Cleared: undefined (forms and search forms drop the field). */
  onChange?: (value: string | string[] | undefined) => void;
};

/**
 * A select of a dictionary's items (from the cached dictionaries, else
 * `/sys/dict/getDictItems/{code}`), single or multi; values are the items' values as text.
 */
export function DictSelect({ code, multiple, joined, value, onChange, ...props }: DictSelectProps) {
  const { data, isLoading } = useDictItems(code);
  if (code.trim() === '') return <WidgetError message={DICT_MESSAGES.emptyCode} />;
  const options = (data ?? []).map((item) => ({
    value: String(item.value),
    label: item.text || item.label || String(item.value),
  }));
  const shown = multiple && joined && typeof value === 'string' ? splitValues(value) : (value ?? undefined);
  const emit = (next: string | string[] | undefined) =>
    onChange?.(multiple && joined && Array.isArray(next) ? next.join(',') : next);
  return (
    <Select
      allowClear
      loading={isLoading}
      options={options}
      mode={multiple ? 'multiple' : undefined}
      optionFilterProp="label"
      {...props}
      value={shown}
      onChange={emit}
    />
  );
}

/** A dictionary value as its text (the value itself until the items load, or when unknown). */
export function DictText({ code, value }: { code: string; value: string | null | undefined }) {
  const { data } = useDictItems(code);
  if (value === null || value === undefined || value === '') return null;
  return <>{dictText(data, value)}</>;
}
