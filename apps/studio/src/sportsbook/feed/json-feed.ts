import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SerialPasses } from '../../kit/loop-timer';
import { FeedDocument, FeedMessage, type FeedReject, type FeedSink, type FeedSource } from '../types';

// The importer of the documented JSON feed (docs/sportsbook.md "Feed"): how an operator connects a
// data provider. It reads a FeedDocument from a file once, or polls an HTTP URL for the messages
// after the last one it applied (`?after=<seq>`). Every message is checked with the feed schema on
// its own: an invalid one is reported with its seq and skipped, the others are applied, in seq
// order, each once (a message at or below the last applied seq is a repeat and is dropped).

/** The document's frame, its messages still unchecked (each is checked on its own). */
const Envelope = FeedDocument.extend({ messages: z.array(z.unknown()).max(100_000) });

export type JsonFeedReport =
  /** A message the schema refused (seq null when it has no usable seq): skipped. */
  | { kind: 'invalid'; seq: number | null; issues: string }
  /** The document could not be read, or the sink refused a message (the rest of the page waits for the next poll). */
  | { kind: 'error'; error: string };

export type JsonFeedOptions = ({ file: string } | { url: string; pollMs: number }) & {
  /** The seq the book last applied from this source: only later messages are applied. */
  after?: number;
  /** Sent with every HTTP request (a provider's API key). */
  headers?: Record<string, string>;
  onReport?: (report: JsonFeedReport) => void;
  /** The source's name as the studio knows it (the documents name theirs). */
  name?: string;
  /**
   * Where several processes share the studio's database, the one that holds this lease reads the
   * feed: a file once, a URL at each poll (a follower polls nothing until the lease lapses).
   */
  lease?: FeedLease;
};

/** A named lease on the studio's database (lease.ts), held by this feed's process. */
export type FeedLease = {
  /** Takes or renews it for `ms`; false while another process holds it. */
  hold(ms: number): Promise<boolean>;
  /** Lets it go at once (a clean stop). */
  release(): Promise<void>;
};

export type JsonFeed = FeedSource & {
  /** HTTP: fetches and applies what is new now (pages until caught up); the number applied. */
  poll(): Promise<number>;
  /** The seq of the last message applied. */
  readonly lastSeq: number | undefined;
};

/** Pages fetched in one poll at most (a provider that keeps answering is read on at the next poll). */
const MAX_PAGES_PER_POLL = 50;
const FETCH_TIMEOUT_MS = 15_000;
/** How long a file feed's reader holds its lease: until it stops, or this long after a crash. */
const FILE_LEASE_MS = 10 * 60_000;
/** A poller's lease lasts three polls and a fetch: a missed poll or two does not hand it over. */
const pollLeaseMs = (pollMs: number) => 3 * pollMs + FETCH_TIMEOUT_MS;

export function createJsonFeed(options: JsonFeedOptions): JsonFeed {
  return new JsonFeedSource(options);
}

class JsonFeedSource implements JsonFeed {
  readonly name: string;
  readonly #o: JsonFeedOptions;
  #sink: FeedSink | undefined;
  #lastSeq: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #passes = new SerialPasses(() => undefined);
  #abort: AbortController | undefined;

  constructor(options: JsonFeedOptions) {
    this.#o = options;
    this.name = options.name ?? 'json-feed';
    this.#lastSeq = options.after;
  }

  get lastSeq(): number | undefined {
    return this.#lastSeq;
  }

