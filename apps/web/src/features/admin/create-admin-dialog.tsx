import { TextInput } from '@mantine/core';
import { type AdminCreate, type AdminType, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ChoiceField, PasswordField } from '../../components/form-fields';

interface CreateAdminDialogProps extends DialogState {
  /** Types the signed-in role may create (contract `manageableTypes`). */
  types: readonly AdminType[];
  /** Resolves once created, or once a re-authentication the server asked for is given up. */
  onSubmit: (values: AdminCreate) => Promise<unknown>;
}

/** "Add admin": username, password, type. Sent only after re-authentication. */
export function CreateAdminDialog({ types, onSubmit, ...dialog }: CreateAdminDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
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
          <PasswordField
            label={t('admin.fields.password')}
            description={t('admin.passwordHint')}
            {...form.field('password')}
          />
          <ChoiceField label={t('admin.fields.type')} data={[...types]} {...form.field('type')} />
        </>
      )}
    </FormDialog>
  );
}
