import { Box, Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHome, IconLock, IconMapSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { errorMessage } from '../lib/errors';
import { hasToken } from '../lib/session';

type Known = 400 | 403 | 404 | 405;
const isKnown = (status: number | undefined): status is Known =>
  status === 400 || status === 403 || status === 404 || status === 405;

const icons = { 400: IconAlertTriangle, 403: IconLock, 404: IconMapSearch, 405: IconAlertTriangle } as const;

/**
 * Router error element: 400 Bad Request, 403 Forbidden, 404 Not Found, 405 Method Not Allowed,
 * and "Unexpected Application Error!" for anything else. `standalone` when outside the layout.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const known = isKnown(status) ? status : undefined;

  const heading = known ? t(`routeErrors.${known}.heading`) : t('routeErrors.unexpected.heading');
  const description = known ? t(`routeErrors.${known}.description`) : t('routeErrors.unexpected.description');
  const detail =
    known === undefined
      ? error instanceof Error
        ? // A call that failed in a loader says its reason in the user's language, not the server's English.
          errorMessage(error)
        : isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : null
      : null;
  const Icon = known ? icons[known] : IconAlertTriangle;

  useEffect(() => {
    document.title = `${heading} · S.API`;
    if (known === undefined && error) console.error(error);
  }, [heading, known, error]);

  const content = (
    <Center mih={standalone ? '100vh' : '60vh'} p="xl">
      <Stack
        align="center"
        gap="md"
        maw={560}
        ta="center"
        data-testid="route-error"
        data-status={status ?? 'error'}
      >
        <ThemeIcon size={72} radius="xl" variant="light" color={known === 404 ? 'indigo' : 'red'}>
          <Icon size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={30}>
          {heading}
        </Title>
        <Text c="dimmed">{description}</Text>
        {detail ? (
          <Code block maw="100%" style={{ whiteSpace: 'pre-wrap' }}>
            {detail}
          </Code>
        ) : null}
        <Group gap="sm" mt="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => navigate(-1)}
          >
            {t('common.back')}
          </Button>
          <Button
            component={Link}
            to={hasToken() ? '/agent/list' : '/'}
            leftSection={<IconHome size={16} aria-hidden />}
          >
            {t('common.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );

  return standalone ? <Box component="main">{content}</Box> : content;
}
