import { Badge } from '@mantine/core';
import type { OperatorType } from '@sapi/contract';

const colors: Record<OperatorType, string> = {
  SUPERMANAGER: 'grape',
  MANAGER: 'indigo',
  OPERATOR: 'teal',
  REPORTER: 'gray',
};

export function OperatorTypeBadge({ type }: { type: OperatorType }) {
  return (
    <Badge color={colors[type]} variant="light" radius="sm">
      {type}
    </Badge>
  );
}
