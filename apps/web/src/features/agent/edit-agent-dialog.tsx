import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Agent, AgentType } from '@sapi/contract';
import { agentTypes } from '@sapi/contract';
import { IconAlertTriangle, IconKey, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/error-banner';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { agentDetailQuery, useRotateSecret, useUpdateAgent } from './api';
import { CopyField } from './copy-field';
import { GamesSelect } from './games-select';

interface EditAgentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The row clicked; the dialog fetches the full record (with credentials) itself. */
  agent: Agent | null;
  /** Roles that may edit agents; the others get a read-only view without the secret. */
  canEdit: boolean;
}

const order: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * Edit an agent: endpoint, games and agent type change; prefix, code and the keys are read-only with
 * copy buttons; "rotate secret" issues a new secret after a confirm step and shows it.
 */
export function EditAgentDialog({ opened, onClose, agent, canEdit }: EditAgentDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateAgent();
  const rotate = useRotateSecret();
  const busy = update.isPending || rotate.isPending;
  const title = agent ? t(canEdit ? 'agent.editTitle' : 'agent.viewTitle', { username: agent.username }) : '';
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} size="xl">
      {agent ? (
        <EditAgentBody
          key={agent._id}
          id={agent._id}
          canEdit={canEdit}
          update={update}
          rotate={rotate}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

interface EditAgentBodyProps {
  id: string;
  canEdit: boolean;
  update: ReturnType<typeof useUpdateAgent>;
  rotate: ReturnType<typeof useRotateSecret>;
  onClose: () => void;
}

/** Mounted while the dialog is open: reads the record afresh at every opening. */
function EditAgentBody({ id, canEdit, update, rotate, onClose }: EditAgentBodyProps) {
  const { t } = useTranslation();
  // Not kept once the dialog closes (gcTime 0): the next opening fetches again.
  const detail = useQuery({ ...agentDetailQuery(id), gcTime: 0 });
  const record = detail.data;

  const [form, setForm] = useState<{ endpoint: string; games: string[]; agentType: AgentType } | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [rotated, setRotated] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (record && !form) {
      setForm({ endpoint: record.endpoint, games: record.games, agentType: record.agentType });
    }
  }, [record, form]);
  useEffect(() => {
    if (confirmRotate) confirmRef.current?.focus();
  }, [confirmRotate]);

  const busy = update.isPending || rotate.isPending;
  const errors = fieldErrors(formError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!record || !form) return;
    setFormError(null);
    try {
      const saved = await update.mutateAsync({
        id: record._id,
        body: { endpoint: form.endpoint.trim(), games: form.games, agentType: form.agentType },
      });
      notifySuccess(t('agent.toast.updated', { username: saved.username }));
      onClose();
    } catch (err) {
      setFormError(err);
    }
  };

  const doRotate = async () => {
    if (!record) return;
    setFormError(null);
    try {
      const next = await rotate.mutateAsync(record._id);
      notifySuccess(t('agent.toast.rotated', { username: next.username }));
      setRotated(true);
    } catch (err) {
      setFormError(err);
    } finally {
      setConfirmRotate(false);
    }
  };

  if (!record || !form) {
    return detail.isError ? (
      <ErrorBanner>{errorMessage(detail.error)}</ErrorBanner>
    ) : (
      <Stack gap="sm" role="status" aria-live="polite">
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <ErrorBanner>{formError ? errorMessage(formError) : null}</ErrorBanner>
        <TextInput
          label={t('agent.fields.endpoint')}
          description={canEdit ? t('agent.hints.endpoint') : undefined}
          inputWrapperOrder={order}
          placeholder="https://"
          value={form.endpoint}
          onChange={(e) => setForm({ ...form, endpoint: e.currentTarget.value })}
          readOnly={!canEdit}
          variant={canEdit ? 'default' : 'filled'}
          error={errors.endpoint}
          autoComplete="off"
          spellCheck={false}
          type="url"
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div style={{ gridColumn: 'span 2' }}>
            <GamesSelect
              value={form.games}
              onChange={(games) => setForm({ ...form, games })}
              error={errors.games}
              readOnly={!canEdit}
            />
          </div>
          <Select
            label={t('agent.fields.agentType')}
            inputWrapperOrder={order}
            data={agentTypes.map((value) => ({ value, label: value }))}
            value={form.agentType}
            onChange={(value) => value && setForm({ ...form, agentType: value as AgentType })}
            allowDeselect={false}
            readOnly={!canEdit}
            variant={canEdit ? 'default' : 'filled'}
            error={errors.agentType}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>

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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CopyField label={t('agent.fields.prefix')} value={record.prefix} testId="agent-prefix" />
          <CopyField label={t('agent.fields.code')} value={record.code} testId="agent-code" />
        </SimpleGrid>
        <CopyField label={t('agent.fields.apiKey')} value={record.apiKey} testId="agent-apiKey" />
        {record.secret !== undefined ? (
          <CopyField
            label={t('agent.fields.secret')}
            value={record.secret}
            secret
            revealed={rotated}
            highlight={rotated}
            testId="agent-secret"
          />
        ) : null}
        {record.apiKeyEncoded !== undefined ? (
          <CopyField
            label={t('agent.fields.apiKeyEncoded')}
            value={record.apiKeyEncoded}
            secret
            revealed={rotated}
            highlight={rotated}
            testId="agent-apiKeyEncoded"
          />
        ) : null}

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
                <Button variant="default" size="xs" onClick={() => setConfirmRotate(false)} disabled={busy}>
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

        <Group justify="space-between" gap="sm" mt="xs">
          {canEdit ? (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setConfirmRotate(true)}
              disabled={busy || confirmRotate}
            >
              {t('agent.rotate.button')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {canEdit ? t('common.cancel') : t('common.close')}
            </Button>
            {canEdit ? (
              <Button type="submit" loading={update.isPending} disabled={rotate.isPending}>
                {t('common.save')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
