import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { evalApi } from './eval-api';

type Props = { value?: string; onChange?: (value: string) => void; disabled?: boolean };
type Kind = 'template' | 'suppliers' | 'raters';

const useOptions = () => useQuery({ queryKey: ['evalProjectOptions'], queryFn: evalApi.options, staleTime: 30_000 });
const split = (value?: string) => (value ? value.split(',').filter(Boolean) : []);

/** The project form's pickers: an active template, the suppliers evaluated, the internal raters (comma-joined ids). */
export function EvalProjectPicker({ kind, value, onChange, disabled }: Props & { kind: Kind }) {
  const { data, isLoading } = useOptions();
  if (kind === 'template') {
    return (
      <Select
        data-testid="eval-template-select"
        disabled={disabled}
        loading={isLoading}
        value={value || undefined}
        placeholder="请选择启用状态的评估模板"
        options={(data?.templates ?? [])
          .filter((t) => t.status === 'ACTIVE' || t.id === value)
          .map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }))}
        onChange={(v: string) => onChange?.(v)}
      />
    );
  }
  const options =
    kind === 'suppliers'
      ? (data?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))
      : (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }));
  return (
    <Select
      data-testid={`eval-${kind}-select`}
      mode="multiple"
      disabled={disabled}
      loading={isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      value={split(value)}
      placeholder={kind === 'suppliers' ? '请选择参评供应商' : '请选择评分人'}
      options={options}
      onChange={(v: string[]) => onChange?.(v.join(','))}
    />
  );
}
