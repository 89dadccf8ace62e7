// Timing and reporting shared by the benches: a closed loop of concurrent clients for a fixed
// time, latency percentiles, the load average, and the markdown table the figures go into.
import { loadavg } from 'node:os';

export type Result = { label: string; clients: number; ops: number; perSecond: number; p50: number; p99: number };

/** The p-th percentile of an ascending list (0 for an empty one). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One table row from the latencies of a run (sorts them in place). */
export function summarise(label: string, clients: number, latencies: number[], elapsed: number): Result {
  latencies.sort((a, b) => a - b);
  return {
    label,
    clients,
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * `clients` loops each call `op` back to back for `seconds`; every call's latency in ms, and the
 * elapsed seconds (the last calls finish after the deadline, so elapsed is measured, not assumed).
 */
export async function runFor(
  seconds: number,
  clients: number,
  op: (worker: number, i: number) => Promise<void>,
): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await op(worker, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

/** The 1, 5 and 15 minute load averages: the figures only mean something next to them. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export function printTable(results: Result[]) {
  console.log('| run | clients | ops | ops/s | p50 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.clients} | ${r.ops} | ${Math.round(r.perSecond)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
    );
}

export type SerialRow = { label: string; n: number; p50: number; p99: number; max: number };

/** One client calls `op` `n` times back to back after a few warm-up calls: p50, p99 and max in ms. */
export async function timeSerial(label: string, n: number, op: (i: number) => Promise<void>): Promise<SerialRow> {
  for (let i = 0; i < Math.min(5, n); i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, n, p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] ?? 0 };
}
