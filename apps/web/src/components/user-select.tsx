import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { getAction } from '../lib/http';

type UserRow = { id: string; username: string; realname: string };
type Option = { value: string; label: string };

const ACCOUNT = /^[A-Za-z0-9_.@-]+$/;
const toOption = (u: UserRow): Option => ({ value: u.id, label: `${u.realname}（${u.username}）` });
const idsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

async function findUsers(url: string, filter: Record<string, string>): Promise<Option[]> {
  const answer = await getAction<{ records: UserRow[] }>(url, { ...filter, pageNo: 1, pageSize: 20 });
  return (answer.result?.records ?? []).map(toOption);
}

type Props = {
  /** Comma-joined user ids, as JeecgBoot forms store a user selection. */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /**
   * The list to search: the administrator's user list by default; a module may offer its own
   * with the same query (`id` list, `username`, `realname`) to users without `user:list`.
   */
  url?: string;
};

/**
 * Picks users by name or account from the user list (several at once); the value is the
 * comma-joined ids. Chosen users keep their names when the list is searched again.
 */
export function UserSelect({
  value,
  onChange,
  disabled,
  placeholder = '请输入姓名或账号搜索用户',
  url = '/sys/user/list',
}: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<Option[]>([]);
  const ids = idsOf(value);

  // Names of users chosen before (an edited record), once.
  const missing = ids.filter((id) => !known.some((o) => o.value === id)).join(',');
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    void findUsers(url, { id: `${missing},` }).then(
      (found) => alive && setKnown((k) => [...k, ...found]),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [missing, url]);

  const search = (keyword: string) => {
    const k = keyword.trim();
    const filter: Record<string, string> =
      k === '' ? {} : ACCOUNT.test(k) ? { username: `*${k}*` } : { realname: `*${k}*` };
    void findUsers(url, filter).then(setOptions, () => undefined);
  };

  const merged = [...known, ...options.filter((o) => !known.some((k) => k.value === o.value))];
  return (
    <Select
      mode="multiple"
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={ids}
      options={merged}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      onChange={(chosen: string[]) => {
        setKnown((k) => [
          ...k,
          ...options.filter((o) => chosen.includes(o.value) && !k.some((x) => x.value === o.value)),
        ]);
        onChange?.(chosen.join(','));
      }}
      notFoundContent="无匹配的用户"
      style={{ width: '100%' }}
      data-testid="user-select"
    />
  );
}
