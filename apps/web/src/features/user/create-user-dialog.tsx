import { TextInput } from '@mantine/core';
import { type AgentPick, api, type UserCreate } from '@sapi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { PlayerLimits } from './player-limits';

interface CreateUserDialogProps extends DialogState {
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  onSubmit: (values: UserCreate) => Promise<unknown>;
}

/** "Add user": agent (picker), username without prefix, bet limit, locked. */
export function CreateUserDialog({ defaultAgent, onSubmit, ...dialog }: CreateUserDialogProps) {
  const { t } = useTranslation();
  // The picked agent's prefix, shown before the name; the form keeps only its id.
  const [agentPick, setAgentPick] = useState<AgentPick | null>(null);
  const close = () => {
    setAgentPick(null);
    dialog.onClose();
  };

  return (
    <FormDialog
      {...dialog}
      onClose={close}
      title={t('user.createTitle')}
      schema={api.userCreate.body}
      initialValues={{ agent: defaultAgent, username: '', betLimit: 0, locked: false }}
      onSubmit={onSubmit}
    >
      {(form) => {
        const agent = form.field('agent');
        const name = form.values.username;
        const prefix = agentPick && agentPick._id === form.values.agent ? agentPick.prefix : null;
        let usernameHint: string = t('user.chooseAgentFirst');
        if (prefix !== null && name) usernameHint = t('user.storedAs', { username: `${prefix}${name}` });
        else if (form.values.agent) usernameHint = t('user.usernameHint');
        return (
          <>
            <AgentPicker
              label={t('user.fields.agent')}
              {...agent}
              onChange={(id, picked) => {
                setAgentPick(picked);
                agent.onChange(id);
              }}
              required
              autoFocus
              data-testid="user-agent-picker"
            />
            <TextInput
              label={t('user.fields.username')}
              description={usernameHint}
              leftSection={prefix ?? undefined}
              leftSectionWidth={prefix !== null ? Math.max(36, prefix.length * 10 + 16) : undefined}
              leftSectionProps={{ style: { color: 'var(--mantine-color-dimmed)', fontSize: 14 } }}
              {...form.field('username')}
              required
              autoComplete="off"
            />
            <PlayerLimits betLimit={form.field('betLimit')} locked={form.field('locked', 'checkbox')} />
          </>
        );
      }}
    </FormDialog>
  );
}
