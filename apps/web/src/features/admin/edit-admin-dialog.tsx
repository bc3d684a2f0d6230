import { Select, TextInput } from '@mantine/core';
import { type Admin, type AdminType, type AdminUpdate, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';

interface EditAdminDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  admin: Admin | null;
  types: readonly AdminType[];
  /** Resolves once saved, or once a re-authentication the server asked for is given up. */
  onSubmit: (values: AdminUpdate) => Promise<unknown>;
}

/** Edit an admin: only the type changes (spec §3); sent after re-authentication. */
export function EditAdminDialog({ opened, onClose, stackId, admin, types, onSubmit }: EditAdminDialogProps) {
  const { t } = useTranslation();
  const options = admin && !types.includes(admin.type) ? [admin.type, ...types] : types;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title={t('admin.editTitle')}
      schema={api.adminUpdate.body}
      initialValues={admin ? { type: admin.type } : null}
      canSubmit={(values) => values.type !== admin?.type}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <TextInput
            label={t('admin.fields.username')}
            value={admin?.username ?? ''}
            readOnly
            variant="filled"
          />
          <Select
            label={t('admin.fields.type')}
            data={options.map((value) => ({ value, label: value }))}
            {...form.field('type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
