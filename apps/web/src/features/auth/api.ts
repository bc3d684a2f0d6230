import { api, type LoginBody } from '@sapi/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** POST login → the bearer token. */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body }),
  });
