import { Button, Group, Image, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type api, type DataOf, totpConfirmBodySchema } from '@sapi/contract';
import { IconQrcode, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '../../components/copy-text';
import { ErrorBanner } from '../../components/error-banner';
import { useContractForm } from '../../components/form-dialog';
import { oneTimeCodeField } from '../../components/one-time-code-field';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { refusalOf } from '../../lib/contract-form';
import { errorMessage } from '../../lib/errors';
import { useSelf } from '../../lib/session';
import { useTotpConfirm, useTotpEnrol } from './api';
import { RecoveryCodes } from './recovery-codes';

type Pending = DataOf<typeof api.totpEnrol>;

/**
 * Enrolment in two-factor sign-in (docs/design.md §13): start → the secret as a QR code and as text → the
 * first code from the app turns it on → the 10 recovery codes, shown once, saved before Done. Both
 * calls may first ask for a password re-check (3005).
 */
export function TotpEnrolment({ onEnabled, onDone }: { onEnabled?: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const self = useSelf();
  const enrol = useTotpEnrol();
  const confirm = useTotpConfirm();
  const [pending, setPending] = useState<Pending | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reauth = useReauth();
  const form = useContractForm(totpConfirmBodySchema, { code: '' });

  const start = async () => {
    setBanner(null);
    setBusy(true);
    try {
      await reauth.run(async () => {
        setPending(await enrol.mutateAsync({}));
      });
    } catch (err) {
      setBanner(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBanner(null);
    const check = form.validate();
    if (check.hasErrors) return;
    const code = form.getValues().code.trim();
    setBusy(true);
    reauth
      .run(async () => {
        const { recoveryCodes } = await confirm.mutateAsync({ code });
        setCodes(recoveryCodes);
        onEnabled?.();
      })
      .catch((err: unknown) => {
        const refusal = refusalOf(err, ['code']);
        // Emptied first: a change clears the field's error.
        form.setFieldValue('code', '');
        form.setErrors(refusal.fields);
        setBanner(refusal.banner);
      })
      .finally(() => setBusy(false));
  };

  const reauthDialog = (
    <Modal.Stack>
      <ReauthDialog stackId="totp-reauth" {...reauth.dialog} />
    </Modal.Stack>
  );

  if (codes) {
    return (
      <Stack gap="md">
        <Group gap="xs" c="teal.9">
          <IconShieldCheck size={20} aria-hidden />
          <Text fw={600} role="status">
            {t('account.totp.enabled')}
          </Text>
        </Group>
        <RecoveryCodes codes={codes} username={self.username} onDone={onDone} />
      </Stack>
    );
  }

  if (!pending) {
    return (
      <Stack gap="md" align="flex-start">
        <ErrorBanner>{banner}</ErrorBanner>
        <Text size="sm">{t('account.totp.startHint')}</Text>
        <Button leftSection={<IconQrcode size={18} aria-hidden />} onClick={start} loading={busy}>
          {t('account.totp.start')}
        </Button>
        {reauthDialog}
      </Stack>
    );
  }

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{banner}</ErrorBanner>
          <Text fw={600}>{t('account.totp.scan')}</Text>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Paper withBorder p="xs" radius="md" bg="white">
              <Image
                src={pending.qrDataUrl}
                alt={t('account.totp.qrAlt')}
                w={184}
                h={184}
                data-testid="totp-qr"
              />
            </Paper>
            <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
              <CopyText label={t('account.totp.secret')} value={pending.secret} testId="totp-secret" />
            </Stack>
          </Group>
          <Text fw={600}>{t('account.totp.enter')}</Text>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('account.totp.code')}
              {...oneTimeCodeField(form.field('code'))}
              inputMode="numeric"
              autoComplete="one-time-code"
              w={200}
              data-autofocus
            />
            <Button type="submit" loading={busy} leftSection={<IconShieldCheck size={18} aria-hidden />}>
              {t('account.totp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
      {reauthDialog}
    </>
  );
}
