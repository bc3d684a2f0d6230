import { PasswordInput, Select, TextInput } from '@mantine/core';
import { type AdminCreate, type AdminType, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';

interface CreateAdminDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  /** Types the signed-in role may create (contract `manageableTypes`). */
  types: readonly AdminType[];
  /** Resolves once created, or once a re-authentication the server asked for is given up. */
  onSubmit: (values: AdminCreate) => Promise<unknown>;
}

/** "Add admin": username, password, type. Sent only after re-authentication. */
export function CreateAdminDialog({ opened, onClose, stackId, types, onSubmit }: CreateAdminDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title={t('admin.createTitle')}
      schema={api.adminCreate.body}
      initialValues={{ username: '', password: '', type: types[types.length - 1] ?? 'REPORTER' }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <TextInput
            label={t('admin.fields.username')}
            description={t('admin.usernameHint')}
            {...form.field('username')}
            autoComplete="off"
            data-autofocus
          />
          <PasswordInput
            label={t('admin.fields.password')}
            description={t('admin.passwordHint')}
            {...form.field('password')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
          <Select
            label={t('admin.fields.type')}
            data={types.map((value) => ({ value, label: value }))}
            {...form.field('type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
    </FormDialog>
  );
}
