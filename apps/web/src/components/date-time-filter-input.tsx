import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Filters show date-times as `MM/dd/yyyy hh:mm aa` (spec §9), with AM/PM in every language. */
export const FILTER_DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';
const display = (value: string) => dayjs(value).locale('en').format(FILTER_DATE_TIME_FORMAT);

interface DateTimeFilterInputProps {
  label: string;
  /** `YYYY-MM-DD HH:mm:ss` (local time) or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Time given to a day picked without one: the start or the end of the day. */
  edge: 'start' | 'end';
  w?: number;
}

/** A date-time filter (Mantine DateTimePicker) holding a local `YYYY-MM-DD HH:mm:ss` string. */
export function DateTimeFilterInput({ label, value, onChange, edge, w = 220 }: DateTimeFilterInputProps) {
  const { t, i18n } = useTranslation();
  return (
    <DateTimePicker
      label={label}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? dayjs(next).format('YYYY-MM-DD HH:mm:ss') : '')}
      valueFormat={display}
      defaultTimeValue={edge === 'start' ? '00:00' : '23:59'}
      placeholder={t('filters.dateTimePlaceholder')}
      locale={i18n.language}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearDate', { label }) }}
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      timePickerProps={{
        format: '12h',
        amPmLabels: { am: 'AM', pm: 'PM' },
        hoursInputLabel: t('filters.hours'),
        minutesInputLabel: t('filters.minutes'),
        amPmInputLabel: t('filters.amPm'),
      }}
      submitButtonProps={{ 'aria-label': t('filters.apply') }}
      ariaLabels={{
        previousMonth: t('calendar.previousMonth'),
        nextMonth: t('calendar.nextMonth'),
        previousYear: t('calendar.previousYear'),
        nextYear: t('calendar.nextYear'),
        previousDecade: t('calendar.previousDecade'),
        nextDecade: t('calendar.nextDecade'),
        monthLevelControl: t('calendar.monthLevelControl'),
        yearLevelControl: t('calendar.yearLevelControl'),
      }}
      // The calendar's dialog is named after its field; days of other months are hidden (too faint to
      // read).
      popoverProps={{ attributes: { dropdown: { 'aria-label': label } } }}
      hideOutsideDates
      // Mantine's red weekend digits are below AA contrast on white.
      weekendDays={[]}
      w={w}
    />
  );
}
