import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { DateTimeText } from '../../components/date-time-text';

/** The server's "Chrome 131 on Linux" in the user's language ("Chrome 131 บน Linux"). */
export const sessionBrowser = (t: TFunction, browser: string | null): string => {
  if (!browser) return t('security.sessions.unknownBrowser');
  const m = /^(.+) on (.+)$/.exec(browser);
  return m ? t('security.sessions.browserOn', { browser: m[1], system: m[2] }) : browser;
};

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
  const browserText = (browser: string | null) => sessionBrowser(t, browser);
  const columns: Column<Session>[] = [
    {
      key: 'browser',
      header: t('security.sessions.fields.browser'),
      minWidth: 200,
      render: (session) => (
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {browserText(session.browser)}
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
      sort: { field: 'createdAt', first: 'desc' },
      render: (session) => <DateTimeText value={session.createdAt} />,
    },
    {
      key: 'lastSeenAt',
      header: t('security.sessions.fields.lastSeenAt'),
      sort: { field: 'lastSeenAt', first: 'desc' },
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
              browser: browserText(session.browser),
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
      sort: { field: 'username', first: 'asc' },
      render: (session) => (
        <Text size="sm" fw={600}>
          {session.username}
        </Text>
      ),
    });
  }
  return columns;
}
