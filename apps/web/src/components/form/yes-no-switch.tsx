import { useEffect } from 'react';
import { Switch } from 'antd';

export type YesNoSwitchProps = {
  /** The on and off values (default Y and N). */
  options?: [on: string, off: string];
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
};

/** A switch storing two option values (spec part 2 §4): default Y on, N off; an empty value is reset to off. */
export function YesNoSwitch({ options = ['Y', 'N'], value, onChange, disabled, ...rest }: YesNoSwitchProps) {
  const [on, off] = options;
  const empty = value === undefined || value === null || value === '';
  useEffect(() => {
    if (empty) onChange?.(off);
  }, [empty, off, onChange]);
  return (
    <Switch
      checked={value === on}
      disabled={disabled}
      onChange={(checked) => onChange?.(checked ? on : off)}
      data-testid={rest['data-testid']}
    />
  );
}
