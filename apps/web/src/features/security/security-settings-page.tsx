import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type AdminType, adminTypes, api } from '@sapi/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingFields } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { securitySettingsQuery, useUpdateSecuritySettings } from './api';

const sameTypes = (a: readonly AdminType[], b: readonly AdminType[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

/**
 * Security settings (/security/settings, SUPERADMIN): the admin types that must sign in with a second
 * factor. Saving needs a password re-check in this session (3005: the re-authentication dialog).
 */
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(securitySettingsQuery);
  return (
    <>
      <PageHeader title={t('security.settings.title')} description={t('security.settings.description')} />
      {settings.isError ? (
        <ErrorBanner>{errorMessage(settings.error)}</ErrorBanner>
      ) : settings.data ? (
        <TotpRequiredForm saved={settings.data.totpRequiredTypes} />
      ) : (
        <Paper withBorder p="lg" maw={640}>
          <LoadingFields />
        </Paper>
      )}
    </>
  );
}

function TotpRequiredForm({ saved }: { saved: AdminType[] }) {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings();
  const [chosen, setChosen] = useState<AdminType[]>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reauth = useReauth();

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      await reauth.run(async () => {
        // The route's own schema (sent exactly as the server reads it).
        const body = api.securitySettingsUpdate.body.parse({ totpRequiredTypes: chosen });
        const next = await update.mutateAsync(body.totpRequiredTypes);
        setChosen(next.totpRequiredTypes);
        notifySuccess(t('security.settings.saved'));
      });
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('security.settings.totpTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.settings.totpDescription')}
          </Text>
        </Stack>
        <ErrorBanner>{failure}</ErrorBanner>
        <Checkbox.Group
          label={t('security.settings.totpRequired')}
          value={chosen}
          onChange={(value) => setChosen(adminTypes.filter((type) => value.includes(type)))}
        >
          <Stack gap="xs" mt="xs">
            {adminTypes.map((type) => (
              <Checkbox key={type} value={type} label={t(`security.settings.types.${type}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('security.settings.totpNote')}
        </Alert>
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={saving || sameTypes(chosen, saved)}
            onClick={() => setChosen(saved)}
          >
            {t('common.cancel')}
          </Button>
          <Button loading={saving} disabled={sameTypes(chosen, saved)} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
      <ReauthDialog {...reauth.dialog} />
    </Paper>
  );
}
