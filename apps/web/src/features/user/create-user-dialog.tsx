import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import type { AgentPick, UserCreate } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { ErrorBanner } from '../../components/error-banner';

interface CreateUserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: UserCreate) => void;
}

/** "Add user": agent (picker), username without prefix, bet limit, locked. */
export function CreateUserDialog({
  opened,
  onClose,
  defaultAgent,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: CreateUserDialogProps) {
  const { t } = useTranslation();
  const [agent, setAgent] = useState('');
  const [agentPick, setAgentPick] = useState<AgentPick | null>(null);
  const [username, setUsername] = useState('');
  const [betLimit, setBetLimit] = useState<number | string>(0);
  const [locked, setLocked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      setAgent(defaultAgent);
      setAgentPick(null);
      setUsername('');
      setBetLimit(0);
      setLocked(false);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      agent,
      username: username.trim(),
      betLimit: typeof betLimit === 'number' ? betLimit : Number(betLimit || Number.NaN),
      locked,
    });
  };

  const name = username.trim();
  const usernameDescription =
    agentPick && name
      ? t('user.storedAs', { username: `${agentPick.prefix}${name}` })
      : agent
        ? t('user.usernameHint')
        : t('user.chooseAgentFirst');

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t('user.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <AgentPicker
            label={t('user.fields.agent')}
            value={agent}
            onChange={(id, picked) => {
              setAgent(id);
              setAgentPick(picked);
            }}
            error={fieldErrors.agent}
            required
            autoFocus
            data-testid="user-agent-picker"
          />
          <TextInput
            label={t('user.fields.username')}
            description={usernameDescription}
            leftSection={agentPick ? agentPick.prefix : undefined}
            leftSectionWidth={agentPick ? Math.max(36, agentPick.prefix.length * 10 + 16) : undefined}
            leftSectionProps={{ style: { color: 'var(--mantine-color-dimmed)', fontSize: 14 } }}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={fieldErrors.username}
            required
            autoComplete="off"
          />
          <NumberInput
            label={t('user.fields.betLimit')}
            description={t('user.betLimitHint')}
            value={betLimit}
            onChange={setBetLimit}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            error={fieldErrors.betLimit}
          />
          <Switch
            label={t('user.lockedSwitch')}
            checked={locked}
            onChange={(e) => setLocked(e.currentTarget.checked)}
            color="red"
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
