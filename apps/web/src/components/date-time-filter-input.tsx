import '@mantine/dates/styles.css';
import { ActionIcon, CloseButton, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeFilterWall } from '../lib/business-time';
import { formatWallText, parseWallText, wallTextPattern } from '../lib/date-text';
import { calendarProps } from './calendar-props';

export interface DateTimeFilterInputProps {
  label: string;
  /**
   * A wall-clock minute of the report time zone (`REPORT_TIMEZONE`), `YYYY-MM-DDTHH:mm`, or ''; or the
   * text as typed while it is no date-time (the list refuses to search with it). The URL keeps the
   * wall form; `filterEdgeIso` (lib/business-time) turns it into the instant the API takes.
   */
  value: string;
  onChange: (value: string) => void;
  /** Time given to a day typed or picked without one: the start or the end of the day. */
  edge: 'start' | 'end';
  /** Why the value was refused, under the field. */
  error?: string | undefined;
  w?: number;
  'data-testid'?: string;
}

/**
 * A date-time filter of every screen, typed as the user writes it (`dd/MM/yyyy HH:mm` in Thai, the
 * specification's `MM/dd/yyyy hh:mm aa` in English) or picked from a calendar. A text that is no
 * date-time stays as typed and is named under the field when left.
 */
export function DateTimeFilterInput({
  label,
  value,
  onChange,
  edge,
  error,
  w = 200,
  'data-testid': testId,
}: DateTimeFilterInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const wall = normalizeFilterWall(value, edge);
  const shown = wall !== '' ? formatWallText(wall, language) : value;
  const [text, setText] = useState(shown);
  const [focused, setFocused] = useState(false);
  const [left, setLeft] = useState(false);
  const [calendar, setCalendar] = useState(false);
  // While the user types, the text is theirs; otherwise it follows the value (a quick range, Clear, a link).
  useEffect(() => {
    if (!focused) setText(shown);
  }, [shown, focused]);

  const typed = (next: string) => {
    setText(next);
    if (next.trim() === '') return onChange('');
    const parsed = parseWallText(next, language, edge);
    onChange(parsed.ok ? parsed.wall : next);
  };
  const parsed = text.trim() === '' ? null : parseWallText(text, language, edge);
  const own =
    left && parsed && !parsed.ok
      ? t(`pickers.dateTime.invalid.${parsed.reason}`, { pattern: wallTextPattern(language) })
      : undefined;

  const pickDay = (day: string | null) => {
    if (!day) return;
    const time = wall !== '' ? wall.slice(11) : edge === 'start' ? '00:00' : '23:59';
    const next = `${day.slice(0, 10)}T${time}`;
    onChange(next);
    setText(formatWallText(next, language));
    setLeft(false);
    setCalendar(false);
  };

  return (
    <TextInput
      label={label}
      value={text}
      onChange={(event) => typed(event.currentTarget.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        setLeft(true);
        // A date-time read from the typing is shown in the one form the field writes.
        if (parsed?.ok) setText(formatWallText(parsed.wall, language));
      }}
      error={own ?? error}
      placeholder={wallTextPattern(language)}
      inputMode="numeric"
      autoComplete="off"
      w={w}
      data-testid={testId}
      leftSection={
        <Popover
          opened={calendar}
          onChange={setCalendar}
          position="bottom-start"
          shadow="md"
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setCalendar((open) => !open)}
              aria-label={t('pickers.dateTime.openCalendar', { label })}
            >
              <IconCalendarTime size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={label}>
            <DatePicker
              value={wall !== '' ? wall.slice(0, 10) : null}
              defaultDate={wall !== '' ? wall.slice(0, 10) : undefined}
              onChange={pickDay}
              locale={language}
              {...calendarProps(t)}
            />
          </Popover.Dropdown>
        </Popover>
      }
      leftSectionPointerEvents="all"
      rightSection={
        text !== '' ? (
          <CloseButton
            size="sm"
            aria-label={t('pickers.dateTime.clear', { label })}
            onClick={() => {
              setText('');
              setLeft(false);
              onChange('');
            }}
          />
        ) : null
      }
    />
  );
}
