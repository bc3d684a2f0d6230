import { type AgentOperator, type AgentOperatorUpdate, api, type OperatorType } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { PasswordField, ReadOnlyField } from '../../components/form-fields';
import { OperatorAccess } from './operator-fields';

interface EditOperatorDialogProps extends DialogState {
  operator: AgentOperator | null;
  onSubmit: (values: AgentOperatorUpdate) => Promise<unknown>;
  /** The types the caller may give (default every one). */
  types?: readonly OperatorType[];
}

/** Edit an operator: type, locked and (optionally) a new password; agent and username are fixed. */
export function EditOperatorDialog({ operator, onSubmit, types, ...dialog }: EditOperatorDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t('agentOperator.editTitle')}
      schema={api.agentOperatorUpdate.body}
      // A blank password keeps the current one (the contract allows '').
      initialValues={operator ? { type: operator.type, locked: operator.locked, password: '' } : null}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <ReadOnlyField
            label={t('agentOperator.fields.agent')}
            value={
              operator ? agentLabel({ username: operator.agentUsername, prefix: operator.agentPrefix }) : ''
            }
          />
          <ReadOnlyField label={t('agentOperator.fields.username')} value={operator?.username ?? ''} />
          <OperatorAccess
            type={form.field('type')}
            locked={form.field('locked', 'checkbox')}
            types={types}
            autoFocus
          />
          <PasswordField
            label={t('agentOperator.fields.newPassword')}
            description={t('agentOperator.newPasswordHint')}
            {...form.field('password')}
          />
        </>
      )}
    </FormDialog>
  );
}
