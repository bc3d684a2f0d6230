import { Button } from '@mantine/core';
import type { Session } from '@sapi/contract';
import { IconLogout2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { mySessionsQuery, useEndMySession, useEndOtherSessions } from './api';
import { useSessionColumns } from './session-columns';

type Ending = { kind: 'one'; session: Session } | { kind: 'others'; count: number };

/**
 * The signed-in account's sessions (/account/sessions): where and since when it is signed in, this
 * one marked; end one, or every other. Each end asks first; the list loads again after it.
 */
export function MySessionsPage() {
  const { t } = useTranslation();
  const query = useQuery(mySessionsQuery);
  const endOne = useEndMySession();
  const endOthers = useEndOtherSessions();
  // The target outlives the dialog's closing transition, so its text does not blank out.
  const [ending, setEnding] = useState<Ending | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const ask = (next: Ending) => {
    setEnding(next);
    setConfirmOpened(true);
  };

  const records = query.data?.records;
  const others = records?.filter((session) => !session.current).length ?? 0;
  const columns = useSessionColumns({ onEnd: (session) => ask({ kind: 'one', session }) });

  const confirm = async () => {
    if (!ending) return;
    try {
      if (ending.kind === 'one') {
        await endOne.mutateAsync(ending.session._id);
        notifySuccess(t('security.sessions.toast.ended'));
      } else {
        const { ended } = await endOthers.mutateAsync();
        notifySuccess(t('security.sessions.toast.endedOthers', { count: ended }));
      }
    } catch (err) {
      notifyError(errorMessage(err));
      // Already ended elsewhere (2004), or the answer was lost: show the sessions as they are now.
      void query.refetch();
    }
    setConfirmOpened(false);
  };

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
            onClick={() => ask({ kind: 'others', count: others })}
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
      <ConfirmDialog
        opened={confirmOpened}
        title={
          ending?.kind === 'others'
            ? t('security.sessions.confirm.othersTitle')
            : t('security.sessions.confirm.title')
        }
        message={
          ending?.kind === 'others'
            ? t('security.sessions.confirm.othersMessage', { count: ending.count })
            : ending
              ? t('security.sessions.confirm.message', {
                  browser: ending.session.browser ?? t('security.sessions.unknownBrowser'),
                  ip: ending.session.ip ?? '—',
                })
              : ''
        }
        confirmLabel={t('security.sessions.confirm.end')}
        color="red"
        loading={endOne.isPending || endOthers.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmOpened(false)}
      />
    </>
  );
}
