import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only value under its small label, as the detail dialogs lay out a record's facts. */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
