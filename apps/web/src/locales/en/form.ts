import type { Resource } from '../resource';
import type { form as th } from '../th/form';

export const form: Resource<typeof th> = {
  required: 'This field is required',
};
