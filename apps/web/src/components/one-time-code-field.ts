import type { ChangeEvent } from 'react';
import { oneTimeCode } from '../lib/digits';
import type { InputField } from './form-dialog';

/** A form's one-time-code field, read as `oneTimeCode` reads it (Thai digits, the spaces apps show). */
export const oneTimeCodeField = (field: InputField<string>) => ({
  ...field,
  onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(oneTimeCode(event.currentTarget.value)),
});
