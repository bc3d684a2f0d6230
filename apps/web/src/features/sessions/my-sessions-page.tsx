import { Button } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { notifySuccess } from '../../lib/notify';
import { useListScreen } from '../../lib/use-list-screen';
import { mySessionsList, useEndMySession, useEndOtherSessions } from './api';
import { sessionBrowser, useSessionColumns } from './session-columns';

/**
 * The signed-in account's sessions (/account/sessions): where and since when it is signed in, this
 * one marked and first; end one, or every other. Each end asks first; the list loads again after it.
 * Paged as every list (`useListScreen`; the page in the URL), without filters.
 */
export function MySessionsPage() {
  const { t } = useTranslation();
  const list = useListScreen(mySessionsList);
  const endOne = useEndMySession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirmAction();
  // Already ended elsewhere (2004), or the answer was lost: show the sessions as they are now.
  const settled = () => void list.query.refetch();

  // Every live session but this one, on any page (this one is live: it asked).
  const others = Math.max((list.query.data?.total ?? 0) - 1, 0);
  const endSession = (session: Session) =>
    confirm.ask({
      title: t('security.sessions.confirm.title'),
      message: t('security.sessions.confirm.message', {
        browser: sessionBrowser(t, session.browser),
        ip: session.ip ?? '—',
      }),
      confirmLabel: t('security.sessions.confirm.end'),
      danger: true,
      run: () => endOne.mutateAsync(session._id).finally(settled),
      success: t('security.sessions.toast.ended'),
    });
  const endAllOthers = () =>
    confirm.ask({
      title: t('security.sessions.confirm.othersTitle'),
      message: t('security.sessions.confirm.othersMessage', { count: others }),
      confirmLabel: t('security.sessions.confirm.end'),
      danger: true,
      run: async () => {
        const { ended } = await endOthers.mutateAsync().finally(settled);
        notifySuccess(t('security.sessions.toast.endedOthers', { count: ended }));
      },
    });
  const columns = useSessionColumns({ onEnd: endSession });

  return (
    <>
      <PageHeader
        title={t('security.sessions.title')}
        description={t('security.sessions.description')}
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout2 size={18} aria-hidden />}
            disabled={others === 0}
            onClick={endAllOthers}
          >
            {t('security.sessions.endOthers')}
          </Button>
        }
      />
      <DataTable
        caption={t('security.sessions.title')}
        columns={columns}
        rowKey={(session) => session._id}
        rowProps={(session) => ({ 'data-testid': `session-${session._id}` })}
        {...list.table}
        sort={list.sort}
      />
      {confirm.dialog}
    </>
  );
}
