import { Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { allows, api, type LoginNext, passwordChangeFormSchema } from '@sapi/contract';
import { IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useNavigation, useSubmit } from 'react-router';
import { ErrorBanner } from '../../components/error-banner';
import { useContractForm } from '../../components/form-dialog';
import { LanguageSwitch } from '../../components/language-switch';
import { authStore } from '../../lib/auth-store';
import { refusalOf } from '../../lib/contract-form';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { totpStatusQuery } from './api';
import { emptyPasswordChange, PasswordChangeFields, useSendPasswordChange } from './change-password-dialog';
import { TotpEnrolment } from './totp-enrolment';

/**
 * What an account must do before any other screen (/setup, docs/design.md §13): set a new password after an
 * administrator's reset (3007), or enrol a second factor its type requires (3009). The protected
 * screens send it back here until it is done; the only other way out is signing out.
 */
export function SetupPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const first = useLoaderData() as LoginNext;
  const [step, setStep] = useState<LoginNext>(first);
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  useEffect(() => setStep(first), [first]);

  const title = step === 'change-password' ? t('account.setup.passwordTitle') : t('account.setup.enrolTitle');
  useEffect(() => {
    document.title = `${title} · S.API`;
  }, [title]);

  /** Set-up done: the app, and a fresh start for whatever it had cached. */
  const finish = async () => {
    authStore.clearSetup();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    notifySuccess(t('account.setup.ready'));
    await navigate('/agent/list', { replace: true });
  };

  /** The password is changed: a type that must enrol does that next, else the app. */
  const passwordChanged = async (ended: number) => {
    notifySuccess(t('account.password.done', { count: ended }));
    // The agent side has no second factor yet (its status route is not open to it).
    const status = allows(api.totpStatus, self.role)
      ? await queryClient.fetchQuery({ ...totpStatusQuery, staleTime: 0 })
      : undefined;
    if (status?.required && !status.enabled) {
      authStore.requireSetup('enrol-totp');
      setStep('enrol-totp');
      return;
    }
    await finish();
  };

  const signOut = () => void submit(null, { method: 'post', action: '/logout', replace: true });

  return (
    <Box mih="100vh" bg="gray.1" py="xl">
      <Container size="sm">
        <Group justify="space-between" mb="lg">
          <Stack gap={0}>
            <Text fw={700} fz="lg">
              S.API System
            </Text>
            <Text size="sm" c="dimmed">
              {t('account.setup.signedInAs', { username: self.username })}
            </Text>
          </Stack>
          <Group gap="sm">
            <LanguageSwitch />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={signOut}
              loading={navigation.formAction === '/logout'}
            >
              {t('account.setup.signOut')}
            </Button>
          </Group>
        </Group>
        <Card withBorder radius="md" padding="xl" component="main">
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              {step === 'change-password' ? (
                <IconKey size={28} aria-hidden />
              ) : (
                <IconShieldLock size={28} aria-hidden />
              )}
              <Title order={1} fz={24}>
                {title}
              </Title>
            </Group>
            {step === 'change-password' ? (
              <>
                <Text size="sm">{t('account.setup.passwordIntro', { username: self.username })}</Text>
                <ForcedPasswordForm onChanged={passwordChanged} />
              </>
            ) : (
              <>
                <Text size="sm">
                  {self.kind === 'staff'
                    ? t('account.setup.enrolIntro', { type: self.type })
                    : t('account.setup.enrolIntroAgentSide', {
                        type: self.type,
                        agent: self.agentUsername ?? '',
                      })}
                </Text>
                <TotpEnrolment onDone={() => void finish()} />
              </>
            )}
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}

/** The forced change: the temporary password, the new one twice. */
function ForcedPasswordForm({ onChanged }: { onChanged: (ended: number) => Promise<void> }) {
  const { t } = useTranslation();
  const send = useSendPasswordChange();
  const form = useContractForm(passwordChangeFormSchema, emptyPasswordChange);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBanner(null);
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    setBusy(true);
    // The temporary password typed here is the re-check: no second prompt.
    send(values)
      .then(onChanged)
      .catch((err: unknown) => {
        const refusal = refusalOf(err, Object.keys(values));
        form.setErrors(refusal.fields);
        setBanner(refusal.banner);
      })
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorBanner>{banner}</ErrorBanner>
        <PasswordChangeFields form={form} currentLabel={t('account.setup.temporary')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
