import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import type { User, UserUpdate } from '@sapi/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentLabel } from '../../components/agent-picker';
import { ErrorBanner } from '../../components/error-banner';

interface EditUserDialogProps {
  opened: boolean;
  onClose: () => void;
  player: User | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  busy: boolean;
  onSubmit: (values: UserUpdate) => void;
}

/** Edit a player: the username is read-only; bet limit (≥ 0) and locked change (spec §3). */
export function EditUserDialog({
  opened,
  onClose,
  player,
  error,
  fieldErrors,
  busy,
  onSubmit,
}: EditUserDialogProps) {
  const { t } = useTranslation();
  const [betLimit, setBetLimit] = useState<number | string>(player?.betLimit ?? 0);
  const [locked, setLocked] = useState(player?.locked ?? false);

  useEffect(() => {
    if (opened && player) {
      setBetLimit(player.betLimit);
      setLocked(player.locked);
    }
  }, [opened, player]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      betLimit: typeof betLimit === 'number' ? betLimit : Number(betLimit || Number.NaN),
      locked,
    });
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={t('user.editTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner>{error}</ErrorBanner>
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
          <NumberInput
            label={t('user.fields.betLimit')}
            description={t('user.betLimitHint')}
            value={betLimit}
            onChange={setBetLimit}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            error={fieldErrors.betLimit}
            data-autofocus
          />
          <Switch
            label={t('user.lockedSwitch')}
            checked={locked}
            onChange={(e) => setLocked(e.currentTarget.checked)}
            color="red"
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
