import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { type AgentPick, api, type UserCreate } from '@sapi/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentPicker, agentByIdQuery } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { PlayerLimits } from './player-limits';

interface CreateUserDialogProps extends DialogState {
  /** The agent of the list's filter, offered as the default. */
  defaultAgent: string;
  /**
   * An agent the page already knows (the agent side's own agent, from self), so neither its prefix nor
   * its label needs a look-up the account may not make.
   */
  known?: AgentPick | null;
  onSubmit: (values: UserCreate) => Promise<unknown>;
}

/** "Add user": agent (picker), username without prefix, bet limit, locked. */
export function CreateUserDialog({ defaultAgent, known = null, onSubmit, ...dialog }: CreateUserDialogProps) {
  const { t } = useTranslation();
  // The picked agent's prefix, shown before the name; the form keeps only its id.
  const [agentPick, setAgentPick] = useState<AgentPick | null>(null);
  // A name typed as the bet list shows it (prefix included) would be stored with the prefix twice.
  const [doubleMeant, setDoubleMeant] = useState(false);
  const close = () => {
    setAgentPick(null);
    setDoubleMeant(false);
    dialog.onClose();
  };
  // The default agent is not picked but given: its prefix comes from the look-up the picker shares.
  const given = useQuery({
    ...agentByIdQuery(defaultAgent),
    enabled: dialog.opened && defaultAgent !== '' && known?._id !== defaultAgent,
  });
  const prefixOf = (agent: string): string | null => {
    if (agentPick && agentPick._id === agent) return agentPick.prefix;
    if (known && known._id === agent) return known.prefix;
    return given.data && agent === defaultAgent ? given.data.prefix : null;
  };
  const doubled = (agent: string, name: string) => {
    const prefix = prefixOf(agent);
    return prefix !== null && prefix !== '' && name.toLowerCase().startsWith(prefix.toLowerCase());
  };

  return (
    <FormDialog
      {...dialog}
      onClose={close}
      title={t('user.createTitle')}
      schema={api.userCreate.body}
      initialValues={{ agent: defaultAgent, username: '', betLimit: 0, locked: false }}
      onSubmit={onSubmit}
      canSubmit={(values) => doubleMeant || !doubled(values.agent, values.username)}
    >
      {(form) => {
        const agent = form.field('agent');
        const name = form.values.username;
        const prefix = prefixOf(form.values.agent);
        const twice = prefix !== null && doubled(form.values.agent, name);
        let usernameHint: string = t('user.chooseAgentFirst');
        if (prefix !== null && name) usernameHint = t('user.storedAs', { username: `${prefix}${name}` });
        else if (form.values.agent) usernameHint = t('user.usernameHint');
        return (
          <>
            <AgentPicker
              label={t('user.fields.agent')}
              {...agent}
              known={known}
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
            {twice ? (
              <Alert
                color="yellow"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t('user.prefixTwice.title', { prefix })}
                data-testid="prefix-twice"
              >
                <Stack gap="xs">
                  {t('user.prefixTwice.text', { prefix, username: `${prefix}${name}` })}
                  <Group gap="sm">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        form.setFieldValue('username', name.slice(prefix.length));
                        setDoubleMeant(false);
                      }}
                    >
                      {t('user.prefixTwice.strip', { username: name.slice(prefix.length) })}
                    </Button>
                    <Checkbox
                      label={t('user.prefixTwice.meant', { username: `${prefix}${name}` })}
                      checked={doubleMeant}
                      onChange={(event) => setDoubleMeant(event.currentTarget.checked)}
                    />
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            <PlayerLimits betLimit={form.field('betLimit')} locked={form.field('locked', 'checkbox')} />
          </>
        );
      }}
    </FormDialog>
  );
}
