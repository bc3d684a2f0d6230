import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../lib/format';

interface DateFilterInputProps {
  label: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (value: string) => void;
  w?: number;
}

/** A date filter (Mantine DatePickerInput) holding a `YYYY-MM-DD` string. */
export function DateFilterInput({ label, value, onChange, w = 170 }: DateFilterInputProps) {
  const { t, i18n } = useTranslation();
  return (
    <DatePickerInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? next : '')}
      valueFormat={DATE_FORMAT}
      placeholder={t('filters.datePlaceholder')}
      locale={i18n.language}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearDate', { label }) }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={w}
    />
  );
}
