import { Status } from '@sapi/contract';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A lost connection is worth one more try; a server answer is final.
      retry: (count, error) => count < 1 && error instanceof ApiError && error.status === Status.NO_RESPONSE,
      refetchOnWindowFocus: false,
      staleTime: 0,
    },
    mutations: { retry: false },
  },
});

/**
 * Queries that refetch on focus (only the signed-in admin's POST self, docs/spec.md §7) do so when the tab
 * becomes visible — TanStack Query's own signal — and also when the window comes back to the front
 * from another application or window, where the tab never stopped being visible.
 */
if (typeof window !== 'undefined') {
  focusManager.setEventListener((refocus) => {
    const onChange = () => refocus();
    window.addEventListener('visibilitychange', onChange, false);
    window.addEventListener('focus', onChange, false);
    return () => {
      window.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
    };
  });
}
