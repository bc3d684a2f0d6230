import { api } from '@sapi/contract';
import { routeQuery, useBodyMutation } from '../../lib/query-keys';

/** Whether this account signs in with a second factor, must, and how many recovery codes it has left. */
export const totpStatusQuery = routeQuery(api.totpStatus);

/** Own password change (current password in the body; the server may first ask for a re-check, 3005). */
export const useChangePassword = () => useBodyMutation(api.passwordChange);

/** A pending secret to scan (QR and text); turned on by `useTotpConfirm` with the first code. */
export const useTotpEnrol = () => useBodyMutation(api.totpEnrol);
/** The first code turns two-factor sign-in on and answers the 10 recovery codes, once. */
export const useTotpConfirm = () => useBodyMutation(api.totpConfirm);
export const useTotpDisable = () => useBodyMutation(api.totpDisable);
/** A new set of recovery codes; the old ones stop working. */
export const useTotpRecoveryCodes = () => useBodyMutation(api.totpRecoveryCodes);
