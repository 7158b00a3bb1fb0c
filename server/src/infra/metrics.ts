import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How a sign-in attempt ended. */
export type SignInOutcome = 'success' | 'failure' | 'throttled';

/** Answers that stay open while they play or listen, counted while open. */
export type OpenStream = 'audio' | 'events';

/** What a job queue tells of itself each time the figures are read: its jobs by state. */
export type QueueFigures = Record<string, number>;

/** The request durations' buckets, in seconds: a cached page to a slow import call. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's figures for Prometheus, in a registry of its own: several apps in one process (the
 * tests) keep theirs apart. Modules get the part they feed; the `/metrics` route reads them all.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDurations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer written, by route pattern.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly openStreams = new Gauge({
    name: 'cadenza_open_streams',
    help: 'Answers held open now: audio being sent, and live event streams.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: 'cadenza_sign_ins_total',
    help: 'Sign-in attempts by how they ended.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly uploads = new Counter({
    name: 'cadenza_uploads_total',
    help: 'Files users uploaded, whichever way they came.',
    registers: [this.registry],
  });
  /** Each queue's jobs by state, read when the metrics are read. */
  private readQueues: () => Promise<Record<string, QueueFigures>> = async () => ({});

  constructor() {
    for (const kind of ['audio', 'events'] satisfies OpenStream[])
      this.openStreams.set({ kind }, 0);
    for (const outcome of ['success', 'failure', 'throttled'] satisfies SignInOutcome[])
      this.signIns.inc({ outcome }, 0);
    const queues = () => this.readQueues();
    new Gauge({
      name: 'cadenza_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, completed, failed).',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      // Read when Prometheus asks, so the queue is not polled between scrapes.
      async collect() {
        this.reset();
        // Queues that cannot say (Redis away) leave their series out, not the whole answer.
        const figures = await queues().catch(() => ({}));
        for (const [queue, counts] of Object.entries(figures))
          for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
      },
    });
  }

  /** Adds Node.js's own figures (memory, event loop, GC, handles): only when metrics are read. */
  collectProcessFigures(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answer, by its route's pattern (never the raw path: one series per route). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDurations.observe({ method, route, status_code: statusCode }, seconds);
  }

  /** Counts an answer while it stays open: from now until its connection closes. */
  countWhileOpen(kind: OpenStream, response: NodeJS.EventEmitter): void {
    this.openStreams.inc({ kind });
    response.once('close', () => this.openStreams.dec({ kind }));
  }

  countSignIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  countUpload(): void {
    this.uploads.inc();
  }

  /**
   * Where the job queue makes its figures known: `read` is called each time the metrics are
   * read, and its answer becomes `cadenza_queue_jobs{queue, state}`.
   */
  registerQueues(read: () => Promise<Record<string, QueueFigures>>): void {
    this.readQueues = read;
  }

  /** The text Prometheus reads, and its content type. */
  async exposition(): Promise<{ type: string; text: string }> {
    return { type: this.registry.contentType, text: await this.registry.metrics() };
  }
}
