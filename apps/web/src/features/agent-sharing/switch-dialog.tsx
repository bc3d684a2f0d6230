import { Alert, Text } from '@mantine/core';
import { type AgentSharing, api } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { businessToday } from '../../lib/business-time';
import { formatDayText } from '../../lib/date-text';
import { formatPercent } from './api';

// The switch body's fields (the route takes the whole body as optional: the form edits the object).
const switchSchema = api.agentSharingDisable.body.in.unwrap();

interface SwitchDialogProps extends DialogState {
  sharing: AgentSharing | null;
  /** true disables, false enables. */
  disable: boolean;
  onSubmit: (effectiveFrom: string) => Promise<unknown>;
  labels: { agent: string; parent: string };
}

/**
 * Disable or enable an arrangement from a day (today unless told): the dialog says what happens from
 * which day, and that the days before keep the terms they had.
 */
export function SwitchDialog({ sharing, disable, onSubmit, labels, ...dialog }: SwitchDialogProps) {
  const { t, i18n } = useTranslation();
  const percent = formatPercent(sharing?.parentPercentage ?? 0);
  return (
    <FormDialog
      {...dialog}
      title={t('agentSharing.confirm.title')}
      schema={switchSchema}
      initialValues={{ effectiveFrom: businessToday() }}
      submitLabel={t(disable ? 'agentSharing.confirm.disable' : 'agentSharing.confirm.enable')}
      onSubmit={({ effectiveFrom }) => onSubmit(effectiveFrom ?? '')}
    >
      {(form) => {
        // Left empty, the server takes today; a text that is no day yet says nothing.
        const typed = form.getValues().effectiveFrom || businessToday();
        const date = /^\d{4}-\d{2}-\d{2}$/.test(typed) ? typed : null;
        return (
          <>
            <Text>
              {t(disable ? 'agentSharing.confirm.disableMessage' : 'agentSharing.confirm.enableMessage', {
                agent: labels.agent,
                parent: labels.parent,
                percent,
              })}
            </Text>
            <DateField
              label={t('agentSharing.fields.effectiveFrom')}
              description={t('agentSharing.effectiveHint')}
              {...form.field('effectiveFrom')}
              placeholder={t('agentSharing.effectiveToday')}
            />
            {date ? (
              <Alert variant="light" color={disable ? 'red' : 'blue'} data-testid="switch-from">
                {t(disable ? 'agentSharing.confirm.disableFrom' : 'agentSharing.confirm.enableFrom', {
                  parent: labels.parent,
                  percent,
                  date: formatDayText(date, i18n.language),
                })}
              </Alert>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}