  async start(sink: FeedSink): Promise<void> {
    this.#sink = sink;
    if ('file' in this.#o) {
      if (await this.#leading(FILE_LEASE_MS)) await this.#readFile(this.#o.file);
      return;
    }
    const pollMs = this.#o.pollMs;
    const next = () => {
      this.#timer = setTimeout(() => {
        void this.poll().finally(() => {
          if (this.#sink) next();
        });
      }, pollMs);
      this.#timer.unref();
    };
    await this.poll();
    if (this.#sink && pollMs > 0) next();
  }

  async stop(): Promise<void> {
    this.#sink = undefined;
    if (this.#timer) clearTimeout(this.#timer);
    this.#abort?.abort();
    await this.#passes.done();
    await this.#o.lease?.release().catch(() => undefined);
  }

  /** Whether this process reads the feed now (always, without a lease). */
  async #leading(ms: number): Promise<boolean> {
    const lease = this.#o.lease;
    return lease ? lease.hold(ms).catch(() => false) : true;
  }

  poll(): Promise<number> {
    return this.#passes.run(() => this.#pollOnce());
  }

  /** Tells the options' listener and the sink (the book logs, counts and lists it for the trader). */
  async #report(report: JsonFeedReport, source = this.name): Promise<void> {
    this.#o.onReport?.(report);
    const reject: FeedReject =
      report.kind === 'invalid'
        ? { kind: 'invalid', seq: report.seq, reason: report.issues }
        : { kind: 'error', seq: null, reason: report.error };
    // A book that cannot record it still has the message logged by the listener; the feed goes on.
    await this.#sink?.reject?.(source, reject).catch(() => undefined);
  }

  async #readFile(file: string): Promise<void> {
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(file, 'utf8'));
    } catch (err) {
      await this.#report({ kind: 'error', error: `${file}: ${(err as Error).message}` });
      return;
    }
    await this.#ingest(doc);
  }

  async #pollOnce(): Promise<number> {
    if (!('url' in this.#o)) return 0;
    if (!(await this.#leading(pollLeaseMs(this.#o.pollMs)))) return 0;
    let applied = 0;
    for (let page = 0; page < MAX_PAGES_PER_POLL && this.#sink; page++) {
      const url = new URL(this.#o.url);
      if (this.#lastSeq !== undefined) url.searchParams.set('after', String(this.#lastSeq));
      let doc: unknown;
      this.#abort = new AbortController();
      try {
        const res = await fetch(url, {
          headers: { accept: 'application/json', ...this.#o.headers },
          signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        doc = await res.json();
      } catch (err) {
        if (this.#sink)
          await this.#report({ kind: 'error', error: `${url.origin}${url.pathname}: ${(err as Error).message}` });
        return applied;
      }
      const before = this.#lastSeq;
      applied += await this.#ingest(doc);
      if (this.#lastSeq === before) break;
    }
    return applied;
  }

  /** Checks and applies a document's messages; the number applied. */
  async #ingest(doc: unknown): Promise<number> {
    const envelope = Envelope.safeParse(doc);
    if (!envelope.success) {
      await this.#report({ kind: 'error', error: `not a feed document: ${issuesOf(envelope.error)}` });
      return 0;
    }
    const valid: FeedMessage[] = [];
    let skippedUpTo: number | undefined;
    for (const raw of envelope.data.messages) {
      const parsed = FeedMessage.safeParse(raw);
      if (parsed.success) {
        valid.push(parsed.data);
        continue;
      }
      const seq = seqOf(raw);
      const source = envelope.data.source;
      if (seq !== null && (this.#lastSeq === undefined || seq > this.#lastSeq)) {
        await this.#report({ kind: 'invalid', seq, issues: issuesOf(parsed.error) }, source);
        skippedUpTo = Math.max(skippedUpTo ?? seq, seq);
      } else if (seq === null) await this.#report({ kind: 'invalid', seq, issues: issuesOf(parsed.error) }, source);
    }
    valid.sort((a, b) => a.seq - b.seq);
    let applied = 0;
    for (const message of valid) {
      const sink = this.#sink;
      if (!sink) break;
      if (this.#lastSeq !== undefined && message.seq <= this.#lastSeq) continue;
      try {
        await sink.apply(envelope.data.source, message);
      } catch (err) {
        await this.#report(
          { kind: 'error', error: `seq ${message.seq} not applied: ${(err as Error).message}` },
          envelope.data.source,
        );
        break;
      }
      this.#lastSeq = message.seq;
      applied++;
    }
    // The whole page is done: an invalid message is not asked for again (it would stay invalid).
    if (skippedUpTo !== undefined && valid.every((m) => this.#lastSeq !== undefined && m.seq <= this.#lastSeq)) {
      this.#lastSeq = Math.max(this.#lastSeq ?? skippedUpTo, skippedUpTo);
    }
    return applied;
  }
}

function seqOf(raw: unknown): number | null {
  const seq = (raw as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : null;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`)
    .join('; ');
}
