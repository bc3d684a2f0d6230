import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FormEvent } from 'react';
import { asciiDigits } from '../lib/digits';

/** What a form may not set on a number input: each of these changes a typed value behind the user's back. */
type Rewriting =
  | 'min'
  | 'max'
  | 'clampBehavior'
  | 'decimalScale'
  | 'fixedDecimalScale'
  | 'allowNegative'
  | 'allowedDecimalSeparators';

export type NumberFieldProps = Omit<NumberInputProps, Rewriting>;

/**
 * Before the input reads what was typed or pasted: its Thai or full-width digits become 0–9, so
 * "๕๐๐๐" is 5000 rather than nothing.
 */
const readDigits = (event: FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const text = asciiDigits(input.value);
  if (text === input.value) return;
  const caret = input.selectionStart;
  input.value = text;
  input.setSelectionRange(caret, caret);
};

/**
 * A number in a form, kept exactly as typed: no clamping to a range, no rounding to a number of
 * decimals, no dropped minus sign. The contract schema says what is allowed, and a value outside it
 * gets an error under the field (101 % or −5 stay on screen, refused), never a silent new value.
 * The decimal point is `.` alone, as in Thai: a typed `,` is never read as one (10,000 stays ten
 * thousand, not 10.000).
 */
export function NumberField(props: NumberFieldProps) {
  return (
    <NumberInput
      {...props}
      clampBehavior="none"
      allowNegative
      allowedDecimalSeparators={['.']}
      onChangeCapture={readDigits}
    />
  );
}
