import { api, type BodyOf } from '@sapi/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routeQuery, useBodyMutation } from '../../lib/query-keys';

/** Whether this account signs in with a second factor, must, and how many recovery codes it has left. */
export const totpStatusQuery = routeQuery(api.totpStatus);

/** Own password change (current password in the body; the server may first ask for a re-check, 3005). */
export const useChangePassword = () => useBodyMutation(api.passwordChange);

/** A pending secret to scan (QR and text); turned on by `useTotpConfirm` with the first code. */
export const useTotpEnrol = () => useBodyMutation(api.totpEnrol);
/**
 * The first code turns two-factor sign-in on and answers the 10 recovery codes, once. The status is
 * not fetched again here: the screen would leave the codes before they are saved; Done does it.
 */
export const useTotpConfirm = () =>
  useMutation({ mutationFn: (body: BodyOf<typeof api.totpConfirm>) => call(api.totpConfirm, { body }) });
export const useTotpDisable = () => useBodyMutation(api.totpDisable);
/** A new set of recovery codes; the old ones stop working. */
export const useTotpRecoveryCodes = () => useBodyMutation(api.totpRecoveryCodes);
