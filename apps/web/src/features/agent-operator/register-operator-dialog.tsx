import { PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { type AgentOperatorRegister, api, operatorTypes } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { FormDialog } from '../../components/form-dialog';

interface RegisterOperatorDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  onSubmit: (values: AgentOperatorRegister) => Promise<unknown>;
}

/** ADD: agent (picker), username, password, type, locked (spec §7 agent-operator/register). */
export function RegisterOperatorDialog({
  opened,
  onClose,
  defaultAgent,
  onSubmit,
}: RegisterOperatorDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('agentOperator.createTitle')}
      schema={api.agentOperatorRegister.body}
      initialValues={{ agent: defaultAgent, username: '', password: '', type: 'OPERATOR', locked: false }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <AgentPicker label={t('agentOperator.fields.agent')} {...form.field('agent')} required autoFocus />
          <TextInput
            label={t('agentOperator.fields.username')}
            description={t('agentOperator.usernameHint')}
            {...form.field('username')}
            required
            autoComplete="off"
          />
          <PasswordInput
            label={t('agentOperator.fields.password')}
            description={t('agentOperator.passwordHint')}
            {...form.field('password')}
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
          <Select
            label={t('agentOperator.fields.type')}
            data={operatorTypes.map((value) => ({ value, label: t(`agentOperator.types.${value}`) }))}
            {...form.field('type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label={t('agentOperator.fields.lockedSwitch')}
            {...form.field('locked', 'checkbox')}
            color="red"
          />
        </>
      )}
    </FormDialog>
  );
}
