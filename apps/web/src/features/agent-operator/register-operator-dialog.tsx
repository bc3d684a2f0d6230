import { TextInput } from '@mantine/core';
import { type AgentOperatorRegister, type AgentPick, api, type OperatorType } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/form-fields';
import { OperatorAccess } from './operator-fields';

interface RegisterOperatorDialogProps extends DialogState {
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  /** The agent side's own agent: the only one it registers operators for (docs/design.md §16). */
  ownAgent?: AgentPick | null;
  /** The types the caller may give (default every one). */
  types?: readonly OperatorType[];
  onSubmit: (values: AgentOperatorRegister) => Promise<unknown>;
}

/** ADD: agent (picker), username, password, type, locked (docs/spec.md §7 agent-operator/register). */
export function RegisterOperatorDialog({
  defaultAgent,
  ownAgent = null,
  types,
  onSubmit,
  ...dialog
}: RegisterOperatorDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t('agentOperator.createTitle')}
      schema={api.agentOperatorRegister.body}
      initialValues={{
        agent: ownAgent?._id ?? defaultAgent,
        username: '',
        password: '',
        type: 'OPERATOR',
        locked: false,
      }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <AgentPicker
            label={t('agentOperator.fields.agent')}
            {...form.field('agent')}
            known={ownAgent}
            disabled={ownAgent !== null}
            required
            autoFocus={ownAgent === null}
          />
          <TextInput
            label={t('agentOperator.fields.username')}
            description={t('agentOperator.usernameHint')}
            {...form.field('username')}
            required
            autoComplete="off"
          />
          <PasswordField
            label={t('agentOperator.fields.password')}
            description={t('agentOperator.passwordHint')}
            {...form.field('password')}
            required
          />
          <OperatorAccess type={form.field('type')} locked={form.field('locked', 'checkbox')} types={types} />
        </>
      )}
    </FormDialog>
  );
}
