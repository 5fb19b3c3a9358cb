import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { SelectProps } from 'antd';
import {
  DICT_MESSAGES,
  DICT_SEARCH_DEBOUNCE_MS,
  parseTableDict,
  searchTableDict,
  splitValues,
  tableDictTexts,
} from './dict-api';
import { WidgetError } from './widget-error';

type Option = { value: string; label: string };

export type SearchSelectProps = Omit<
  SelectProps<string | string[]>,
  'options' | 'value' | 'onChange' | 'mode' | 'showSearch'
> & {
  /** `table,text,code` of an allow-listed table dictionary. */
  dict: string;
  /** Several values, comma-joined. */
  multiple?: boolean;
  value?: string | null;
  onChange?: (value: string) => void;
  /** Most options one search shows. */
  pageSize?: number;
};

/**
 * Search-select by table dictionary (JeecgBoot's JSearchSelectTag): typing asks
 * `/sys/dict/loadDict/{dict}` after 800 ms without keys; the current values' labels come from
 * `/sys/dict/loadDictItem/{dict}`. A dictionary without table, text and code shows the spec's message.
 */
export function SearchSelect({ dict, multiple, value, onChange, pageSize = 50, ...props }: SearchSelectProps) {
  const valid = parseTableDict(dict) !== null;
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef(0);
  const values = useMemo(() => splitValues(value), [value]);

  // Labels of stored values the options do not hold yet (a loaded record).
  useEffect(() => {
    if (!valid) return;
    const missing = values.filter((v) => !known.has(v));
    if (missing.length === 0) return;
    let alive = true;
    void tableDictTexts(dict, missing)
      .then((texts) => {
        if (!alive || texts.length !== missing.length) return;
        setKnown((k) => new Map([...k, ...missing.map((v, i) => [v, texts[i]!] as const)]));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dict, valid, values, known]);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!valid) return <WidgetError message={DICT_MESSAGES.badTableDict} />;

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++asked.current;
      setLoading(true);
      searchTableDict(dict, keyword, pageSize)
        .then((items) => {
          if (n !== asked.current) return;
          const next = items.map((i) => ({ value: String(i.value), label: i.text || i.label || String(i.value) }));
          setOptions(next);
          setKnown((k) => new Map([...k, ...next.map((o) => [o.value, o.label] as const)]));
        })
        .catch(() => undefined)
        .finally(() => n === asked.current && setLoading(false));
    }, DICT_SEARCH_DEBOUNCE_MS);
  };

  // Chosen values stay visible with their labels even when the last search did not find them.
  const shown: Option[] = [
    ...options,
    ...values.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: known.get(v) ?? v })),
  ];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      placeholder="请输入关键字搜索"
      {...props}
      options={shown}
      value={multiple ? values : (values[0] ?? undefined)}
      onFocus={() => options.length === 0 && search('')}
      onChange={(next) => onChange?.(Array.isArray(next) ? next.join(',') : (next ?? ''))}
    />
  );
}
