import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics, OpenStream } from '../infra/metrics.js';

/** The route label of answers no route claims (the web app's pages, unknown addresses). */
export const UNMATCHED_ROUTE = 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's figures for Prometheus (`infra/metrics.ts`). */
    metrics: AppMetrics;
  }
}

export interface HttpMetricsOptions {
  metrics: AppMetrics;
  /** Whether request durations are measured: only when someone may read them (`METRICS_TOKEN`). */
  measureRequests: boolean;
}

/**
 * Each answer's duration, by method, route pattern and status (`http_request_duration_seconds`).
 * The pattern, not the path: `/api/v1/tracks/:id` is one series, whatever the id.
 */
export const httpMetricsPlugin = fp<HttpMetricsOptions>(
  async (app: FastifyInstance, { metrics, measureRequests }) => {
    app.decorate('metrics', metrics);
    if (!measureRequests) return;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'http-metrics' },
);

/** Counts an answer that stays open (audio sent, an event stream) until its connection closes. */
export function countWhileOpen(reply: FastifyReply, kind: OpenStream): void {
  reply.server.metrics?.countWhileOpen(kind, reply.raw);
}
