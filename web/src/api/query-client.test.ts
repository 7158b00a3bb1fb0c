import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it.each([401, 403, 404])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, new ApiError(status, null))).toBe(false);
  });

  it.each([0, 419, 422, 500, 503])('retries a %i at most twice', (status) => {
    const error = new ApiError(status, null);
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('retries errors that are not API errors at most twice', () => {
    expect(shouldRetryQuery(1, new Error('boom'))).toBe(true);
    expect(shouldRetryQuery(2, new Error('boom'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for 30 seconds and uses the retry rule', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(30_000);
    expect(defaults?.retry).toBe(shouldRetryQuery);
  });

  it('stops a failing query after two retries', async () => {
    const client = createQueryClient();
    let attempts = 0;
    await client
      .fetchQuery({
        queryKey: ['failing'],
        retryDelay: 0,
        queryFn: () => {
          attempts += 1;
          throw new ApiError(500, null);
        },
      })
      .catch(() => undefined);
    expect(attempts).toBe(3);
  });
});
