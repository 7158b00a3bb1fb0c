import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 2;

/**
 * Whether a failed query runs again (spec section 8): never when the answer is final for this
 * visitor (401, 403, 404), otherwise up to two more attempts.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error, 401, 403, 404)) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetryQuery },
    },
  });
}

/** The app's one cache of server data. */
export const queryClient = createQueryClient();
