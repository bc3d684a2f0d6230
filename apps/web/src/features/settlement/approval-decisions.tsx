import { Button, Group, Text, Textarea } from '@mantine/core';
import { type Approval, api } from '@sapi/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { notifySuccess } from '../../lib/notify';
import { isCloseSummary, useApprove, useReject } from './api';
import { dayText, percentText, periodName } from './words';

/** What an approval changes, in words: "ปิดงวด พฤศจิกายน 2026" or "a → b: 35.00 % เป็น 50.00 % …". */
export const approvalSummary = (t: TFunction, approval: Approval): string => {
  const { summary } = approval;
  if (isCloseSummary(summary)) {
    return t('settlement.approvals.closeSummary', { period: periodName(summary.year, summary.month) });
  }
  return t('settlement.approvals.changeSummary', {
    agent: summary.agentUsername,
    parent: summary.parentAgentUsername,
    from: percentText(summary.fromPercentage),
    to: percentText(summary.toPercentage),
    date: dayText(summary.effectiveFrom),
  });
};

// The reject body's fields (its schema takes the whole body as optional: the form edits the object).
const rejectSchema = api.approvalReject.body.in.unwrap();

/**
 * Approve (a confirm dialog) or reject (a reason) an approval, each re-authenticated when the server
 * asks (3005). One place for the hub's pending panel and the approvals list.
 */
export function useApprovalDecisions() {
  const { t } = useTranslation();
  const approve = useApprove();
  const reject = useReject();
  const confirm = useConfirmAction();
  const reauth = useReauth(confirm.close, undefined);
  const [rejecting, setRejecting] = useState<Approval | null>(null);
  const [rejectOpened, setRejectOpened] = useState(false);
  const rejectReauth = useReauth(() => setRejectOpened(false));

  const askApprove = (approval: Approval) => {
    const summary = approvalSummary(t, approval);
    const note = isCloseSummary(approval.summary) ? ` ${t('settlement.approvals.approveCloseNote')}` : '';
    confirm.ask({
      title: t('settlement.approvals.approveTitle'),
      message: `${t('settlement.approvals.approveMessage', { summary, requester: approval.requestedByUsername })}${note}`,
      confirmLabel: t('settlement.approvals.approveConfirm'),
      run: () =>
        reauth.run(async () => {
          await approve.mutateAsync({ id: approval._id, body: {} });
          notifySuccess(t('settlement.approvals.approved', { summary }));
        }),
    });
  };

  const askReject = (approval: Approval) => {
    setRejecting(approval);
    setRejectOpened(true);
  };

  const dialogs = (
    <>
      {confirm.dialog}
      <ReauthDialog {...reauth.dialog} />
      <FormDialog
        opened={rejectOpened}
        onClose={() => setRejectOpened(false)}
        title={t('settlement.approvals.rejectTitle')}
        schema={rejectSchema}
        initialValues={{ reason: '' }}
        submitLabel={t('settlement.approvals.rejectConfirm')}
        onSubmit={async ({ reason }) => {
          const approval = rejecting;
          if (!approval) return;
          await rejectReauth.run(async () => {
            await reject.mutateAsync({ id: approval._id, body: reason ? { reason } : {} });
            notifySuccess(t('settlement.approvals.rejected', { summary: approvalSummary(t, approval) }));
            setRejectOpened(false);
          });
        }}
      >
        {(form) => (
          <>
            {rejecting ? approvalSummary(t, rejecting) : null}
            <Textarea label={t('settlement.approvals.rejectReason')} {...form.field('reason')} rows={2} />
          </>
        )}
      </FormDialog>
      <ReauthDialog {...rejectReauth.dialog} />
    </>
  );

  return { askApprove, askReject, dialogs };
}

/**
 * A pending approval's actions: approve and reject, or a note that the signed-in account requested it
 * (its own request is decided by someone else). The hub's pending panel and the approvals list.
 */
export function DecisionButtons({
  approval,
  own,
  decisions,
  justify,
}: {
  approval: Approval;
  own: boolean;
  decisions: ReturnType<typeof useApprovalDecisions>;
  justify?: 'flex-end';
}) {
  const { t } = useTranslation();
  if (own)
    return (
      <Text size="xs" c="dimmed">
        {t('settlement.approvals.own')}
      </Text>
    );
  const summary = approvalSummary(t, approval);
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      <Button
        size="xs"
        color="green"
        leftSection={<IconCheck size={14} aria-hidden />}
        onClick={() => decisions.askApprove(approval)}
        aria-label={t('settlement.approvals.approveLabel', { summary })}
      >
        {t('settlement.approvals.approve')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={() => decisions.askReject(approval)}
        aria-label={t('settlement.approvals.rejectLabel', { summary })}
      >
        {t('settlement.approvals.reject')}
      </Button>
    </Group>
  );
}
