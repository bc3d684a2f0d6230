import { Alert, Button, Group } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useListScreen } from '../../lib/use-list-screen';
import { accountChoicesQuery, allSessionsList, useEndAccountSessions, useEndAnySession } from './api';
import { useSessionColumns } from './session-columns';

type Ending = { kind: 'one'; session: Session } | { kind: 'account'; adminId: string; username: string };

/**
 * Everyone's sessions (/admin/sessions, SUPERADMIN): filtered by account, 50 a page; end any one, or
 * every session of an account (a lost laptop). Each end asks first; the list loads again after it.
 */
export function AllSessionsPage() {
  const { t } = useTranslation();
  const list = useListScreen(allSessionsList);
  const accounts = useQuery(accountChoicesQuery);
  const endOne = useEndAnySession();
  const endAccount = useEndAccountSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const ask = (next: Ending) => {
    setEnding(next);
    setConfirmOpened(true);
  };

  const columns = useSessionColumns({ withAccount: true, onEnd: (session) => ask({ kind: 'one', session }) });
  const chosen = list.applied.adminId;
  const chosenName = accounts.data?.find((account) => account.value === chosen)?.label ?? null;

  const confirm = async () => {
    if (!ending) return;
    try {
      if (ending.kind === 'one') {
        await endOne.mutateAsync(ending.session._id);
        notifySuccess(t('security.sessions.toast.ended'));
      } else {
        const { ended } = await endAccount.mutateAsync(ending.adminId);
        notifySuccess(t('security.sessions.toast.endedAccount', { count: ended, username: ending.username }));
      }
    } catch (err) {
      notifyError(errorMessage(err));
      // Already ended elsewhere (2004), or the answer was lost: show the sessions as they are now.
      void list.query.refetch();
    }
    setConfirmOpened(false);
  };

  return (
    <>
      <ListScreen
        list={list}
        title={t('security.allSessions.title')}
        description={t('security.allSessions.description')}
        above={
          chosen && chosenName ? (
            <Alert variant="light" color="gray" mb="md">
              <Group justify="space-between" gap="sm">
                {t('security.allSessions.filtered', { username: chosenName })}
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconLogout2 size={18} aria-hidden />}
                  onClick={() => ask({ kind: 'account', adminId: chosen, username: chosenName })}
                >
                  {t('security.allSessions.endAccount', { username: chosenName })}
                </Button>
              </Group>
            </Alert>
          ) : null
        }
        filters={
          <SelectFilter
            list={list}
            name="adminId"
            label={t('security.sessions.fields.account')}
            w={240}
            data={[{ value: '', label: t('common.all') }, ...(accounts.data ?? [])]}
          />
        }
        columns={columns}
        rowKey={(session) => session._id}
        rowProps={(session) => ({ 'data-testid': `session-${session._id}` })}
        emptyTitle={t('security.allSessions.empty')}
      />
      <ConfirmDialog
        opened={confirmOpened}
        title={
          ending?.kind === 'account'
            ? t('security.allSessions.confirm.accountTitle')
            : t('security.sessions.confirm.title')
        }
        message={
          ending?.kind === 'account'
            ? t('security.allSessions.confirm.accountMessage', { username: ending.username })
            : ending
              ? t('security.allSessions.confirm.message', {
                  username: ending.session.username,
                  browser: ending.session.browser ?? t('security.sessions.unknownBrowser'),
                  ip: ending.session.ip ?? '—',
                })
              : ''
        }
        confirmLabel={t('security.sessions.confirm.end')}
        color="red"
        loading={endOne.isPending || endAccount.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmOpened(false)}
      />
    </>
  );
}
