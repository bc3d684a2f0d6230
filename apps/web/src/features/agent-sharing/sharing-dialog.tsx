import { Switch } from '@mantine/core';
import { type AgentSharing, type AgentSharingCreate, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';

interface SharingDialogProps extends DialogState {
  /** The arrangement to edit; null creates one. */
  sharing: AgentSharing | null;
  /** `isDisable` counts only on create. */
  onSubmit: (values: AgentSharingCreate) => Promise<unknown>;
}

/**
 * Create or edit an arrangement: agent and parent chosen with the agent picker, the parent's percentage
 * and, on create, whether it starts disabled. The create body's schema checks both: its agent, parent
 * and percentage rules are the update's, and the switch it adds is always valid.
 */
export function SharingDialog({ sharing, onSubmit, ...dialog }: SharingDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
      title={sharing ? t('agentSharing.editTitle') : t('agentSharing.createTitle')}
      schema={api.agentSharingCreate.body}
      initialValues={{
        agent: sharing?.agent ?? '',
        parentAgent: sharing?.parentAgent ?? '',
        parentPercentage: sharing?.parentPercentage ?? '',
        isDisable: false,
        effectiveFrom: '',
        settleEachPeriod: sharing?.settleEachPeriod ?? false,
      }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <AgentPicker
            label={t('agentSharing.fields.agent')}
            {...form.field('agent')}
            known={
              sharing
                ? { _id: sharing.agent, username: sharing.agentUsername, prefix: sharing.agentPrefix }
                : null
            }
            required
            autoFocus
          />
          <AgentPicker
            label={t('agentSharing.fields.parentAgent')}
            {...form.field('parentAgent')}
            known={
              sharing
                ? {
                    _id: sharing.parentAgent,
                    username: sharing.parentAgentUsername,
                    prefix: sharing.parentAgentPrefix,
                  }
                : null
            }
            required
          />
          <NumberField
            label={t('agentSharing.fields.parentPercentage')}
            description={t('agentSharing.percentageHint')}
            {...form.field('parentPercentage')}
            step={0.01}
            suffix=" %"
            required
          />
          {sharing ? null : (
            <Switch
              label={t('agentSharing.fields.createDisabled')}
              {...form.field('isDisable', 'checkbox')}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
