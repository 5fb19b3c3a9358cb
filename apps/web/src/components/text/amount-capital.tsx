import { Typography } from 'antd';
import { amountToCapital } from '@procura/shared';

/** An amount in Chinese capitals (empty stays empty; 1e15 or more says '超出最大处理数字'). */
export function AmountCapital({ value }: { value?: string | number | null }) {
  return <Typography.Text data-testid="amount-capital">{amountToCapital(value)}</Typography.Text>;
}
