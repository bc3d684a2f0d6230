import { Text, Textarea } from '@mantine/core';
import { api, type Payment } from '@sapi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { ReauthDialog, useReauth } from '../../components/reauth-dialog';
import { notifySuccess } from '../../lib/notify';
import { useVoidPayment } from './api';

/**
 * Void a payment with a reason (never edited or deleted): the reason's dialog, re-authenticated when
 * the server asks (3005).
 */
export function useVoidDialog() {
  const { t } = useTranslation();
  const voidPayment = useVoidPayment();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [opened, setOpened] = useState(false);
  const reauth = useReauth(() => setOpened(false));

  const ask = (next: Payment) => {
    setPayment(next);
    setOpened(true);
  };

  const dialogs = (
    <>
      <FormDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('settlement.voidDialog.title')}
        schema={api.settlementPaymentVoid.body}
        initialValues={{ reason: '' }}
        submitLabel={t('settlement.voidDialog.submit')}
        onSubmit={async ({ reason }) => {
          const target = payment;
          if (!target) return;
          await reauth.run(async () => {
            await voidPayment.mutateAsync({ id: target._id, body: { reason } });
            notifySuccess(t('settlement.voidDialog.saved'));
            setOpened(false);
          });
        }}
      >
        {(form) => (
          <>
            <Text size="sm">{t('settlement.voidDialog.message')}</Text>
            <Textarea
              label={t('settlement.voidDialog.reason')}
              {...form.field('reason')}
              rows={2}
              required
              data-autofocus
            />
          </>
        )}
      </FormDialog>
      <ReauthDialog {...reauth.dialog} />
    </>
  );
  return { ask, dialogs };
}
