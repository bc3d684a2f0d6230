import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { type AgentOperatorRegister, type OperatorType, operatorTypes } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { ErrorBanner } from '../../components/error-banner';

interface RegisterOperatorDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: AgentOperatorRegister) => void;
}

const DEFAULT_TYPE: OperatorType = 'OPERATOR';

/** ADD: agent (picker), username, password, type, locked (spec §7 agent-operator/register). */
export function RegisterOperatorDialog({
  opened,
  onClose,
  defaultAgent,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: RegisterOperatorDialogProps) {
  const { t } = useTranslation();
  const [agent, setAgent] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [type, setType] = useState<OperatorType>(DEFAULT_TYPE);
  const [locked, setLocked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      setAgent(defaultAgent);
      setUsername('');
      setPassword('');
      setType(DEFAULT_TYPE);
      setLocked(false);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ agent, username: username.trim(), password, type, locked });
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t('agentOperator.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <AgentPicker
            label={t('agentOperator.fields.agent')}
            value={agent}
            onChange={(id) => setAgent(id)}
            error={fieldErrors.agent}
            required
            autoFocus
          />
          <TextInput
            label={t('agentOperator.fields.username')}
            description={t('agentOperator.usernameHint')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={fieldErrors.username}
            required
            autoComplete="off"
          />
          <PasswordInput
            label={t('agentOperator.fields.password')}
            description={t('agentOperator.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
          <Select
            label={t('agentOperator.fields.type')}
            data={operatorTypes.map((value) => ({ value, label: t(`agentOperator.types.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as OperatorType)}
            allowDeselect={false}
            error={fieldErrors.type}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label={t('agentOperator.fields.lockedSwitch')}
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
