import { Badge } from '@mantine/core';
import type { BetType } from '@sapi/contract';

/** One colour per bet type, the same in tables, dialogs and timelines. */
export const betTypeColors: Record<BetType, string> = {
  HOLD: 'blue',
  SETTLE: 'green',
  CANCEL: 'gray',
  VOID: 'orange',
  DEPOSIT: 'teal',
  WITHDRAW: 'red',
  PROMOTION: 'grape',
  PROMOTION_REFUND: 'pink',
  PROMOTION_AFFILIATE: 'violet',
};

export function BetTypeBadge({ type }: { type: BetType }) {
  return (
    <Badge color={betTypeColors[type]} variant="light" radius="sm" tt="none">
      {type}
    </Badge>
  );
}
