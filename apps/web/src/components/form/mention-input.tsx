import { useEffect, useRef, useState } from 'react';
import { Mentions } from 'antd';
import type { MentionsProps } from 'antd';
import type { DictItem } from '@procura/shared';
import { searchTableDict } from '../dict/dict-api';

/** At most this many suggestions, asked this long after the last key (spec part 2 §9). */
export const MENTION_MAX_ITEMS = 12;
export const MENTION_DELAY_MS = 500;

/** Suggestions of dictionary items: at most 12, shown as `name (value)`. */
export function toMentionOptions(items: readonly DictItem[]): { value: string; label: string }[] {
  return items
    .slice(0, MENTION_MAX_ITEMS)
    .map((i) => ({ value: String(i.value), label: `${i.text || i.label || ''} (${String(i.value)})` }));
}

export type MentionInputProps = Omit<MentionsProps, 'options' | 'onSearch'> & {
  /** Where names come from: an allow-listed table dictionary (default the users, `@username`). */
  dict?: string;
};

/** Mention autocomplete: after `@`, the matching names of the dictionary (12 at most, 500 ms after typing). */
export function MentionInput({ dict = 'sys_user,realname,username', ...props }: MentionInputProps) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    setLoading(true);
    timer.current = setTimeout(() => {
      searchTableDict(dict, keyword, MENTION_MAX_ITEMS)
        .then((items) => setOptions(toMentionOptions(items)))
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, MENTION_DELAY_MS);
  };
  return (
    <Mentions
      autoSize={{ minRows: 2 }}
      placeholder="输入 @ 提及用户"
      {...props}
      loading={loading}
      options={options}
      onSearch={search}
    />
  );
}
