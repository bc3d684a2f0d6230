import { Modal, Text } from '@mantine/core';
import { passwordChangeFormSchema } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { type ContractForm, type DraftOf, FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/form-fields';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { notifySuccess } from '../../lib/notify';
import { useChangePassword } from './api';

export type PasswordChangeDraft = DraftOf<typeof passwordChangeFormSchema>;
export const emptyPasswordChange: PasswordChangeDraft = {
  currentPassword: '',
  newPassword: '',
  repeatPassword: '',
};

/** Current password, new, and the new one again; `currentLabel` names a temporary one. */
export function PasswordChangeFields({
  form,
  currentLabel,
}: {
  form: ContractForm<PasswordChangeDraft>;
  currentLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={currentLabel ?? t('account.password.current')}
        {...form.field('currentPassword')}
        autoComplete="current-password"
        data-autofocus
      />
      <PasswordField
        label={t('account.password.new')}
        description={t('account.password.hint')}
        {...form.field('newPassword')}
      />
      <PasswordField label={t('account.password.repeat')} {...form.field('repeatPassword')} />
    </>
  );
}

/** Send a change; the answer is how many other sessions ended. */
export const useSendPasswordChange = () => {
  const change = useChangePassword();
  return async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
    (await change.mutateAsync({ currentPassword, newPassword })).ended;
};

/**
 * Change password from the user menu (docs/design.md §13): the current password and the new one twice. The
 * server may first ask for a password re-check (3005, the shared re-authentication dialog); its
 * refusals (wrong current password, the username, a common password, unchanged) land on the fields.
 * Every other session of the account ends, and the message says so.
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendPasswordChange();
  const reauth = useReauth();

  return (
    <Modal.Stack>
      <FormDialog
        opened={opened}
        onClose={onClose}
        stackId="change-password"
        title={t('account.password.title')}
        size="sm"
        schema={passwordChangeFormSchema}
        initialValues={emptyPasswordChange}
        submitLabel={t('account.password.submit')}
        onSubmit={(values) =>
          reauth.run(async () => {
            const ended = await send(values);
            onClose();
            notifySuccess(t('account.password.done', { count: ended }));
          })
        }
      >
        {(form) => (
          <>
            <Text size="sm" c="dimmed">
              {t('account.password.otherSessions')}
            </Text>
            <PasswordChangeFields form={form} />
          </>
        )}
      </FormDialog>
      <ReauthDialog stackId="change-password-reauth" {...reauth.dialog} />
    </Modal.Stack>
  );
}
