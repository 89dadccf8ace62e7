// What one node pays for the member events it hears: every node LISTENs on the one channel and
// hears every member's balance events, most of them for members whose sockets are elsewhere. The
// node drops those by the member id at the payload's head (memberOfNotice) before parsing; this
// measures that check against the full JSON.parse it replaces, per event, on the two payload
// formats (the server's JSON.stringify and the database's json_build_object).
//
// Run: node --import tsx bench/notify-fanout.ts [--events 2000000]
import { memberOfNotice } from '../apps/server/src/realtime/event-bus';

const args = process.argv.slice(2);
const i = args.indexOf('--events');
const events = i >= 0 ? Number(args[i + 1]) : 2_000_000;

const server = (m: number) =>
  JSON.stringify({ m, e: { type: 'balance', data: { balance: 1234.56, available: 1200.5, currency: 'PHP' } } });
const database = (m: number) =>
  `{"m" : ${m}, "e" : {"type" : "balance", "data" : {"balance" : 1234.56, "available" : 1200.5, "currency" : "PHP"}}}`;

function perEvent(make: (m: number) => string, handle: (payload: string) => unknown): number {
  const payloads = Array.from({ length: 1024 }, (_, k) => make(100_000 + k));
  let sink = 0;
  for (let n = 0; n < 100_000; n++) if (handle(payloads[n & 1023] as string)) sink++;
  const started = process.hrtime.bigint();
  for (let n = 0; n < events; n++) if (handle(payloads[n & 1023] as string)) sink++;
  const ns = Number(process.hrtime.bigint() - started) / events;
  if (sink < 0) console.log(sink);
  return ns;
}

const connected = new Set<number>();
const skip = (p: string) => {
  const m = memberOfNotice(p);
  return m === undefined || connected.has(m);
};
const parse = (p: string) => connected.has((JSON.parse(p) as { m: number }).m);
for (const [name, make] of [
  ['JSON.stringify payload', server],
  ['json_build_object payload', database],
] as const) {
  const a = perEvent(make, parse);
  const b = perEvent(make, skip);
  console.log(
    `${name}: full parse ${a.toFixed(0)} ns/event, head check ${b.toFixed(0)} ns/event (${(a / b).toFixed(1)}x); at 10,000 events/s a node spends ${((a * 10_000) / 1e7).toFixed(2)}% of a core parsing, ${((b * 10_000) / 1e7).toFixed(2)}% checking`,
  );
}
console.log(`load average: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
