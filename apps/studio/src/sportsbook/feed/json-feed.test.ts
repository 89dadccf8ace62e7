import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedDocument, type FeedMessage } from '../types';
import { createJsonFeed, type FeedLease, type JsonFeedReport } from './json-feed';

const SAMPLE = path.join(import.meta.dirname, 'sample-feed.json');
const sample = () =>
  JSON.parse(readFileSync(SAMPLE, 'utf8')) as { source: string; messages: Record<string, unknown>[] };

function recorder() {
  const applied: { source: string; message: FeedMessage }[] = [];
  const reports: JsonFeedReport[] = [];
  return {
    applied,
    reports,
    seqs: () => applied.map((a) => a.message.seq),
    sink: {
      async apply(source: string, message: FeedMessage) {
        applied.push({ source, message });
      },
    },
    onReport: (r: JsonFeedReport) => reports.push(r),
  };
}

describe('the sample feed', () => {
  it('is a valid document with every kind of message a provider sends', () => {
    const doc = FeedDocument.parse(sample());
    const kinds = new Set(doc.messages.map((m) => m.kind));
    expect(kinds).toEqual(new Set(['fixture', 'markets', 'suspend', 'resume', 'state', 'result', 'abandon']));
    expect(new Set(doc.messages.filter((m) => m.kind === 'fixture').map((m) => m.fixture.sport))).toEqual(
      new Set(['football', 'basketball']),
    );
    expect(doc.messages.some((m) => m.kind === 'result' && m.correction)).toBe(true);
    expect(
      doc.messages.some(
        (m) => m.kind === 'markets' && m.markets.some((q) => q.line4 !== undefined && q.line4 % 2 !== 0),
      ),
    ).toBe(true);
  });
});

