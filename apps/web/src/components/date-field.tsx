import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../lib/format';
import type { InputField } from './form-dialog';

type DateFieldProps = InputField<string> &
  Omit<DateInputProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur' | 'valueFormat' | 'dateParser'>;

/** `DD/MM/YYYY` as typed (Thai digits read as 0–9 by the caller's form) → `YYYY-MM-DD`, or null. */
const parseDay = (text: string): string | null => {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * A business day in a form (`YYYY-MM-DD`, shown `DD/MM/YYYY`): typed, or picked on the calendar. The
 * contract's schema says which days are allowed; a day the server refuses shows under the field.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  return (
    <DateInput
      {...props}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT}
      dateParser={parseDay}
      allowDeselect
      locale={i18n.language}
      leftSection={<IconCalendar size={16} aria-hidden />}
      // As the date-time filters: named controls, the calendar named after its field, no faint days of
      // other months, no red weekend digits (both below AA contrast on white).
      ariaLabels={{
        previousMonth: t('pickers.dateTime.previousMonth'),
        nextMonth: t('pickers.dateTime.nextMonth'),
        previousYear: t('pickers.dateTime.previousYear'),
        nextYear: t('pickers.dateTime.nextYear'),
        previousDecade: t('pickers.dateTime.previousDecade'),
        nextDecade: t('pickers.dateTime.nextDecade'),
        monthLevelControl: t('pickers.dateTime.monthLevelControl'),
        yearLevelControl: t('pickers.dateTime.yearLevelControl'),
      }}
      popoverProps={{
        withinPortal: true,
        attributes: { dropdown: { 'aria-label': typeof props.label === 'string' ? props.label : undefined } },
      }}
      hideOutsideDates
      weekendDays={[]}
    />
  );
}
