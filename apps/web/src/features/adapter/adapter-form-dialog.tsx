import { Avatar, SimpleGrid, TextInput } from '@mantine/core';
import { type Adapter, type AdapterCreate, adapterSchema, adapterTypes, api } from '@sapi/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ChoiceField } from '../../components/form-fields';

/** Codes typed in a fixed-width font (only the input: labels and hints stay in the Thai font). */
const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * Editing checks the update body, whose rules leave out the name (read-only once created, and ignored
 * if sent); the name is carried along as any text so both bodies have one shape.
 */
const updateSchema = api.adapterUpdate.body.extend({ name: adapterSchema.shape.name });

interface AdapterFormDialogProps extends DialogState {
  /** null: "Add game"; otherwise the provider being edited (its name is read-only). */
  adapter: Adapter | null;
  onSubmit: (values: AdapterCreate) => Promise<unknown>;
}

/** "Add game" and edit: name, code, endpoint, type, logo. */
export function AdapterFormDialog({ adapter, onSubmit, ...dialog }: AdapterFormDialogProps) {
  const { t } = useTranslation();
  const editing = adapter !== null;
  return (
    <FormDialog
      {...dialog}
      title={editing ? t('adapter.editTitle') : t('adapter.createTitle')}
      size="lg"
      schema={editing ? updateSchema : api.adapterCreate.body}
      initialValues={
        adapter
          ? {
              name: adapter.name,
              codename: adapter.codename,
              endpoint: adapter.endpoint,
              type: adapter.type,
              logo: adapter.logo,
            }
          : { name: '', codename: '', endpoint: '', type: 'SLOT', logo: '' }
      }
      onSubmit={onSubmit}
    >
      {(form) => {
        const logo = form.values.logo.trim();
        const logoPreview = /^https?:\/\/\S+$/.test(logo) ? logo : null;
        return (
          <>
            <TextInput
              label={t('adapter.fields.name')}
              description={editing ? t('adapter.hints.nameReadOnly') : t('adapter.hints.name')}
              {...form.field('name')}
              readOnly={editing}
              variant={editing ? 'filled' : 'default'}
              autoComplete="off"
              data-autofocus={editing ? undefined : true}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('adapter.fields.codename')}
                description={t('adapter.hints.codename')}
                {...form.field('codename')}
                autoComplete="off"
                spellCheck={false}
                styles={monoInput}
                data-autofocus={editing ? true : undefined}
              />
              <ChoiceField
                label={t('adapter.fields.type')}
                description="SLOT, LIVE, SPORT, FISHING, TABLE, LOTTO, OTHER"
                data={adapterTypes.map((value) => ({
                  value,
                  label: `${value} · ${t(`adapter.types.${value}`)}`,
                }))}
                {...form.field('type')}
              />
            </SimpleGrid>
            <TextInput
              label={t('adapter.fields.endpoint')}
              description={t('adapter.hints.endpoint')}
              placeholder="https://"
              {...form.field('endpoint')}
              autoComplete="off"
              spellCheck={false}
              type="url"
            />
            <TextInput
              label={t('adapter.fields.logo')}
              description={t('adapter.hints.logo')}
              placeholder="https://"
              {...form.field('logo')}
              autoComplete="off"
              spellCheck={false}
              type="url"
              leftSection={
                <Avatar src={logoPreview} size={22} radius="sm" alt="" color="indigo">
                  <IconPhoto size={14} aria-hidden />
                </Avatar>
              }
            />
          </>
        );
      }}
    </FormDialog>
  );
}
