import { type Admin, type AdminType, type AdminUpdate, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ChoiceField, ReadOnlyField } from '../../components/form-fields';

interface EditAdminDialogProps extends DialogState {
  admin: Admin | null;
  types: readonly AdminType[];
  /** Resolves once saved, or once a re-authentication the server asked for is given up. */
  onSubmit: (values: AdminUpdate) => Promise<unknown>;
}

/** Edit an admin: only the type changes (docs/spec.md §3); sent after re-authentication. */
export function EditAdminDialog({ admin, types, onSubmit, ...dialog }: EditAdminDialogProps) {
  const { t } = useTranslation();
  const options = admin && !types.includes(admin.type) ? [admin.type, ...types] : types;
  return (
    <FormDialog
      {...dialog}
      title={t('admin.editTitle')}
      schema={api.adminUpdate.body}
      initialValues={admin ? { type: admin.type } : null}
      canSubmit={(values) => values.type !== admin?.type}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <ReadOnlyField label={t('admin.fields.username')} value={admin?.username ?? ''} />
          <ChoiceField
            label={t('admin.fields.type')}
            data={[...options]}
            {...form.field('type')}
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
