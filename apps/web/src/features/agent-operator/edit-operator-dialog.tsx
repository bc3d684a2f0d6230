import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  type AgentOperator,
  type AgentOperatorUpdate,
  type OperatorType,
  operatorTypes,
} from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { ErrorBanner } from '../../components/error-banner';

interface EditOperatorDialogProps {
  opened: boolean;
  onClose: () => void;
  operator: AgentOperator | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: AgentOperatorUpdate) => void;
}

/** Edit an operator: type, locked and (optionally) a new password; agent and username are fixed. */
export function EditOperatorDialog({
  opened,
  onClose,
  operator,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: EditOperatorDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<OperatorType>(operator?.type ?? 'OPERATOR');
  const [locked, setLocked] = useState(operator?.locked ?? false);
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (opened && operator) {
      setType(operator.type);
      setLocked(operator.locked);
      setPassword('');
    }
  }, [opened, operator]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ type, locked, ...(password ? { password } : {}) });
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t('agentOperator.editTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
          <TextInput
            label={t('agentOperator.fields.agent')}
            value={
              operator ? agentLabel({ username: operator.agentUsername, prefix: operator.agentPrefix }) : ''
            }
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('agentOperator.fields.username')}
            value={operator?.username ?? ''}
            readOnly
            variant="filled"
          />
          <Select
            label={t('agentOperator.fields.type')}
            data={operatorTypes.map((value) => ({ value, label: t(`agentOperator.types.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as OperatorType)}
            allowDeselect={false}
            error={fieldErrors.type}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Switch
            label={t('agentOperator.fields.lockedSwitch')}
            checked={locked}
            onChange={(e) => setLocked(e.currentTarget.checked)}
            color="red"
          />
          <PasswordInput
            label={t('agentOperator.fields.newPassword')}
            description={t('agentOperator.newPasswordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
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
