import type { App } from '../http/app-type';

/** GET /metrics of an app, as a local scraper reads it. */
export async function scrapeMetrics(app: Pick<App, 'inject'>): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}`);
  return res.body;
}

/** One series' value in a scrape, `name{labels}` as written there; 0 when it does not exist yet. */
export function sampleOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
