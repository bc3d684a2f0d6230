import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { totpCodeBodySchema } from '@sapi/contract';
import { IconKey, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { FormDialog } from '../../components/form-dialog';
import { LoadingFields } from '../../components/form-fields';
import { oneTimeCodeField } from '../../components/one-time-code-field';
import { PageHeader } from '../../components/page-header';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useSelf } from '../../lib/session';
import { totpStatusQuery, useTotpDisable, useTotpRecoveryCodes } from './api';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

type CodeAction = 'disable' | 'codes';

/**
 * Two-factor sign-in of the signed-in account (/account/security): its status; enrolment when off;
 * when on, turning it off or making new recovery codes, each with a code (and a password re-check
 * when the server asks, 3005).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const status = useQuery(totpStatusQuery);
  const disable = useTotpDisable();
  const renew = useTotpRecoveryCodes();
  const [action, setAction] = useState<CodeAction | null>(null);
  const [shown, setShown] = useState<CodeAction>('disable');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const reauth = useReauth();

  const open = (next: CodeAction) => {
    setShown(next);
    setAction(next);
  };
  const close = () => setAction(null);

  const sendCode = (code: string) =>
    reauth.run(async () => {
      if (shown === 'disable') {
        await disable.mutateAsync({ code });
        notifySuccess(t('account.totp.disabled'));
      } else {
        setNewCodes((await renew.mutateAsync({ code })).recoveryCodes);
      }
      close();
    });

  const data = status.data;
  // Turned on, its recovery codes still on screen: the status is fetched again only at Done.
  const [justEnabled, setJustEnabled] = useState(false);
  const enabled = data?.enabled === true || justEnabled;
  return (
    <>
      <PageHeader title={t('account.totp.title')} description={t('account.totp.description')} />
      <Card withBorder radius="md" padding="lg" maw={760}>
        {status.isPending ? (
          <LoadingFields rows={2} />
        ) : status.isError || !data ? (
          <ErrorBanner>{errorMessage(status.error)}</ErrorBanner>
        ) : (
          <Stack gap="lg">
            <Group gap="sm">
              <Text fw={600}>{t('account.totp.status')}</Text>
              <Badge
                color={enabled ? 'teal' : 'gray'}
                variant="light"
                leftSection={enabled ? <IconShieldCheck size={14} aria-hidden /> : null}
                data-testid="totp-status"
              >
                {enabled ? t('account.totp.on') : t('account.totp.off')}
              </Badge>
              {data.required ? (
                <Badge color="orange" variant="outline">
                  {t('account.totp.required')}
                </Badge>
              ) : null}
            </Group>
            {data.enabled ? (
              <>
                <Text size="sm" data-testid="recovery-left">
                  {t('account.totp.codesLeft', { count: data.recoveryCodesLeft })}
                </Text>
                {data.recoveryCodesLeft <= 3 ? (
                  <Alert color="orange" variant="light">
                    {t('account.totp.codesLow')}
                  </Alert>
                ) : null}
                <Group gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconKey size={16} aria-hidden />}
                    onClick={() => open('codes')}
                  >
                    {t('account.totp.newCodes')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconShieldOff size={16} aria-hidden />}
                    onClick={() => open('disable')}
                  >
                    {t('account.totp.disable')}
                  </Button>
                </Group>
              </>
            ) : (
              <TotpEnrolment
                onEnabled={() => setJustEnabled(true)}
                onDone={() => void status.refetch().then(() => setJustEnabled(false))}
              />
            )}
          </Stack>
        )}
      </Card>

      <Modal.Stack>
        <FormDialog
          opened={action !== null}
          onClose={close}
          stackId="totp-code"
          title={shown === 'disable' ? t('account.totp.disable') : t('account.totp.newCodes')}
          size="sm"
          schema={totpCodeBodySchema}
          initialValues={{ code: '' }}
          submitLabel={
            shown === 'disable' ? t('account.totp.disableSubmit') : t('account.totp.newCodesSubmit')
          }
          onSubmit={({ code }) => sendCode(code)}
        >
          {(form) => (
            <>
              <Text size="sm">
                {shown === 'disable' ? t('account.totp.disableMessage') : t('account.totp.newCodesMessage')}
              </Text>
              {shown === 'disable' && data?.required ? (
                <Alert color="orange" variant="light">
                  {t('account.totp.disableRequired')}
                </Alert>
              ) : null}
              <TextInput
                label={t('account.totp.codeOrRecovery')}
                {...oneTimeCodeField(form.field('code'))}
                autoComplete="one-time-code"
                maxLength={32}
                data-autofocus
              />
            </>
          )}
        </FormDialog>
        <ReauthDialog stackId="totp-code-reauth" {...reauth.dialog} />
      </Modal.Stack>

      <Modal
        opened={newCodes !== null}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        title={t('account.recovery.title')}
        size="lg"
      >
        {newCodes ? (
          <RecoveryCodes codes={newCodes} username={self.username} onDone={() => setNewCodes(null)} />
        ) : null}
      </Modal>
    </>
  );
}
