import { Badge } from '@mantine/core';
import type { AdminType } from '@sapi/contract';

const colors: Record<AdminType, string> = {
  SUPERADMIN: 'grape',
  ADMIN: 'indigo',
  OPERATOR: 'teal',
  REPORTER: 'gray',
};

export function TypeBadge({ type }: { type: AdminType }) {
  return (
    <Badge color={colors[type]} variant="light" radius="sm">
      {type}
    </Badge>
  );
}
