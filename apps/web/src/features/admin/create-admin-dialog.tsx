import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { AdminCreate, AdminType } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';

interface CreateAdminDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  /** Types the signed-in role may create (contract `manageableTypes`). */
  types: readonly AdminType[];
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: AdminCreate) => void;
}

/** "Add admin": username, password, type. Sent only after re-authentication. */
export function CreateAdminDialog({
  opened,
  onClose,
  stackId,
  types,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: CreateAdminDialogProps) {
  const { t } = useTranslation();
  const defaultType = types[types.length - 1] ?? 'REPORTER';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [type, setType] = useState<AdminType>(defaultType);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      setUsername('');
      setPassword('');
      setType(defaultType);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ username: username.trim(), password, type });
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      stackId={stackId}
      title={t('admin.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <TextInput
            label={t('admin.fields.username')}
            description={t('admin.usernameHint')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={fieldErrors.username}
            autoComplete="off"
            data-autofocus
          />
          <PasswordInput
            label={t('admin.fields.password')}
            description={t('admin.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
          <Select
            label={t('admin.fields.type')}
            data={types.map((value) => ({ value, label: value }))}
            value={type}
            onChange={(value) => value && setType(value as AdminType)}
            allowDeselect={false}
            error={fieldErrors.type}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
