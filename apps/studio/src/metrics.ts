import { Gauge, register } from 'prom-client';
import type { StudioDb } from './kit/db/database';
import { owedWork } from './studio.queries';

// The studio's wallet outbox for the operations team: what it owes the platform's wallet and has not
// delivered, by product, and how long the oldest has waited. Read at each scrape of the node the
// studio is mounted in (prom-client's global registry), from the studio that started last in this
// process; the deliveries themselves are counted in kit/outbound.ts.

type Source = { db: StudioDb; now: () => Date };
type Owed = { product: string; owed: number; age: number }[];
// Process-wide, like the gauges: a second evaluation of this module (a test runner) must feed the
// gauges the first one made.
const KEY = Symbol.for('gamehall.studio.owed');
const shared = globalThis as { [KEY]?: { source?: Source; last?: { at: number; rows: Promise<Owed> } } };
shared[KEY] ??= {};
const current = shared[KEY];
/** Past this, the scrape goes on without the studio's figures (its database is down or slow). */
const READ_WITHIN_MS = 2_000;
/**
 * One read serves the scrapes of this long: the partial indexes it goes through hold the unfinished
 * rows (open rounds and lottery tickets too), and every request worker of a node is scraped.
 */
const READ_EVERY_MS = 10_000;

function read(): Promise<Owed> {
  const last = current.last;
  if (last && Date.now() - last.at < READ_EVERY_MS) return last.rows;
  const rows = readNow();
  current.last = { at: Date.now(), rows };
  return rows;
}

async function readNow(): Promise<Owed> {
  if (!current.source) return [];
  const { db, now } = current.source;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the studio database did not answer in time')), READ_WITHIN_MS);
  });
  try {
    const rows = await Promise.race([owedWork(db), late]);
    return rows.map((r) => ({
      product: r.product,
      owed: r.owed,
      age: r.oldest ? Math.max(0, (now().getTime() - new Date(r.oldest).getTime()) / 1000) : 0,
    }));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

function gauges(): void {
  if (register.getSingleMetric('gamehall_studio_owed')) return;
  let rows: ReturnType<typeof read> = Promise.resolve([]);
  new Gauge({
    name: 'gamehall_studio_owed',
    help: 'What the house studio owes the wallet and has not delivered, by product (casino, cardroom, sportsbook)',
    labelNames: ['product'],
    aggregator: 'max',
    async collect() {
      rows = read();
      this.reset();
      for (const row of await rows) this.set({ product: row.product }, row.owed);
    },
  });
  // Registered after the count, so a scrape collects it second and takes the count's read.
  new Gauge({
    name: 'gamehall_studio_owed_oldest_seconds',
    help: 'How long the oldest undelivered amount the house studio owes the wallet has waited, by product',
    labelNames: ['product'],
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const row of await rows) this.set({ product: row.product }, row.age);
    },
  });
}

/**
 * The studio whose outbox the metrics read: the one that started last in this process, until it
 * closes (the answer stops it).
 */
export function measureOwedWork(db: StudioDb, now: () => Date): () => void {
  gauges();
  const source = { db, now };
  current.source = source;
  current.last = undefined;
  return () => {
    if (current.source === source) current.source = undefined;
  };
}
