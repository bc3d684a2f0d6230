import { Alert, Textarea, TextInput } from '@mantine/core';
import { api, type PaymentCreate, type SettlementLine } from '@sapi/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { type DialogState, FormDialog } from '../../components/form-dialog';
import { ChoiceField } from '../../components/form-fields';
import { NumberField } from '../../components/number-field';
import { businessToday } from '../../lib/business-time';
import { formatMoney } from '../../lib/format';
import { outstandingWords, periodName } from './words';

interface PaymentDialogProps extends DialogState {
  /** The arrangements a payment can be between (the statement's lines). */
  lines: SettlementLine[];
  /** The statement's period, whose payment this most likely is; `open`: payments may still be dated in it. */
  period: StatementPeriod;
  onSubmit: (values: PaymentCreate) => Promise<unknown>;
}

/**
 * The way a payment most likely goes on an arrangement: the way its outstanding balance is owed — to
 * the parent when the child owes it (or nothing is owed), to the child when the parent does.
 */
export const owedDirection = (line: SettlementLine | undefined): 'to-parent' | 'to-child' =>
  line && Number(line.outstanding) < 0 ? 'to-child' : 'to-parent';

interface StatementPeriod {
  year: string;
  month: string;
  open: boolean;
}

/**
 * The day a payment of a period is most likely dated: today while the period runs, else its last day —
 * a payment recorded from last month's statement counts in last month, not in the month it is typed in.
 * A period closed or closing takes no payment (the server refuses its days): today.
 */
export const defaultPaidOn = (period: StatementPeriod, today: string = businessToday()) => {
  if (!period.open) return today;
  const month = `${period.year}-${period.month.padStart(2, '0')}`;
  const days = new Date(Date.UTC(Number(period.year), Number(period.month), 0)).getUTCDate();
  const last = `${month}-${String(days).padStart(2, '0')}`;
  return today < last ? today : last;
};

const lineLabel = (line: SettlementLine) =>
  `${line.agentUsername} (${line.agentPrefix}) → ${line.parentAgentUsername} (${line.parentAgentPrefix})`;

/** The words of a payment about to be recorded: "เอเจนต์ X จ่ายให้ Y แล้ว 100.00 บาท". */
export const usePaymentWords = () => {
  const { t } = useTranslation();
  return (child: string, parent: string, direction: string, amount: number | string) => {
    const [payer, payee] = direction === 'to-child' ? [parent, child] : [child, parent];
    return t('settlement.words.paid', { payer, payee, amount: formatMoney(amount) });
  };
};

/**
 * "บันทึกการชำระ": a payment between a child and its parent — the arrangement, who paid whom, the
 * amount, the day it was paid (`defaultPaidOn`: today, or the period's last day once it is over; the
 * period the day counts in is said under it), a reference and a note. Who paid whom follows the
 * chosen arrangement's outstanding balance (said under the field) until the user picks it. The sentence
 * it records is shown before Save.
 */
export function PaymentDialog({ lines, period, onSubmit, ...dialog }: PaymentDialogProps) {
  const { t } = useTranslation();
  const words = usePaymentWords();
  const first = lines[0];
  return (
    <FormDialog
      {...dialog}
      title={t('settlement.paymentDialog.title')}
      size="lg"
      schema={api.settlementPaymentCreate.body}
      initialValues={{
        sharing: first?.sharing ?? '',
        direction: owedDirection(first),
        amount: '',
        paidOn: defaultPaidOn(period),
        reference: '',
        note: '',
      }}
      onSubmit={onSubmit}
    >
      {(form) => {
        const values = form.getValues();
        const line = lines.find((l) => l.sharing === values.sharing);
        const amount = typeof values.amount === 'number' ? values.amount : Number(values.amount);
        const sharing = form.field('sharing');
        const paidOn = /^(\d{4})-(\d{2})-\d{2}$/.exec(String(values.paidOn));
        const ownPeriod = periodName(period.year, period.month);
        const countsIn = paidOn ? periodName(paidOn[1] ?? '', paidOn[2] ?? '') : undefined;
        return (
          <>
            <ChoiceField
              label={t('settlement.paymentDialog.sharing')}
              data={lines.map((l) => ({ value: l.sharing, label: lineLabel(l) }))}
              {...sharing}
              onChange={(value) => {
                sharing.onChange(value);
                // Another arrangement: the payment goes the way its balance is owed.
                form.setFieldValue('direction', owedDirection(lines.find((l) => l.sharing === value)));
              }}
              required
            />
            <ChoiceField
              label={t('settlement.paymentDialog.direction')}
              description={
                line
                  ? t('settlement.paymentDialog.owed', {
                      words: outstandingWords(
                        t,
                        line.outstanding,
                        line.agentUsername,
                        line.parentAgentUsername,
                        line.settleEachPeriod,
                      ),
                    })
                  : undefined
              }
              data={[
                { value: 'to-parent', label: t('settlement.paymentDialog.toParent') },
                { value: 'to-child', label: t('settlement.paymentDialog.toChild') },
              ]}
              {...form.field('direction')}
              required
            />
            <NumberField
              label={t('settlement.paymentDialog.amount')}
              {...form.field('amount')}
              step={0.01}
              suffix=" ฿"
              thousandSeparator=","
              required
            />
            <DateField
              label={t('settlement.paymentDialog.paidOn')}
              {...form.field('paidOn')}
              description={
                countsIn === undefined ? undefined : (
                  <span data-testid="paid-on-period">
                    {countsIn === ownPeriod
                      ? t('settlement.paymentDialog.countsIn', { period: countsIn })
                      : t('settlement.paymentDialog.countsInOther', { period: countsIn, own: ownPeriod })}
                  </span>
                )
              }
              required
            />
            <TextInput label={t('settlement.paymentDialog.reference')} {...form.field('reference')} />
            <Textarea label={t('settlement.paymentDialog.note')} {...form.field('note')} rows={2} />
            {line && Number.isFinite(amount) && amount > 0 ? (
              <Alert
                variant="light"
                color={values.direction === 'to-child' ? 'orange' : 'blue'}
                data-testid="payment-words"
              >
                {t('settlement.paymentDialog.preview', {
                  words: words(line.agentUsername, line.parentAgentUsername, values.direction, amount),
                })}
              </Alert>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}
