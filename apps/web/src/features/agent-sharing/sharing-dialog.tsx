import { Alert, Switch } from '@mantine/core';
import { type AgentSharing, type AgentSharingCreate, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { AgentPicker } from '../../components/agent-picker';
import { DateField } from '../../components/date-field';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';
import { businessToday } from '../../lib/business-time';
import { WhatIfPanel } from './what-if-panel';

interface SharingDialogProps extends DialogState {
  /** The arrangement to edit; null creates one. */
  sharing: AgentSharing | null;
  /** `isDisable` counts only on create. */
  onSubmit: (values: AgentSharingCreate) => Promise<unknown>;
  /**
   * The agent side: only the percentage and its day may be asked for (the agents and the settlement
   * option stay as they are), and the change waits for staff approval (docs/design.md §16).
   */
  percentageOnly?: boolean;
  /** Show what the last periods would have been with the typed percentage (a staff read). */
  whatIf?: boolean;
}

/**
 * Create or edit an arrangement: agent and parent chosen with the agent picker, the parent's percentage,
 * the day it takes effect (today unless told; earlier days keep the terms they had), whether a negative
 * balance is settled each period and, on create, whether it starts disabled. Editing the percentage
 * shows what the last closed periods would have been with it. The create body's schema checks both:
 * its rules are the update's, plus the switch it adds.
 */
export function SharingDialog({
  sharing,
  onSubmit,
  percentageOnly = false,
  whatIf = true,
  ...dialog
}: SharingDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
      title={sharing ? t('agentSharing.editTitle') : t('agentSharing.createTitle')}
      size="lg"
      schema={api.agentSharingCreate.body}
      initialValues={{
        agent: sharing?.agent ?? '',
        parentAgent: sharing?.parentAgent ?? '',
        parentPercentage: sharing?.parentPercentage ?? '',
        isDisable: false,
        effectiveFrom: businessToday(),
        settleEachPeriod: sharing?.settleEachPeriod ?? false,
      }}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          {percentageOnly ? (
            <Alert color="yellow" variant="light" data-testid="approval-note">
              {t('agentSharing.agentSideNote')}
            </Alert>
          ) : null}
          <AgentPicker
            disabled={percentageOnly}
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
            disabled={percentageOnly}
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
          <DateField
            label={t('agentSharing.fields.effectiveFrom')}
            description={t('agentSharing.effectiveHint')}
            {...form.field('effectiveFrom')}
            placeholder={t('agentSharing.effectiveToday')}
          />
          <Switch
            disabled={percentageOnly}
            label={t('agentSharing.fields.settleEachPeriod')}
            description={t('agentSharing.settleEachPeriodHint')}
            {...form.field('settleEachPeriod', 'checkbox')}
          />
          {sharing ? null : (
            <Switch
              label={t('agentSharing.fields.createDisabled')}
              {...form.field('isDisable', 'checkbox')}
            />
          )}
          {sharing && whatIf ? (
            <WhatIfPanel sharing={sharing} typed={form.getValues().parentPercentage} />
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
