/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Prefix of the localStorage keys of this partner's deployment (token under `<prefix>token`). */
  readonly VITE_PARTNER_PREFIX?: string;
  /** Origin of the API; empty means the same origin as the SPA. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
