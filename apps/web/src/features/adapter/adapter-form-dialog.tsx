import { Avatar, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Adapter, type AdapterCreate, type AdapterType, adapterTypes } from '@sapi/contract';
import { IconPhoto } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';

/** Codes typed in a fixed-width font (only the input: labels and hints stay in the Thai font). */
const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface AdapterFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** null: "Add game"; otherwise the provider being edited (its name is read-only). */
  adapter: Adapter | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: AdapterCreate) => void;
}

const blank: AdapterCreate = { name: '', codename: '', endpoint: '', type: 'SLOT', logo: '' };

/** "Add game" and edit: name, code, endpoint, type, logo. No client-side rules: the server's messages show. */
export function AdapterFormDialog({
  opened,
  onClose,
  adapter,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: AdapterFormDialogProps) {
  const { t } = useTranslation();
  const editing = adapter !== null;
  const [values, setValues] = useState<AdapterCreate>(blank);

  useEffect(() => {
    if (!opened) return;
    setValues(
      adapter
        ? {
            name: adapter.name,
            codename: adapter.codename,
            endpoint: adapter.endpoint,
            type: adapter.type,
            logo: adapter.logo,
          }
        : blank,
    );
  }, [opened, adapter]);

  const set = <K extends keyof AdapterCreate>(key: K, value: AdapterCreate[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      name: values.name.trim(),
      codename: values.codename.trim(),
      endpoint: values.endpoint.trim(),
      type: values.type,
      logo: values.logo.trim(),
    });
  };

  const logoPreview = /^https?:\/\/\S+$/.test(values.logo.trim()) ? values.logo.trim() : null;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={editing ? t('adapter.editTitle') : t('adapter.createTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <TextInput
            label={t('adapter.fields.name')}
            description={editing ? t('adapter.hints.nameReadOnly') : t('adapter.hints.name')}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            error={fieldErrors.name}
            autoComplete="off"
            data-autofocus={editing ? undefined : true}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('adapter.fields.codename')}
              description={t('adapter.hints.codename')}
              value={values.codename}
              onChange={(e) => set('codename', e.currentTarget.value)}
              error={fieldErrors.codename}
              autoComplete="off"
              spellCheck={false}
              styles={monoInput}
              data-autofocus={editing ? true : undefined}
            />
            <Select
              label={t('adapter.fields.type')}
              description="SLOT, LIVE, SPORT, FISHING, TABLE, LOTTO, OTHER"
              data={adapterTypes.map((value) => ({
                value,
                label: `${value} · ${t(`adapter.types.${value}`)}`,
              }))}
              value={values.type}
              onChange={(value) => value && set('type', value as AdapterType)}
              allowDeselect={false}
              error={fieldErrors.type}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <TextInput
            label={t('adapter.fields.endpoint')}
            description={t('adapter.hints.endpoint')}
            placeholder="https://"
            value={values.endpoint}
            onChange={(e) => set('endpoint', e.currentTarget.value)}
            error={fieldErrors.endpoint}
            autoComplete="off"
            spellCheck={false}
            type="url"
          />
          <TextInput
            label={t('adapter.fields.logo')}
            description={t('adapter.hints.logo')}
            placeholder="https://"
            value={values.logo}
            onChange={(e) => set('logo', e.currentTarget.value)}
            error={fieldErrors.logo}
            autoComplete="off"
            spellCheck={false}
            type="url"
            leftSection={
              <Avatar src={logoPreview} size={22} radius="sm" alt="" color="indigo">
                <IconPhoto size={14} aria-hidden />
              </Avatar>
            }
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
