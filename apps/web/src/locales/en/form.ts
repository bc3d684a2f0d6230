import type { Resource } from '../resource';
import type { form as th } from '../th/form';

export const form: Resource<typeof th> = {
  required: 'This field is required',
  notANumber:
    '“{{text}}” is not a number: type only 0–9, a decimal point (.), a minus sign and , between thousands',
  discardTitle: 'Discard your changes?',
  discardText: 'What you typed in this dialog is not saved. Closing now loses it.',
  discard: 'Discard and close',
  keepEditing: 'Keep editing',
};
