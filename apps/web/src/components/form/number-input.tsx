import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';

export type NumberInputProps = Omit<InputNumberProps<number>, 'precision'> & {
  /** Whole numbers only: precision 0 (spec part 2 §5). */
  onlyInteger?: boolean;
  precision?: number;
};

/** The number widget: with `onlyInteger` it keeps no decimals. */
export function NumberInput({ onlyInteger, precision, ...props }: NumberInputProps) {
  return <InputNumber<number> style={{ width: '100%' }} {...props} precision={onlyInteger ? 0 : precision} />;
}
