import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { type FakeTrader, sampleEvent, startFakeTrader } from '../../test/fake-trader';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { deriveTraderSecret, signTraderRequest, traderSignatureMatches } from './sportsbook-signature';

// The trader console's routes through HTTP, against a stand-in sportsbook on a loopback port that
// checks the platform's signature and answers the shared trader API shapes (test/fake-trader.ts).

let t: TestApp;
let book: FakeTrader;
let trader: string;
let analyst: string;

const HOUSE_SECRET = 'test-studio-secret-test-studio-secret-00';

beforeAll(async () => {
  book = await startFakeTrader(HOUSE_SECRET);
  t = await createTestApp({ sportsbookUrl: book.url, studioSecret: HOUSE_SECRET });
  const session = async (permissions: string[]) => {
    const op = await createMember(t.ctx, { type: 90, permissions });
    return issueSession(t.ctx, t.ctx.db, { memberId: op.id, area: 'admin', ip: '127.0.0.1', userAgent: null });
  };
  trader = await session(['sportsbook.trade']);
  analyst = await session(['games.read', 'reports.read']);
});
afterAll(async () => {
  await t.close();
  await book.close();
});
beforeEach(() => {
  book.requests.length = 0;
  book.state.event = sampleEvent();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = trader) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function lastAudit(event: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['event', 'success', 'detail', 'username'])
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('the trader API signature', () => {
  it('is HMAC-SHA256 of time, method, path and body with the trader secret, within 60 s', () => {
    const secret = deriveTraderSecret(HOUSE_SECRET);
    const now = Date.now();
    const request = { time: String(now), method: 'PUT', path: '/studio/trader/margins', body: '{"sports":{}}' };
    const signature = signTraderRequest(secret, request);
    expect(traderSignatureMatches(secret, { ...request, signature }, now)).toBe(true);
    expect(traderSignatureMatches(secret, { ...request, signature }, now + 61_000)).toBe(false);
    expect(traderSignatureMatches(secret, { ...request, body: '{}', signature }, now)).toBe(false);
    expect(traderSignatureMatches(secret, { ...request, path: '/studio/trader/settings', signature }, now)).toBe(false);
    expect(traderSignatureMatches(deriveTraderSecret('another house'), { ...request, signature }, now)).toBe(false);
  });
});

describe('/admin/sportsbook', () => {
  it('needs sportsbook.trade; the seeded Trader and Administrator roles hold it', async () => {
    expect((await call('GET', '/admin/sportsbook/events', undefined, analyst)).statusCode).toBe(403);
    const roles = await t.ctx.db.selectFrom('roles').select(['name', 'permissions']).execute();
    const of = (name: string) => roles.find((r) => r.name === name)?.permissions as unknown as string[];
    expect(of('Trader')).toContain('sportsbook.trade');
    expect(of('Administrator')).toEqual(['*']);
    expect(book.requests).toEqual([]);
  });

  it('lists events with their filters, signed, and an event with its markets and liability', async () => {
    const list = await call('GET', '/admin/sportsbook/events?status=live&sport=football&pageSize=20');
    expect(list.statusCode).toBe(200);
    expect(list.json().value).toMatchObject({ list: [{ id: 'ev-1', liability: 15_000, phase: "37'" }], totalRow: 1 });
    expect(book.requests[0]?.url).toBe('/studio/trader/events?status=live&sport=football&pageNo=1&pageSize=20');

    const detail = await call('GET', '/admin/sportsbook/events/ev-1');
    expect(detail.json().value.markets[0]).toMatchObject({
      key: '1x2:ft:-',
      selections: [{ key: 'home', liability: 5_000 }, {}, {}],
    });
    const missing = await call('GET', '/admin/sportsbook/events/ev-404');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'SPORTSBOOK_NOT_FOUND', value: { code: 'SB_EVENT_NOT_FOUND' } });
  });

  it('suspends a market and resumes the whole event, each audited', async () => {
    const suspended = await call('POST', '/admin/sportsbook/events/ev-1/suspend', {
      markets: ['1x2:ft:-'],
      reason: 'Penalty check',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().value.event.markets.map((m: { status: string }) => m.status)).toEqual([
      'suspended',
      'open',
    ]);
    expect(book.requests[0]).toEqual({
      method: 'POST',
      url: '/studio/trader/events/ev-1/suspend',
      body: { markets: ['1x2:ft:-'], reason: 'Penalty check' },
    });
    const row = await lastAudit('sportsbook.suspend');
    expect(row).toMatchObject({
      success: true,
      detail: {
        target: 'sportsbook-event:ev-1',
        markets: ['1x2:ft:-'],
        reason: 'Penalty check',
        after: { markets: ['1x2:ft:-'] },
      },
    });

    const resumed = await call('POST', '/admin/sportsbook/events/ev-1/resume', { reason: 'Checked' });
    expect(resumed.json().value.event.markets.every((m: { status: string }) => m.status === 'open')).toBe(true);
    expect((await lastAudit('sportsbook.resume')).detail).toMatchObject({ markets: 'all' });
    expect((await call('POST', '/admin/sportsbook/events/ev-1/suspend', { reason: '' })).statusCode).toBe(400);
  });

  it('enters a result, refuses a second one that is not a correction, and corrects it: audited with before and after', async () => {
    const ft = { decided: { home: 2, away: 1 }, counted: { home: 2, away: 1 } };
    const entered = await call('POST', '/admin/sportsbook/events/ev-1/result', { ft, reason: 'Full time' });
    expect(entered.json().value).toMatchObject({ settled: 9, resettled: 0, event: { status: 'ended' } });
    expect((await lastAudit('sportsbook.result')).detail).toMatchObject({ before: null, after: { ft }, settled: 9 });

    const again = await call('POST', '/admin/sportsbook/events/ev-1/result', { ft, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SPORTSBOOK_REFUSED', value: { code: 'SB_RESULT_EXISTS' } });
    expect(await lastAudit('sportsbook.result')).toMatchObject({
      success: false,
      detail: { code: 'SPORTSBOOK_REFUSED' },
    });

    const fixed = { decided: { home: 2, away: 2 }, counted: { home: 2, away: 2 } };
    const corrected = await call('POST', '/admin/sportsbook/events/ev-1/result', {
      ft: fixed,
      correction: true,
      reason: 'Late equaliser missed by the feed',
    });
    expect(corrected.json().value).toMatchObject({ resettled: 4, event: { corrections: 1 } });
    expect((await lastAudit('sportsbook.correction')).detail).toMatchObject({
      before: { ft },
      after: { ft: fixed },
      resettled: 4,
      reason: 'Late equaliser missed by the feed',
    });
  });

  it('abandons an event', async () => {
    const res = await call('POST', '/admin/sportsbook/events/ev-1/abandon', { reason: 'Floodlight failure' });
    expect(res.json().value).toMatchObject({ settled: 9, event: { status: 'abandoned' } });
    expect((await lastAudit('sportsbook.abandon')).detail).toMatchObject({ reason: 'Floodlight failure' });
  });

  it('reads and sets margins and settings, audited with before and after', async () => {
    expect((await call('GET', '/admin/sportsbook/margins')).json().value.sports.football).toBe(50_000);
    const set = await call('PUT', '/admin/sportsbook/margins', {
      sports: { football: 60_000 },
      leagues: { 'lg-coastal': 70_000 },
    });
    expect(set.json().value).toMatchObject({
      sports: { football: 60_000 },
      leagues: [{ id: 'lg-coastal', marginPpm: 70_000 }],
    });
    expect((await lastAudit('sportsbook.margins')).detail).toMatchObject({
      before: { sports: { football: 50_000 }, leagues: { 'lg-coastal': null } },
      after: { sports: { football: 60_000 }, leagues: { 'lg-coastal': 70_000 } },
    });
    expect((await call('PUT', '/admin/sportsbook/margins', { sports: { football: 600_000 } })).statusCode).toBe(400);

    expect((await call('GET', '/admin/sportsbook/settings')).json().value.bigBet).toBe(100_000);
    const settings = await call('PUT', '/admin/sportsbook/settings', { bigBet: 50_000, inPlayDelayMs: 3_000 });
    expect(settings.json().value).toMatchObject({ bigBet: 50_000, inPlayDelayMs: 3_000, maxPayout: 10_000_000 });
    expect((await lastAudit('sportsbook.settings')).detail).toMatchObject({
      before: { bigBet: 100_000 },
      after: { bigBet: 50_000 },
    });
  });

  it("sets a player's stake factor by username, sent as the member id, and lists them with usernames", async () => {
    const m = await createMember(t.ctx, { username: 'punter77' });
    const set = await call('PUT', '/admin/sportsbook/players/punter77', { factorPpm: 250_000 });
    expect(set.json().value).toEqual({
      player: String(m.id),
      factorPpm: 250_000,
      riskLevel: null,
      riskFactorPpm: 1_000_000,
      effectivePpm: 250_000,
      username: 'punter77',
    });
    expect(book.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /studio/trader/players/${m.id}`,
      `PUT /studio/trader/players/${m.id}`,
    ]);
    expect((await lastAudit('sportsbook.playerFactor')).detail).toMatchObject({
      target: 'member:punter77',
      before: 1_000_000,
      after: 250_000,
    });
    expect((await call('GET', '/admin/sportsbook/players/punter77')).json().value.factorPpm).toBe(250_000);
    expect((await call('GET', '/admin/sportsbook/players')).json().value.list).toEqual([
      {
        player: String(m.id),
        factorPpm: 250_000,
        riskLevel: null,
        riskFactorPpm: 1_000_000,
        effectivePpm: 250_000,
        username: 'punter77',
      },
    ]);
    const nobody = await call('PUT', '/admin/sportsbook/players/nobody-here', { factorPpm: 0 });
    expect(nobody.json().code).toBe('MEMBER_NOT_FOUND');
  });

  it('answers the bets ticker with usernames and the big bets marked, and the profit report', async () => {
    const m = await createMember(t.ctx, { username: 'highroller' });
    const bet = (id: string, stake: number, big: boolean, player = String(m.id)) => ({
      id,
      player,
      kind: 'single' as const,
      legs: [
        {
          eventId: 'ev-1',
          event: 'Harbour City v Northgate Rovers',
          market: '1x2:ft:-',
          selection: 'home',
          odds1000: 1_800,
        },
      ],
      stake,
      potentialPayout: Math.floor((stake * 1_800) / 1_000),
      status: 'open',
      payout: 0,
      big,
      placedAt: '2026-03-01T15:30:00.000Z',
      inPlay: true,
    });
    book.state.bets = [bet('b2', 500_000, true), bet('b1', 1_000, false, '999999')];
    const res = await call('GET', '/admin/sportsbook/bets?after=b0&big=true&limit=20');
    expect(book.requests[0]?.url).toBe('/studio/trader/bets?after=b0&big=true&limit=20');
    expect(res.json().value).toMatchObject({
      list: [
        { id: 'b2', big: true, username: 'highroller' },
        { id: 'b1', big: false, username: null },
      ],
      next: 'b1',
    });
    const profit = await call('GET', '/admin/sportsbook/profit?from=2026-03-01&to=2026-03-07&by=league');
    expect(profit.json().value).toMatchObject({
      rows: [{ key: 'football', profit: 3_000, uncollected: 200 }],
      total: { label: 'league' },
    });
    expect((await call('GET', '/admin/sportsbook/profit?from=2026-03-01&by=sport')).statusCode).toBe(400);
  });

  it('answers 503 SPORTSBOOK_UNAVAILABLE when the sportsbook fails or refuses the signature, 502 for an unreadable answer', async () => {
    book.failNext(500, { error: { code: 'STUDIO_INTERNAL' } });
    expect((await call('GET', '/admin/sportsbook/events')).json()).toMatchObject({ code: 'SPORTSBOOK_UNAVAILABLE' });
    book.failNext(200, { list: 'not a list' });
    const bad = await call('GET', '/admin/sportsbook/events');
    expect(bad.statusCode).toBe(502);
    expect(bad.json().code).toBe('SPORTSBOOK_BAD_ANSWER');

    // A sportsbook that holds another secret refuses every request (the app pointed at it for a moment).
    const stranger = await startFakeTrader(HOUSE_SECRET, { secret: deriveTraderSecret('another house') });
    t.ctx.config.sportsbookUrl = stranger.url;
    try {
      const refused = await call('GET', '/admin/sportsbook/settings');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('SPORTSBOOK_UNAVAILABLE');
      expect(stranger.requests).toEqual([]);
    } finally {
      t.ctx.config.sportsbookUrl = book.url;
      await stranger.close();
    }
  });

  it('answers 503 when nothing listens, and audits the failed write', async () => {
    t.ctx.config.sportsbookUrl = 'http://127.0.0.1:9/studio';
    try {
      const res = await call('POST', '/admin/sportsbook/events/ev-1/suspend', { reason: 'Goal check' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SPORTSBOOK_UNAVAILABLE');
      expect(await lastAudit('sportsbook.suspend')).toMatchObject({
        success: false,
        detail: { code: 'SPORTSBOOK_UNAVAILABLE', target: 'sportsbook-event:ev-1' },
      });
    } finally {
      t.ctx.config.sportsbookUrl = book.url;
    }
  });
});
