import { Status } from '@sapi/contract';
import { QueryClient } from '@tanstack/react-query';
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
