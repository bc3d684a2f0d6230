import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Agent, agentTypes, api } from '@sapi/contract';
import { IconAlertTriangle, IconKey, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ChoiceField, LoadingFields } from '../../components/form-fields';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { agentDetailQuery, useRotateSecret, useUpdateAgent } from './api';
import { CopyField } from './copy-field';
import { GamesSelect } from './games-select';

interface EditAgentDialogProps extends DialogState {
  /** The row clicked: its endpoint, games and type start the form; the credentials are fetched. */
  agent: Agent | null;
  /** Roles that may edit agents; the others get a read-only view without the secret. */
  canEdit: boolean;
  /** May rotate this agent's secret here (default: `canEdit`). */
  canRotate?: boolean;
}

const order: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** Shown masked, revealed once a new secret was issued in this dialog. */
const secrets = ['secret', 'apiKeyEncoded'] as const;

/**
 * Edit an agent: endpoint, games and agent type change; prefix, code and the keys are read-only with
 * copy buttons; "rotate secret" issues a new secret after a confirm step and shows it.
 */
export function EditAgentDialog({ agent, canEdit, canRotate = canEdit, ...dialog }: EditAgentDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateAgent();
  const rotate = useRotateSecret();
  const title = agent ? t(canEdit ? 'agent.editTitle' : 'agent.viewTitle', { username: agent.username }) : '';
  return (
    <FormDialog
      {...dialog}
      title={title}
      size="xl"
      schema={api.agentUpdate.body}
      initialValues={
        agent ? { endpoint: agent.endpoint, games: agent.games, agentType: agent.agentType } : null
      }
      onSubmit={async (body) => {
        if (!agent) return;
        const saved = await update.mutateAsync({ id: agent._id, body });
        notifySuccess(t('agent.toast.updated', { username: saved.username }));
        dialog.onClose();
      }}
      readOnly={!canEdit}
      busy={rotate.isPending}
    >
      {(form) => (
        <>
          <TextInput
            label={t('agent.fields.endpoint')}
            description={canEdit ? t('agent.hints.endpoint') : undefined}
            inputWrapperOrder={order}
            placeholder="https://"
            {...form.field('endpoint')}
            readOnly={!canEdit}
            variant={canEdit ? 'default' : 'filled'}
            autoComplete="off"
            spellCheck={false}
            type="url"
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <div style={{ gridColumn: 'span 2' }}>
              <GamesSelect {...form.field('games')} readOnly={!canEdit} />
            </div>
            <ChoiceField
              label={t('agent.fields.agentType')}
              inputWrapperOrder={order}
              data={[...agentTypes]}
              {...form.field('agentType')}
              readOnly={!canEdit}
              variant={canEdit ? 'default' : 'filled'}
            />
          </SimpleGrid>
          {agent ? <Credentials id={agent._id} canEdit={canRotate} rotate={rotate} /> : null}
        </>
      )}
    </FormDialog>
  );
}

interface CredentialsProps {
  id: string;
  canEdit: boolean;
  rotate: ReturnType<typeof useRotateSecret>;
}

/** Mounted while the dialog is open, so the credentials are read afresh at every opening. */
function Credentials({ id, canEdit, rotate }: CredentialsProps) {
  const { t } = useTranslation();
  // Not kept once the dialog closes (gcTime 0): the next opening fetches again.
  const detail = useQuery({ ...agentDetailQuery(id), gcTime: 0 });
  const record = detail.data;
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [rotated, setRotated] = useState(false);
  const [rotateError, setRotateError] = useState<unknown>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirmRotate) confirmRef.current?.focus();
  }, [confirmRotate]);

  const doRotate = async () => {
    setRotateError(null);
    try {
      const next = await rotate.mutateAsync(id);
      notifySuccess(t('agent.toast.rotated', { username: next.username }));
      setRotated(true);
    } catch (err) {
      setRotateError(err);
    } finally {
      setConfirmRotate(false);
    }
  };

  const heading = (
    <>
      <Divider
        label={
          <Group gap={6}>
            <IconKey size={14} aria-hidden />
            {t('agent.sections.credentials')}
          </Group>
        }
        labelPosition="left"
      />
      <Text size="xs" c="dimmed" mt={-8}>
        {t('agent.hints.readOnly')}
      </Text>
    </>
  );

  if (!record) {
    return (
      <>
        {heading}
        {detail.isError ? (
          <ErrorBanner>{errorMessage(detail.error)}</ErrorBanner>
        ) : (
          <LoadingFields rows={2} />
        )}
      </>
    );
  }

  return (
    <>
      {heading}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CopyField label={t('agent.fields.prefix')} value={record.prefix} testId="agent-prefix" />
        <CopyField label={t('agent.fields.code')} value={record.code} testId="agent-code" />
      </SimpleGrid>
      <CopyField label={t('agent.fields.apiKey')} value={record.apiKey} testId="agent-apiKey" />
      {secrets.map((key) => {
        const value = record[key];
        return value === undefined ? null : (
          <CopyField
            key={key}
            label={t(`agent.fields.${key}`)}
            value={value}
            secret
            revealed={rotated}
            highlight={rotated}
            testId={`agent-${key}`}
          />
        );
      })}

      <ErrorBanner>{rotateError ? errorMessage(rotateError) : null}</ErrorBanner>
      {rotated ? (
        <Alert color="teal" variant="light" icon={<IconKey aria-hidden />} data-testid="rotate-done">
          {t('agent.rotate.done')}
        </Alert>
      ) : null}

      {canEdit && confirmRotate ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('agent.rotate.title')}
          data-testid="rotate-confirm"
        >
          <Stack gap="sm">
            <Text size="sm">{t('agent.rotate.message', { username: record.username })}</Text>
            <Group gap="sm" justify="flex-end">
              <Button
                variant="default"
                size="xs"
                onClick={() => setConfirmRotate(false)}
                disabled={rotate.isPending}
              >
                {t('common.cancel')}
              </Button>
              <Button
                ref={confirmRef}
                color="red"
                size="xs"
                loading={rotate.isPending}
                onClick={() => void doRotate()}
              >
                {t('agent.rotate.confirm')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {canEdit && !confirmRotate ? (
        <Group justify="flex-start">
          <Button
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setConfirmRotate(true)}
            disabled={rotate.isPending}
          >
            {t('agent.rotate.button')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
