import { Text } from '@mantine/core';
import { formatMoney } from '../lib/format';
import { signOfMoney } from '../lib/money';

interface MoneyTextProps {
  /** A number, or a decimal string for a report sum from 10^15 satang on. */
  value: number | string;
  fw?: number;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** An amount rounded to 2 decimals in Thai locale; negative amounts in red, zero dimmed (reports, widgets, dashboard). */
export function MoneyText({ value, fw, size = 'sm' }: MoneyTextProps) {
  const sign = signOfMoney(value);
  const negative = sign < 0;
  return (
    <Text
      component="span"
      size={size}
      fw={fw}
      c={negative ? 'red.9' : sign === 0 ? 'dimmed' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-negative={negative ? 'true' : undefined}
    >
      {formatMoney(value)}
    </Text>
  );
}
