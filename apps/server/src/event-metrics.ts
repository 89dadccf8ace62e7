import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  register,
} from 'prom-client';

// The metrics modules count as things happen (postings, vendor calls, logins, sockets), made at
// their module's load in prom-client's global registry, which GET /metrics gathers (http/metrics.ts). A
// module can be evaluated twice in one process (a test runner's isolated files, the bootstrap and
// the app), while prom-client is loaded once and refuses a second metric of one name: the second
// evaluation counts on the first one's metric.

export function eventCounter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}

export function eventGauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T> {
  return (register.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge(config);
}

export function eventHistogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
  return (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config);
}
