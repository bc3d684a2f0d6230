import { partnerPrefix } from './config';

/** localStorage key of the bearer token: `<partner prefix>token` (spec §9). */
export const TOKEN_KEY = `${partnerPrefix}token`;

type Listener = () => void;
const listeners = new Set<Listener>();
const expiredListeners = new Set<Listener>();

const read = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
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

  setToken(token: string) {
    try {
      window.localStorage.setItem(TOKEN_KEY, token);
    } finally {
      emit();
    }
  },

  clearToken() {
    try {
      window.localStorage.removeItem(TOKEN_KEY);
    } finally {
      emit();
    }
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
