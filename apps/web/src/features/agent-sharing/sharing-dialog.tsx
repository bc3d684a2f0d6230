import { Button, Group, Modal, NumberInput, Stack, Switch } from '@mantine/core';
import type { AgentSharing, AgentSharingCreate } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { ErrorBanner } from '../../components/error-banner';

interface SharingDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The arrangement to edit; null creates one. */
  sharing: AgentSharing | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  /** `isDisable` is only sent on create. */
  onSubmit: (values: AgentSharingCreate) => void;
}

const toNumber = (value: number | string): number =>
  typeof value === 'number' ? value : Number(value === '' ? Number.NaN : value);

/**
 * Create or edit an arrangement: agent and parent chosen with the agent picker, the parent's percentage
 * (0..100, 2 decimals) and, on create, whether it starts disabled. The server checks the rules.
 */
export function SharingDialog({
  opened,
  onClose,
  sharing,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: SharingDialogProps) {
  const { t } = useTranslation();
  const [agent, setAgent] = useState('');
  const [parentAgent, setParentAgent] = useState('');
  const [percentage, setPercentage] = useState<number | string>('');
  const [isDisable, setIsDisable] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setAgent(sharing?.agent ?? '');
    setParentAgent(sharing?.parentAgent ?? '');
    setPercentage(sharing?.parentPercentage ?? '');
    setIsDisable(false);
  }, [opened, sharing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ agent, parentAgent, parentPercentage: toNumber(percentage), isDisable });
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={sharing ? t('agentSharing.editTitle') : t('agentSharing.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <AgentPicker
            label={t('agentSharing.fields.agent')}
            value={agent}
            onChange={(id) => setAgent(id)}
            known={
              sharing
                ? { _id: sharing.agent, username: sharing.agentUsername, prefix: sharing.agentPrefix }
                : null
            }
            error={fieldErrors.agent}
            required
            autoFocus
          />
          <AgentPicker
            label={t('agentSharing.fields.parentAgent')}
            value={parentAgent}
            onChange={(id) => setParentAgent(id)}
            known={
              sharing
                ? {
                    _id: sharing.parentAgent,
                    username: sharing.parentAgentUsername,
                    prefix: sharing.parentAgentPrefix,
                  }
                : null
            }
            error={fieldErrors.parentAgent}
            required
          />
          <NumberInput
            label={t('agentSharing.fields.parentPercentage')}
            description={t('agentSharing.percentageHint')}
            value={percentage}
            onChange={setPercentage}
            min={0}
            max={100}
            step={0.01}
            decimalScale={2}
            suffix=" %"
            clampBehavior="strict"
            error={fieldErrors.parentPercentage}
            required
          />
          {sharing ? null : (
            <Switch
              label={t('agentSharing.fields.createDisabled')}
              checked={isDisable}
              onChange={(e) => setIsDisable(e.currentTarget.checked)}
            />
          )}
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
