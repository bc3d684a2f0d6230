import { PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { type AgentOperator, type AgentOperatorUpdate, api, operatorTypes } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { FormDialog } from '../../components/form-dialog';

interface EditOperatorDialogProps {
  opened: boolean;
  onClose: () => void;
  operator: AgentOperator | null;
  onSubmit: (values: AgentOperatorUpdate) => Promise<unknown>;
}

/** Edit an operator: type, locked and (optionally) a new password; agent and username are fixed. */
export function EditOperatorDialog({ opened, onClose, operator, onSubmit }: EditOperatorDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('agentOperator.editTitle')}
      schema={api.agentOperatorUpdate.body}
      // A blank password keeps the current one (the contract allows '').
      initialValues={operator ? { type: operator.type, locked: operator.locked, password: '' } : null}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
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
            {...form.field('type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Switch
            label={t('agentOperator.fields.lockedSwitch')}
            {...form.field('locked', 'checkbox')}
            color="red"
          />
          <PasswordInput
            label={t('agentOperator.fields.newPassword')}
            description={t('agentOperator.newPasswordHint')}
            {...form.field('password')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        </>
      )}
    </FormDialog>
  );
}
