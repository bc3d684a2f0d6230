import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { normalizeFilterWall } from '../lib/business-time';

/** Filters show date-times as `MM/dd/yyyy hh:mm aa` (docs/spec.md §9), with AM/PM in every language. */
export const FILTER_DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm A';
const display = (value: string) => dayjs(value).locale('en').format(FILTER_DATE_TIME_FORMAT);

export interface DateTimeFilterInputProps {
  label: string;
  /**
   * A wall-clock minute of the report time zone (`REPORT_TIMEZONE`), `YYYY-MM-DDTHH:mm`, or ''. The URL keeps
   * this form; `filterEdgeIso` (lib/business-time) turns it into the instant the API takes.
   */
  value: string;
  onChange: (value: string) => void;
  /** Time given to a day picked without one: the start or the end of the day. */
  edge: 'start' | 'end';
  /** Why the value was refused, under the field. */
  error?: string | undefined;
  w?: number;
  'data-testid'?: string;
}

/** A date-time filter of every screen: Mantine's DateTimePicker, 12-hour, labelled in the UI language. */
export function DateTimeFilterInput({
  label,
  value,
  onChange,
  edge,
  error,
  w = 220,
  'data-testid': testId,
}: DateTimeFilterInputProps) {
  const { t, i18n } = useTranslation();
  const wall = normalizeFilterWall(value, edge);
  return (
    <DateTimePicker
      label={label}
      value={wall ? `${wall.replace('T', ' ')}:00` : null}
      onChange={(next) => onChange(typeof next === 'string' ? dayjs(next).format('YYYY-MM-DDTHH:mm') : '')}
      valueFormat={display}
      error={error}
      defaultTimeValue={edge === 'start' ? '00:00' : '23:59'}
      placeholder={t('pickers.dateTime.placeholder')}
      locale={i18n.language}
      clearable
      clearButtonProps={{ 'aria-label': t('pickers.dateTime.clear', { label }) }}
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      timePickerProps={{
        format: '12h',
        amPmLabels: { am: 'AM', pm: 'PM' },
        hoursInputLabel: t('pickers.dateTime.hours'),
        minutesInputLabel: t('pickers.dateTime.minutes'),
        amPmInputLabel: t('pickers.dateTime.amPm'),
      }}
      submitButtonProps={{ 'aria-label': t('pickers.dateTime.apply') }}
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
      // The calendar's dialog is named after its field; days of other months are hidden (too faint to
      // read).
      popoverProps={{ attributes: { dropdown: { 'aria-label': label } } }}
      hideOutsideDates
      // Mantine's red weekend digits are below AA contrast on white.
      weekendDays={[]}
      w={w}
      data-testid={testId}
    />
  );
}
