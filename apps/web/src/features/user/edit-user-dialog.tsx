import { Anchor } from '@mantine/core';
import { api, type User, type UserUpdate } from '@sapi/contract';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentLabel } from '../../components/agent-picker';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ReadOnlyField } from '../../components/form-fields';
import { playerTransactionsHref } from '../../lib/drill-down';
import { PlayerLimits } from './player-limits';

interface EditUserDialogProps extends DialogState {
  player: User | null;
  onSubmit: (values: UserUpdate) => Promise<unknown>;
}

/** Edit a player: the username and agent are read-only; bet limit and locked change (docs/spec.md §3). */
export function EditUserDialog({ player, onSubmit, ...dialog }: EditUserDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t('user.editTitle')}
      schema={api.userUpdate.body}
      initialValues={player ? { betLimit: player.betLimit, locked: player.locked } : null}
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <ReadOnlyField
            label={t('user.fields.username')}
            description={player ? `${t('user.fields.storedUsername')}: ${player.username}` : undefined}
            value={player?.name ?? ''}
          />
          <ReadOnlyField
            label={t('user.fields.agent')}
            value={player ? agentLabel({ username: player.agentUsername, prefix: player.agentPrefix }) : ''}
          />
          <PlayerLimits
            betLimit={form.field('betLimit')}
            locked={form.field('locked', 'checkbox')}
            autoFocus
          />
          {player ? (
            <Anchor component={Link} to={playerTransactionsHref(player)} size="sm">
              <IconListDetails size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {t('user.betsLabel', { username: player.name })}
            </Anchor>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