describe('JSON feed from a file', () => {
  it('applies every message of the sample in seq order', async () => {
    const r = recorder();
    const feed = createJsonFeed({ file: SAMPLE, onReport: r.onReport });
    await feed.start(r.sink);
    const count = sample().messages.length;
    expect(r.reports).toEqual([]);
    expect(r.seqs()).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(new Set(r.applied.map((a) => a.source))).toEqual(new Set(['sample-provider']));
    expect(feed.lastSeq).toBe(count);
    await feed.stop();
  });

  it('reports an invalid message with its seq, skips it and applies the rest in order', async () => {
    const doc = sample();
    const bad = doc.messages.filter((m) => m.kind === 'markets')[2]!;
    const count = doc.messages.length;
    (bad.markets as { selections: { odds1000: number }[] }[])[0]!.selections[0]!.odds1000 = 999;
    doc.messages.push({ kind: 'goalz', seq: 500, at: '2026-11-21T20:00:00Z' }, { kind: 'state' });
    doc.messages.reverse();
    const file = path.join(tmpdir(), `feed-${process.pid}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(doc));
    const r = recorder();
    const feed = createJsonFeed({ file, onReport: r.onReport, after: 3 });
    await feed.start(r.sink);
    const invalid = r.reports.filter((x) => x.kind === 'invalid');
    expect(invalid.map((x) => x.seq).sort()).toEqual([bad.seq, 500, null].sort());
    expect(invalid.find((x) => x.seq === bad.seq)!.issues).toMatch(/odds1000/);
    const seqs = r.seqs();
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs[0]).toBe(4);
    expect(seqs).not.toContain(bad.seq);
    // The first three were applied before (after: 3), one is invalid.
    expect(seqs).toHaveLength(count - 4);
    await feed.stop();
  });

  it('cuts a long suspension or abandon reason instead of dropping the message', async () => {
    const doc = sample();
    const long = `Goal: ${'a long account of the goal, '.repeat(10)}`;
    const suspend = doc.messages.find((m) => m.kind === 'suspend')!;
    const abandon = doc.messages.find((m) => m.kind === 'abandon')!;
    suspend.reason = long;
    // A reason that ends on a character of two UTF-16 units is cut between characters, not inside one.
    abandon.reason = `${'x'.repeat(79)}\u{1F327}\u{FE0F} storm`;
    const file = path.join(tmpdir(), `feed-long-${process.pid}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(doc));
    const r = recorder();
    await createJsonFeed({ file, onReport: r.onReport }).start(r.sink);
    expect(r.reports).toEqual([]);
    const applied = (seq: unknown) => r.applied.find((a) => a.message.seq === seq)?.message as { reason?: string };
    expect(applied(suspend.seq).reason).toBe(long.slice(0, 40));
    expect(applied(abandon.seq).reason).toBe(`${'x'.repeat(79)}\u{1F327}`);
  });

  it('reports a file that is not a feed document', async () => {
    const file = path.join(tmpdir(), `feed-bad-${process.pid}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify({ format: 'something-else', messages: [] }));
    const r = recorder();
    await createJsonFeed({ file, onReport: r.onReport }).start(r.sink);
    expect(r.reports).toHaveLength(1);
    expect(r.reports[0]!.kind).toBe('error');
    expect(r.applied).toEqual([]);
  });
});

describe('JSON feed over HTTP', () => {
  let server: Server;
  let url = '';
  const requests: string[] = [];
  const state = { messages: sample().messages, pageSize: 10, fail: false, apiKey: '' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      requests.push(u.search);
      state.apiKey = String(req.headers['x-api-key'] ?? '');
      if (state.fail) {
        res.writeHead(503).end();
        return;
      }
      const after = Number(u.searchParams.get('after') ?? -1);
      const page = state.messages.filter((m) => Number(m.seq) > after).slice(0, state.pageSize);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ format: 'gamehall-sportsbook-feed', version: 1, source: 'sample-provider', messages: page }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('polls for the messages after the last applied one, page by page, and keeps on after an error', async () => {
    const r = recorder();
    const feed = createJsonFeed({ url, pollMs: 0, headers: { 'x-api-key': 'k1' }, onReport: r.onReport });
    await feed.start(r.sink);
    const count = state.messages.length;
    expect(r.seqs()).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(requests[0]).toBe('');
    expect(requests[1]).toBe('?after=10');
    expect(state.apiKey).toBe('k1');
    // Nothing new: one request, nothing applied.
    expect(await feed.poll()).toBe(0);
    // The provider is down for a poll: reported, and the next poll picks up from the same seq.
    state.fail = true;
    expect(await feed.poll()).toBe(0);
    expect(r.reports.at(-1)).toMatchObject({ kind: 'error' });
    state.fail = false;
    state.messages = [
      ...state.messages,
      { kind: 'reveal', seq: count + 1, at: '2026-11-21T21:00:00Z', eventId: 'bb-2001', seed: 'nothex' },
      {
        kind: 'suspend',
        seq: count + 2,
        at: '2026-11-21T21:00:01Z',
        eventId: 'bb-2001',
        reason: 'trader',
      },
    ];
    requests.length = 0;
    expect(await feed.poll()).toBe(1);
    expect(requests[0]).toBe(`?after=${count}`);
    expect(r.reports.at(-1)).toMatchObject({ kind: 'invalid', seq: count + 1 });
    expect(feed.lastSeq).toBe(count + 2);
    await feed.stop();
  });
});

describe('JSON feeds of several processes on one database', () => {
  /** One lease row as lease.ts keeps it: a holder until a time, taken over once it has lapsed. */
  function sharedLease(now: () => number) {
    const row = { holder: '', until: 0 };
    const of = (holder: string): FeedLease => ({
      async hold(ms) {
        if (row.holder !== holder && row.until > now()) return false;
        Object.assign(row, { holder, until: now() + ms });
        return true;
      },
      async release() {
        if (row.holder === holder) row.until = 0;
      },
    });
    return { row, of };
  }

  it('reads a file in the process that holds the lease only, and again in another once it stops', async () => {
    const lease = sharedLease(() => Date.now());
    const [a, b] = [recorder(), recorder()];
    const first = createJsonFeed({ file: SAMPLE, lease: lease.of('a') });
    const second = createJsonFeed({ file: SAMPLE, lease: lease.of('b') });
    await first.start(a.sink);
    await second.start(b.sink);
    expect(a.seqs().length).toBe(sample().messages.length);
    expect(b.applied).toEqual([]);
    await first.stop();
    await second.stop();
    const third = createJsonFeed({ file: SAMPLE, lease: lease.of('c') });
    const c = recorder();
    await third.start(c.sink);
    expect(c.seqs().length).toBe(sample().messages.length);
    await third.stop();
  });

  it('polls a URL from the lease holder only; a follower takes over once the lease lapses', async () => {
    let clock = 1_000_000;
    const lease = sharedLease(() => clock);
    const polled: string[] = [];
    const server = createServer((req, res) => {
      polled.push(String(req.headers['x-process']));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ format: 'gamehall-sportsbook-feed', version: 1, source: 'p', messages: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
    const feed = (name: string) =>
      createJsonFeed({ url, pollMs: 0, headers: { 'x-process': name }, lease: lease.of(name) });
    const [a, b] = [feed('a'), feed('b')];
    await a.start(recorder().sink);
    await b.start(recorder().sink);
    await a.poll();
    await b.poll();
    expect(polled).toEqual(['a', 'a']);
    // The leader stops answering for longer than its lease (it crashed): the follower polls.
    clock += 60_000;
    await b.poll();
    expect(polled).toEqual(['a', 'a', 'b']);
    await a.stop();
    await b.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
