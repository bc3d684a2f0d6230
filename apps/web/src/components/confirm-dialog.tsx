import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';
import { notifyError, notifySuccess } from '../lib/notify';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions. */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Confirm enable/disable"-style dialog (docs/spec.md §4). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} size="md">
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One action a confirm dialog asks about: its words and the change itself. */
export interface ConfirmAction {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red: the action locks, disables or deletes. */
  danger?: boolean;
  /** The change; the dialog stays open, its button busy, until it settles. */
  run: () => Promise<unknown>;
  /** Said when the change is done (a green notification). */
  success?: string;
}

export interface ConfirmActionState {
  /** Open the dialog for this action. */
  ask: (action: ConfirmAction) => void;
  /** Close it without running anything (e.g. another dialog takes over). */
  close: () => void;
  /** The action is running. */
  pending: boolean;
  /** The dialog, to place once in the screen. */
  dialog: ReactNode;
}

/**
 * A row's switch or button that asks first (lock/unlock, disable/enable, delete: docs/spec.md §4): the
 * dialog's state, its busy button while the change runs, the success or failure notification
 * (the server's words in the user's language) and its closing, once for every screen.
 */
export function useConfirmAction(): ConfirmActionState {
  // The action outlives the dialog's closing transition, so its text does not blank out.
  const [action, setAction] = useState<ConfirmAction | null>(null);
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const ask = useCallback((next: ConfirmAction) => {
    setAction(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);

  const confirm = async () => {
    if (!action || running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action.run();
      if (action.success) notifySuccess(action.success);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      running.current = false;
      setPending(false);
      setOpened(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={action?.title ?? ''}
      message={action?.message ?? ''}
      confirmLabel={action?.confirmLabel ?? ''}
      color={action?.danger ? 'red' : undefined}
      loading={pending}
      onConfirm={() => void confirm()}
      onClose={close}
    />
  );
  return { ask, close, pending, dialog };
}
