import { Switch, TextInput } from '@mantine/core';
import { api, type User, type UserUpdate } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';

interface EditUserDialogProps {
  opened: boolean;
  onClose: () => void;
  player: User | null;
  onSubmit: (values: UserUpdate) => Promise<unknown>;
}

/** Edit a player: the username and agent are read-only; bet limit and locked change (spec §3). */
export function EditUserDialog({ opened, onClose, player, onSubmit }: EditUserDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('user.editTitle')}
      schema={api.userUpdate.body}
      initialValues={player ? { betLimit: player.betLimit, locked: player.locked } : null}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <TextInput
            label={t('user.fields.username')}
            description={player ? `${t('user.fields.storedUsername')}: ${player.username}` : undefined}
            value={player?.name ?? ''}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('user.fields.agent')}
            value={player ? agentLabel({ username: player.agentUsername, prefix: player.agentPrefix }) : ''}
            readOnly
            variant="filled"
          />
          <NumberField
            label={t('user.fields.betLimit')}
            description={t('user.betLimitHint')}
            {...form.field('betLimit')}
            thousandSeparator=","
            hideControls
            data-autofocus
          />
          <Switch label={t('user.lockedSwitch')} {...form.field('locked', 'checkbox')} color="red" />
        </>
      )}
    </FormDialog>
  );
}
