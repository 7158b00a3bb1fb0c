import { describe, expect, it } from 'vitest';
import { fallingBackRateLimiter, memoryRateLimiter, type RateLimiter } from './rate-limiter.js';

/** A shared limiter whose store can be made to fail, as Redis away does. */
function flakyLimiter() {
  const inner = memoryRateLimiter();
  let away = false;
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) =>
      away ? Promise.reject(new Error('Connection is closed.')) : call(...args);
  const limiter: RateLimiter = {
    hit: guard(inner.hit),
    clear: guard(inner.clear),
    isUnder: guard(inner.isUnder),
  };
  return { limiter, setAway: (value: boolean) => (away = value) };
}

describe('rate limits while the shared store fails', () => {
  it('keeps every limit in force with this process counting, and shares again when it is back', async () => {
    const shared = flakyLimiter();
    const warnings: string[] = [];
    const limiter = fallingBackRateLimiter(shared.limiter, memoryRateLimiter(), (message) =>
      warnings.push(message),
    );
    expect((await limiter.hit('login:a', 2, 60)).allowed).toBe(true);

    shared.setAway(true);
    expect((await limiter.hit('login:a', 2, 60)).allowed).toBe(true);
    expect((await limiter.hit('login:a', 2, 60)).allowed).toBe(true);
    expect(await limiter.hit('login:a', 2, 60)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await limiter.isUnder('login:a', 2)).toBe(false);

    shared.setAway(false);
    // Back on the shared counts, which saw one hit before the outage.
    expect(await limiter.hit('login:a', 2, 60)).toMatchObject({ allowed: true, remaining: 0 });
    expect(warnings).toEqual([
      'Rate limits are counted per instance while Redis fails: Connection is closed.',
      'Rate limits are shared through Redis again',
    ]);
  });
});
