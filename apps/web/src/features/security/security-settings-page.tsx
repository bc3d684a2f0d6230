import { Alert, Button, Checkbox, Divider, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type AdminType, adminTypes, api, type DataOf } from '@sapi/contract';
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

type Settings = DataOf<typeof api.securitySettingsGet>;

/**
 * Security settings (/security/settings, SUPERADMIN): the admin types that must sign in with a second
 * factor, and whether a sharing percentage change waits for a second admin's approval. Saving needs a
 * password re-check in this session (3005: the re-authentication dialog).
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
        <SettingsForm saved={settings.data} />
      ) : (
        <Paper withBorder p="lg" maw={640}>
          <LoadingFields />
        </Paper>
      )}
    </>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings();
  const [chosen, setChosen] = useState<AdminType[]>(saved.totpRequiredTypes);
  const [approval, setApproval] = useState(saved.sharingChangeApproval);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reauth = useReauth();
  const unchanged = sameTypes(chosen, saved.totpRequiredTypes) && approval === saved.sharingChangeApproval;

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      await reauth.run(async () => {
        // The route's own schema (sent exactly as the server reads it).
        const body = api.securitySettingsUpdate.body.parse({
          totpRequiredTypes: chosen,
          sharingChangeApproval: approval,
        });
        const next = await update.mutateAsync({
          totpRequiredTypes: body.totpRequiredTypes,
          sharingChangeApproval: body.sharingChangeApproval ?? approval,
        });
        setChosen(next.totpRequiredTypes);
        setApproval(next.sharingChangeApproval);
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
        <Divider />
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('security.settings.approvalTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.settings.approvalDescription')}
          </Text>
        </Stack>
        <Switch
          label={t('security.settings.approvalSwitch')}
          checked={approval}
          onChange={(event) => setApproval(event.currentTarget.checked)}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('security.settings.totpNote')}
        </Alert>
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={saving || unchanged}
            onClick={() => {
              setChosen(saved.totpRequiredTypes);
              setApproval(saved.sharingChangeApproval);
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button loading={saving} disabled={unchanged} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
      <ReauthDialog {...reauth.dialog} />
    </Paper>
  );
}
