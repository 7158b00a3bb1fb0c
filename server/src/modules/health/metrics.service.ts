import crypto from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { AppMetrics } from '../../infra/metrics.js';

export type MetricsService = ReturnType<typeof createMetricsService>;

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * The metrics for whoever holds `METRICS_TOKEN` (a Prometheus server): none at all without one,
 * as if there were no such address.
 */
export function createMetricsService({
  token,
  metrics,
}: {
  token: string | undefined;
  metrics: AppMetrics;
}) {
  // Digests of equal length, compared in constant time: the answer's timing tells nothing of
  // how much of a guessed token was right.
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return {
    /** The Prometheus text for the `Authorization` header a request came with. */
    async read(authorization: string | undefined): Promise<{ type: string; text: string }> {
      if (!expected) throw AppError.notFound();
      if (authorization === undefined || !crypto.timingSafeEqual(digest(authorization), expected))
        throw new AppError(401, 'A bearer token for the metrics is required.', {
          code: 'unauthenticated',
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      return metrics.exposition();
    },
  };
}
