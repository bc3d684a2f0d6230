import { Text } from '@mantine/core';
import { formatMoney } from '../lib/format';

interface MoneyTextProps {
  value: number;
  fw?: number;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** An amount rounded to 2 decimals in Thai locale; negative amounts in red, zero dimmed (reports, widgets, dashboard). */
export function MoneyText({ value, fw, size = 'sm' }: MoneyTextProps) {
  const satang = Math.round(value * 100);
  const negative = satang < 0;
  return (
    <Text
      component="span"
      size={size}
      fw={fw}
      c={negative ? 'red.9' : satang === 0 ? 'dimmed' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-negative={negative ? 'true' : undefined}
    >
      {formatMoney(value)}
    </Text>
  );
}
