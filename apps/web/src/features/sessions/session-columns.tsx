import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';

interface SessionColumnsOptions {
  /** Show whose session it is (everyone's list). */
  withAccount?: boolean;
  /** End this session (asks first); absent on the row of the session in use. */
  onEnd: (session: Session) => void;
}

/**
 * The columns of a sessions table: browser (from the user agent, "this session" marked), address,
 * signed in, last seen (on the business clock, as every time of the console), and the end button.
 */
export function useSessionColumns({ withAccount = false, onEnd }: SessionColumnsOptions): Column<Session>[] {
  const { t } = useTranslation();
  const columns: Column<Session>[] = [
    {
      key: 'browser',
      header: t('security.sessions.fields.browser'),
      minWidth: 200,
      render: (session) => (
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {session.browser ?? t('security.sessions.unknownBrowser')}
            </Text>
            {session.current ? (
              <Badge size="sm" color="teal" variant="light" data-testid="current-session">
                {t('security.sessions.current')}
              </Badge>
            ) : null}
          </Group>
          {session.userAgent ? (
            <Text size="xs" c="dimmed" lineClamp={1} title={session.userAgent} maw={360}>
              {session.userAgent}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'ip',
      header: t('security.sessions.fields.ip'),
      render: (session) => (
        <Text size="sm" ff="monospace">
          {session.ip ?? '—'}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('security.sessions.fields.createdAt'),
      render: (session) => <DateTimeText value={session.createdAt} />,
    },
    {
      key: 'lastSeenAt',
      header: t('security.sessions.fields.lastSeenAt'),
      render: (session) => <DateTimeText value={session.lastSeenAt} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (session) =>
        session.current ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconLogout size={14} aria-hidden />}
            aria-label={t('security.sessions.endLabel', {
              browser: session.browser ?? t('security.sessions.unknownBrowser'),
              ip: session.ip ?? '—',
            })}
            onClick={() => onEnd(session)}
          >
            {t('security.sessions.end')}
          </Button>
        ),
    },
  ];
  if (withAccount) {
    columns.unshift({
      key: 'username',
      header: t('security.sessions.fields.account'),
      render: (session) => (
        <Text size="sm" fw={600}>
          {session.username}
        </Text>
      ),
    });
  }
  return columns;
}
