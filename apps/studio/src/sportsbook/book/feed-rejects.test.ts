import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TraderFeedRejectsAnswer } from '@gamehall/shared/api/sportsbook-trader';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJsonFeed, type JsonFeed } from '../feed/json-feed';
import { REJECT_REASON_MAX } from '../types';
import { type BookHarness, startBook, traderApi } from './test-fixture';

// A provider's invalid feed message reaches the trader: the JSON importer skips it, the book logs
// it, counts it per source and lists it with its reason on the trader API, and the valid messages
// around it are applied all the same.

const AT = '2026-11-26T10:00:00Z';
const file = path.join(tmpdir(), `sb-feed-rejects-${process.pid}-${Date.now()}.json`);
const fixture = {
  kind: 'fixture',
  seq: 1,
  at: AT,
  fixture: {
    id: 'fr-1',
    sport: 'football',
    league: { id: 'fr-league', name: 'Reject League' },
    home: { id: 'fr-h', name: 'Harbour Town' },
    away: { id: 'fr-a', name: 'Upland Rovers' },
    startsAt: '2026-12-01T10:00:00Z',
  },
};
const quote = (seq: number, home: number) => ({
  kind: 'markets',
  seq,
  at: AT,
  eventId: 'fr-1',
  markets: [
    {
      type: 'winner',
      selections: [
        { key: 'home', odds1000: home },
        { key: 'away', odds1000: 2000 },
      ],
    },
  ],
});
writeFileSync(
  file,
  JSON.stringify({
    format: 'gamehall-sportsbook-feed',
    version: 1,
    source: 'acme-data',
    messages: [
      fixture,
      // Odds of 0.5: below the format's 1.01.
      quote(2, 500),
      // No usable seq and a kind no one knows, with a long reason.
      { kind: 'weather', seq: 'x'.repeat(2000), at: AT },
      // A valid quote after them is applied.
      quote(3, 1800),
    ],
  }),
);

let h: BookHarness;
let feed: JsonFeed;
const warn = vi.fn();
beforeAll(async () => {
  feed = createJsonFeed({ file });
  h = await startBook('sbrejects', { sources: [feed] });
});
afterAll(() => h.close());

describe('rejected feed messages', () => {
  it('are refused, logged, counted per source and listed for the trader; a valid one after them applies', async () => {
    const market = await h.runtime.db
      .selectFrom('studio_sb_markets')
      .select(['odds'])
      .where('event_id', '=', 'fr-1')
      .executeTakeFirstOrThrow();
    expect(market.odds).toEqual([
      { key: 'home', odds1000: 1800 },
      { key: 'away', odds1000: 2000 },
    ]);
    const res = await traderApi(h, 'GET', '/trader/feed-rejects');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TraderFeedRejectsAnswer;
    expect(answer.sources).toEqual([{ source: 'acme-data', invalid: 2, errors: 0, lastAt: expect.any(String) }]);
    // Newest first: the one with no seq, then seq 2 with what was wrong with it.
    expect(answer.rejects.map((r) => [r.source, r.seq, r.kind])).toEqual([
      ['acme-data', null, 'invalid'],
      ['acme-data', 2, 'invalid'],
    ]);
    expect(answer.rejects[1]!.reason).toMatch(/markets\.0\.selections\.0\.odds1000/);
    expect(answer.rejects[0]!.reason.length).toBeLessThanOrEqual(REJECT_REASON_MAX);

    // Each one is logged, and a later one counts on.
    const log = vi.spyOn(h.runtime.deps.log, 'warn').mockImplementation(warn);
    await h.runtime.book.reject('acme-data', { kind: 'error', seq: null, reason: 'HTTP 503' });
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'acme-data', kind: 'error', reason: 'HTTP 503' }),
      'studio: sportsbook feed rejected',
    );
    log.mockRestore();
    const again = (await traderApi(h, 'GET', '/trader/feed-rejects?limit=1')).json() as TraderFeedRejectsAnswer;
    expect(again.sources[0]).toMatchObject({ invalid: 2, errors: 1 });
    expect(again.rejects.map((r) => r.reason)).toEqual(['HTTP 503']);
    expect((await traderApi(h, 'GET', '/trader/feed-rejects?limit=0')).statusCode).toBe(400);
  });
});
