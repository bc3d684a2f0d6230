import { Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';

/** An amount in Thai locale with 2 decimals; money leaving the player's wallet in red. */
export function AmountText({ value, fw }: { value: number; fw?: number }) {
  return (
    <Text
      component="span"
      size="sm"
      fw={fw}
      c={value < 0 ? 'red.9' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-negative={value < 0 ? 'true' : undefined}
    >
      {formatMoney(value)}
    </Text>
  );
}
