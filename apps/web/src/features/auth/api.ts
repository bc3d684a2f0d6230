import { api, type LoginBody } from '@sapi/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** POST login → the bearer token, or 3006 with a challenge when the account has a second factor. */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => call(api.login, { body }),
  });

/** Sign-in step 2: the challenge of the 3006 answer and an authenticator or recovery code → the token. */
export const useLoginCode = () =>
  useMutation({
    mutationFn: (body: { challenge: string; code: string }) => call(api.loginTotp, { body }),
  });
