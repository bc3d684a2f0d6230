import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** "S.API" company label of the sidebar. */
export function CompanyLabel() {
  return (
    <UnstyledButton component={Link} to="/dashboard" aria-label="S.API">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon
          size={36}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo.8', to: 'cyan.8', deg: 135 }}
        >
          <Text fw={800} fz={18} c="white" aria-hidden>
            S
          </Text>
        </ThemeIcon>
        <Text fw={800} fz={20} lts={0.5} aria-hidden>
          S.API
        </Text>
      </Group>
    </UnstyledButton>
  );
}
