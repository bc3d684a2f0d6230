import { Text } from '@mantine/core';
import { passwordChangeFormSchema } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { type ContractForm, type DraftOf, FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/form-fields';
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
 * current password is the action's one password prompt (no separate re-check); the server's
 * refusals (wrong current password, the username, a common password, unchanged) land on the fields.
 * Every other session of the account ends, and the message says so.
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendPasswordChange();

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('account.password.title')}
      size="sm"
      schema={passwordChangeFormSchema}
      initialValues={emptyPasswordChange}
      submitLabel={t('account.password.submit')}
      onSubmit={async (values) => {
        const ended = await send(values);
        onClose();
        notifySuccess(t('account.password.done', { count: ended }));
      }}
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
  );
}
