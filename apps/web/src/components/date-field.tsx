import '@mantine/dates/styles.css';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayTextPattern, formatDayText, parseDayText } from '../lib/date-text';
import { calendarProps } from './calendar-props';
import type { InputField } from './form-dialog';

type DateFieldProps = InputField<string> &
  Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur' | 'type' | 'inputMode'>;

/**
 * A business day in a form (`YYYY-MM-DD`), typed as the user writes a day — `dd/MM/yyyy` in Thai,
 * `MM/dd/yyyy` in English, as the date filters — or picked on the calendar beside it. A text that is no
 * day stays on screen as typed, is named under the field when left, and reaches the form as text, so
 * the contract's schema refuses it too: never silently another day (or none). Empty is ''.
 */
export function DateField({
  value,
  onChange,
  error,
  onFocus,
  onBlur,
  placeholder,
  label,
  ...rest
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  const shown = day !== '' ? formatDayText(day, language) : value;
  const [text, setText] = useState(shown);
  const [focused, setFocused] = useState(false);
  const [left, setLeft] = useState(false);
  const [calendar, setCalendar] = useState(false);
  // While the user types, the text is theirs; otherwise it follows the value (a reset, a picked day).
  useEffect(() => {
    if (!focused) setText(shown);
  }, [shown, focused]);

  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setText(next);
    if (next.trim() === '') return onChange('');
    const parsed = parseDayText(next, language);
    onChange(parsed.ok ? parsed.day : next);
  };
  const parsed = text.trim() === '' ? null : parseDayText(text, language);
  const own =
    parsed && !parsed.ok && (left || Boolean(error))
      ? parsed.reason === 'format'
        ? t('pickers.dateTime.dayFormat', { pattern: dayTextPattern(language) })
        : t(`pickers.dateTime.invalid.${parsed.reason}`)
      : undefined;
  const name = typeof label === 'string' ? label : '';

  return (
    <TextInput
      {...rest}
      label={label}
      value={text}
      onChange={typed}
      onFocus={() => {
        setFocused(true);
        onFocus();
      }}
      onBlur={() => {
        setFocused(false);
        setLeft(true);
        // A day read from the typing is shown in the one form the field writes.
        if (parsed?.ok) setText(formatDayText(parsed.day, language));
        onBlur();
      }}
      error={own ?? error}
      placeholder={placeholder ?? dayTextPattern(language)}
      inputMode="numeric"
      autoComplete="off"
      leftSection={
        <Popover
          opened={calendar}
          onChange={setCalendar}
          position="bottom-start"
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setCalendar((open) => !open)}
              aria-label={t('pickers.dateTime.openCalendar', { label: name })}
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={name}>
            <DatePicker
              value={day || null}
              defaultDate={day || undefined}
              onChange={(picked) => {
                if (!picked) return;
                const next = picked.slice(0, 10);
                onChange(next);
                setText(formatDayText(next, language));
                setLeft(false);
                setCalendar(false);
              }}
              locale={language}
              {...calendarProps(t)}
            />
          </Popover.Dropdown>
        </Popover>
      }
      leftSectionPointerEvents="all"
    />
  );
}
