import { NumberInput, type NumberInputProps } from '@mantine/core';

/** What a form may not set on a number input: each of these changes a typed value behind the user's back. */
type Rewriting = 'min' | 'max' | 'clampBehavior' | 'decimalScale' | 'fixedDecimalScale' | 'allowNegative';

export type NumberFieldProps = Omit<NumberInputProps, Rewriting>;

/**
 * A number in a form, kept exactly as typed: no clamping to a range, no rounding to a number of
 * decimals, no dropped minus sign. The contract schema says what is allowed, and a value outside it
 * gets an error under the field (101 % or −5 stay on screen, refused), never a silent new value.
 */
export function NumberField(props: NumberFieldProps) {
  return <NumberInput {...props} clampBehavior="none" allowNegative />;
}
