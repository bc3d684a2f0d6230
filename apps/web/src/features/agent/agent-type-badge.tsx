import { Badge } from '@mantine/core';
import type { AgentType } from '@sapi/contract';

const colors: Record<AgentType, string> = {
  SENIOR: 'grape',
  MASTER: 'indigo',
  AGENT: 'teal',
  SUBAGENT: 'gray',
};

export function AgentTypeBadge({ type }: { type: AgentType }) {
  return (
    <Badge color={colors[type]} variant="light" radius="sm" miw="max-content">
      {type}
    </Badge>
  );
}
