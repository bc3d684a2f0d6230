import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface RowActionProps {
  /** The short tooltip ("Edit"). */
  tooltip: string;
  /** The name for assistive technology, naming the row ("Edit provider PG"). */
  label: string;
  icon: Icon;
  onClick: () => void;
  color?: string;
}

/** An icon button of a table row (edit, view, delete), named for screen readers; it does not click the row. */
export function RowAction({ tooltip, label, icon: RowIcon, onClick, color }: RowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      >
        <RowIcon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
