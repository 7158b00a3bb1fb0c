import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteDurations } from './route-durations.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED = [
  ['GET', '/api/v1/tracks/:id', 200, 0.0004],
  ['GET', '/api/v1/tracks/:id', 200, 0.01],
  ['GET', '/api/v1/tracks/:id', 404, 0.05],
  ['POST', '/auth/login', 422, 0.3],
  ['GET', 'unmatched', 200, 12],
] as const;

describe('request durations', () => {
  it('read exactly as a prom-client histogram of the same observations', async () => {
    const ours = new Registry();
    const durations = new RouteDurations(BUCKETS);
    ours.registerMetric(durations.asMetric());
    const theirs = new Registry();
    const histogram = new Histogram({
      name: durations.name,
      help: durations.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: status }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain(
      'http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/v1/tracks/:id",status_code="200"} 2',
    );
  });
});
