import { Alert, Button, Group } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import { SelectFilter } from '../../components/list-filters';
import { ListScreen } from '../../components/list-screen';
import { notifySuccess } from '../../lib/notify';
import { useListScreen } from '../../lib/use-list-screen';
import { accountChoicesQuery, allSessionsList, useEndAccountSessions, useEndAnySession } from './api';
import { sessionBrowser, useSessionColumns } from './session-columns';

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
  const confirm = useConfirmAction();
  // Already ended elsewhere (2004), or the answer was lost: show the sessions as they are now.
  const settled = () => void list.query.refetch();
  const endSession = (session: Session) =>
    confirm.ask({
      title: t('security.sessions.confirm.title'),
      message: t('security.allSessions.confirm.message', {
        username: session.username,
        browser: sessionBrowser(t, session.browser),
        ip: session.ip ?? '—',
      }),
      confirmLabel: t('security.sessions.confirm.end'),
      danger: true,
      run: () => endOne.mutateAsync(session._id).finally(settled),
      success: t('security.sessions.toast.ended'),
    });
  const endAccountSessions = (adminId: string, username: string) =>
    confirm.ask({
      title: t('security.allSessions.confirm.accountTitle'),
      message: t('security.allSessions.confirm.accountMessage', { username }),
      confirmLabel: t('security.sessions.confirm.end'),
      danger: true,
      run: async () => {
        const { ended } = await endAccount.mutateAsync(adminId).finally(settled);
        notifySuccess(t('security.sessions.toast.endedAccount', { count: ended, username }));
      },
    });

  const columns = useSessionColumns({ withAccount: true, onEnd: endSession });
  const chosen = list.applied.adminId;
  const chosenName = accounts.data?.find((account) => account.value === chosen)?.label ?? null;

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
                  onClick={() => endAccountSessions(chosen, chosenName)}
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
      {confirm.dialog}
    </>
  );
}
