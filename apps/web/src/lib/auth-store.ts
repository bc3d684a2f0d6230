import { type LoginNext, loginNextSchema } from '@sapi/contract';
import { partnerPrefix } from './config';

/** localStorage key of the bearer token: `<partner prefix>token` (docs/spec.md §9). */
export const TOKEN_KEY = `${partnerPrefix}token`;
/**
 * localStorage key of what the signed-in account must set up before anything else (docs/design.md §13):
 * `change-password` or `enrol-totp`, kept beside the token so a reload or a typed URL still leads there.
 */
export const SETUP_KEY = `${partnerPrefix}setup`;

type Listener = () => void;
const listeners = new Set<Listener>();
const expiredListeners = new Set<Listener>();
const setupListeners = new Set<(next: LoginNext) => void>();

const read = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

const readSetup = (): LoginNext | null => {
  try {
    const parsed = loginNextSchema.safeParse(window.localStorage.getItem(SETUP_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const writeSetup = (next: LoginNext | null) => {
  try {
    if (next) window.localStorage.setItem(SETUP_KEY, next);
    else window.localStorage.removeItem(SETUP_KEY);
  } catch {
    // Storage refused: the server still answers 3007/3009, which lead here again.
  }
};

const emit = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

export const authStore = {
  getToken: read,

  /** A new session; `next` when the sign-in answered that something must be set up first. */
  setToken(token: string, next?: LoginNext) {
    try {
      writeSetup(next ?? null);
      window.localStorage.setItem(TOKEN_KEY, token);
    } finally {
      emit();
    }
  },

  clearToken() {
    try {
      writeSetup(null);
      window.localStorage.removeItem(TOKEN_KEY);
    } finally {
      emit();
    }
  },

  /** What the signed-in account must set up before any other screen, or null. */
  getSetup: readSetup,

  /** The server answered 3007 or 3009 (or a sign-in said `next`): only the set-up screen until it is done. */
  requireSetup(next: LoginNext) {
    writeSetup(next);
    for (const listener of setupListeners) listener(next);
  },

  /** The set-up step is done. */
  clearSetup() {
    writeSetup(null);
  },

  onSetupRequired(listener: (next: LoginNext) => void): () => void {
    setupListeners.add(listener);
    return () => setupListeners.delete(listener);
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** The server answered 3001 to a protected call: the session is gone. */
  sessionExpired() {
    this.clearToken();
    for (const listener of expiredListeners) listener();
  },

  onSessionExpired(listener: Listener): () => void {
    expiredListeners.add(listener);
    return () => expiredListeners.delete(listener);
  },
};
