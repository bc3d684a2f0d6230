import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Admin, AdminType } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';

interface EditAdminDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  admin: Admin | null;
  types: readonly AdminType[];
  error: string | null;
  busy: boolean;
  onSubmit: (type: AdminType) => void;
}

/** Edit an admin: only the type changes (spec §3); sent after re-authentication. */
export function EditAdminDialog({
  opened,
  onClose,
  stackId,
  admin,
  types,
  error,
  busy,
  onSubmit,
}: EditAdminDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<AdminType | null>(admin?.type ?? null);

  useEffect(() => {
    if (opened) setType(admin?.type ?? null);
  }, [opened, admin]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (type) onSubmit(type);
  };

  const options = admin && !types.includes(admin.type) ? [admin.type, ...types] : types;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      stackId={stackId}
      title={t('admin.editTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <TextInput
            label={t('admin.fields.username')}
            value={admin?.username ?? ''}
            readOnly
            variant="filled"
          />
          <Select
            label={t('admin.fields.type')}
            data={options.map((value) => ({ value, label: value }))}
            value={type}
            onChange={(value) => value && setType(value as AdminType)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!type || type === admin?.type}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
