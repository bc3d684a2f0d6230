import { Button } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { mySessionsQuery, useEndMySession, useEndOtherSessions } from './api';
import { useSessionColumns } from './session-columns';

/**
 * The signed-in account's sessions (/account/sessions): where and since when it is signed in, this
 * one marked; end one, or every other. Each end asks first; the list loads again after it.
 */
export function MySessionsPage() {
  const { t } = useTranslation();
  const query = useQuery(mySessionsQuery);
  const endOne = useEndMySession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirmAction();
  // Already ended elsewhere (2004), or the answer was lost: show the sessions as they are now.
  const settled = () => void query.refetch();

  const records = query.data?.records;
  const others = records?.filter((session) => !session.current).length ?? 0;
  const endSession = (session: Session) =>
    confirm.ask({
      title: t('security.sessions.confirm.title'),
      message: t('security.sessions.confirm.message', {
        browser: session.browser ?? t('security.sessions.unknownBrowser'),
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
        records={records}
        rowKey={(session) => session._id}
        rowProps={(session) => ({ 'data-testid': `session-${session._id}` })}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.isError ? errorMessage(query.error) : null}
        onRetry={() => void query.refetch()}
      />
      {confirm.dialog}
    </>
  );
}
