import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '../lib/digits';

export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  /** The form's value: a number, or the text as typed while it is none ('' when empty). */
  value: number | string;
  onChange: (value: number | string) => void;
  /** `,` groups the thousands as the user types (and reads typed commas only where they group). */
  thousandSeparator?: ',' | undefined;
  /** Kept for the callers of the former spin-button input; there are no controls to hide. */
  hideControls?: boolean | undefined;
  /** Not used to round: the schema says how many decimals are allowed. */
  step?: number | undefined;
  /** Shown after the number (e.g. ` %`), never part of it. */
  suffix?: string | undefined;
}

/** A number as typed: an optional minus, digits (grouped by commas in threes, or not at all), a `.` and decimals. */
const PLAIN = /^-?\d*\.?\d*$/;
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * What a typed text stands for: its number, or undefined when it is none. Nothing is dropped to make
 * one: `1e6`, `1,5`, `12abc`, two points or a lone `-` are not numbers.
 */
export const numberOfText = (text: string, grouping: boolean): number | undefined => {
  const t = asciiDigits(text).trim();
  if (t === '' || t === '-' || t === '.' || t === '-.') return undefined;
  if (PLAIN.test(t)) return Number(t);
  if (grouping && GROUPED.test(t)) return Number(t.replaceAll(',', ''));
  return undefined;
};

/** The typed text with its whole part grouped in threes (decimals exactly as typed). */
const grouped = (text: string): string => {
  const m = /^(-?)(\d*)(\.?\d*)$/.exec(text);
  if (!m) return text;
  const [, sign, whole = '', rest = ''] = m;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${rest}`;
};

/** A value as the field shows it when it did not come from the typing (a form reset, an edit dialog). */
const textOf = (value: number | string, grouping: boolean): string => {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const plain = Object.is(value, -0) ? '-0' : String(value);
  // Exponent forms (1e21) are what JavaScript writes, not what the user typed: shown in full.
  const full = /e/i.test(plain)
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : plain;
  return grouping ? grouped(full) : full;
};

/**
 * A number in a form, kept exactly as typed: no clamping to a range, no rounding, no dropped or
 * rewritten character. Thai and full-width digits are read as 0–9 (one character for one); with
 * `thousandSeparator` the whole part is grouped by commas as the user types. A text that is not a
 * number (`1e6`, `1,5`, `12abc`) stays on screen, is named under the field, and reaches the form as
 * text, so the contract schema refuses it too: never a silent new value.
 */
export function NumberField({
  value,
  onChange,
  thousandSeparator,
  hideControls: _hideControls,
  step: _step,
  suffix,
  error,
  onBlur,
  onFocus,
  rightSection,
  ...rest
}: NumberFieldProps) {
  const { t } = useTranslation();
  const grouping = thousandSeparator === ',';
  const [text, setText] = useState(() => textOf(value, grouping));
  const [focused, setFocused] = useState(false);
  const [left, setLeft] = useState(false);
  const pendingCaret = useRef<{ input: HTMLInputElement; digitsBefore: number } | null>(null);

  // A value set from outside (reset, loaded record) is shown; while typing the text is the user's.
  useEffect(() => {
    if (focused) return;
    const number = numberOfText(text, grouping);
    if (typeof value === 'number' ? number !== value : text !== value) setText(textOf(value, grouping));
  }, [value, focused, grouping, text]);

  // After regrouping, the caret stays after the same digit the user typed.
  useEffect(() => {
    const pending = pendingCaret.current;
    if (!pending) return;
    pendingCaret.current = null;
    let seen = 0;
    let at = 0;
    const shown = pending.input.value;
    while (at < shown.length && seen < pending.digitsBefore) {
      if (shown[at] !== ',') seen++;
      at++;
    }
    pending.input.setSelectionRange(at, at);
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = asciiDigits(input.value);
    let next = typed;
    // Regroup a number whose commas are where they group, or are the ones this field put there (the
    // shown text was its own grouping and no comma was typed); a comma the user typed elsewhere stays.
    const commas = (value: string) => value.split(',').length - 1;
    const ours =
      grouping &&
      text === grouped(text.replaceAll(',', '')) &&
      commas(typed) <= commas(text) &&
      PLAIN.test(typed.replaceAll(',', ''));
    if (grouping && (ours || numberOfText(typed, true) !== undefined)) {
      next = grouped(typed.replaceAll(',', ''));
      const caret = input.selectionStart ?? typed.length;
      pendingCaret.current = { input, digitsBefore: typed.slice(0, caret).replaceAll(',', '').length };
    }
    setText(next);
    const number = numberOfText(next, grouping);
    onChange(next.trim() === '' ? '' : (number ?? next));
  };

  const refused = text.trim() !== '' && numberOfText(text, grouping) === undefined;
  const own: ReactNode =
    refused && (left || Boolean(error)) ? t('form.notANumber', { text: text.trim() }) : undefined;

  return (
    <TextInput
      {...rest}
      value={text}
      onChange={change}
      inputMode="decimal"
      autoComplete="off"
      error={own ?? error}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        setLeft(true);
        onBlur?.(event);
      }}
      rightSection={
        rightSection ??
        (suffix ? (
          <Text size="sm" c="dimmed" aria-hidden>
            {suffix.trim()}
          </Text>
        ) : undefined)
      }
    />
  );
}
