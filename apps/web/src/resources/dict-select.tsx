import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useDictItems } from '../lib/dict';

type DictSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'mode'> & { code: string; multiple?: boolean };

/** A select of a dictionary's items (from the cached dictionaries, else the server); values are the items' values as text. */
export function DictSelect({ code, multiple, ...props }: DictSelectProps) {
  const { data, isLoading } = useDictItems(code);
  const options = (data ?? []).map((item) => ({ value: String(item.value), label: item.text || item.label || String(item.value) }));
  return <Select allowClear loading={isLoading} options={options} mode={multiple ? 'multiple' : undefined} optionFilterProp="label" {...props} />;
}
