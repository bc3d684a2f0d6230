/** Build-time settings (Vite env). */
export const partnerPrefix: string = import.meta.env.VITE_PARTNER_PREFIX || 'sapi_';

/** API origin without a trailing slash; '' = same origin as the SPA. */
export const apiBase: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
