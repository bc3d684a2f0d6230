import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseWallText } from '../lib/date-text';

interface DateFilterInputProps {
  label: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  w?: number;
}

/**
 * A date field holding a `YYYY-MM-DD` string, typed as the user writes a day (`dd/MM/yyyy` in Thai,
 * `MM/dd/yyyy` in English, as the date-time fields) or picked from its calendar.
 */
export function DateFilterInput({ label, value, onChange, error, w = 170 }: DateFilterInputProps) {
  const { t, i18n } = useTranslation();
  const thai = !i18n.language.startsWith('en');
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? next.slice(0, 10) : '')}
      valueFormat={thai ? 'DD/MM/YYYY' : 'MM/DD/YYYY'}
      dateParser={(text) => {
        const parsed = parseWallText(text, i18n.language, 'start');
        return parsed.ok ? parsed.wall.slice(0, 10) : null;
      }}
      placeholder={thai ? 'วว/ดด/ปปปป' : 'MM/DD/YYYY'}
      error={error}
      locale={i18n.language}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearDate', { label }) }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={w}
    />
  );
}
