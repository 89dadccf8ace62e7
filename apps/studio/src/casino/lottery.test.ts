import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StudioRuntime, studioPlugin } from '../plugin';
import { studioTestApp } from '../standalone-fixture';

// The lottery API as the lottery page reads it (trial mode, so no platform): a ticket is listed
// pending with its draw time and no numbers, then after the draw with the draw's numbers it was
// settled against, its win consistent with them and the balance. Between betting's close and the
// draw, the answer names the closed draw, so that a page opened then waits for it.

describe('lottery tickets through the API', () => {
  const app = studioTestApp();
  let runtime: StudioRuntime | undefined;
  let clock = Date.parse('2026-11-22T12:00:10Z');
  beforeAll(async () => {
    await app.register(studioPlugin, {
      prefix: '/studio',
      platformUrl: 'http://platform.invalid',
      houseSecret: 'z'.repeat(40),
      dataDir: '',
      retryIntervalMs: 0,
      now: () => new Date(clock),
      onStart: (r) => {
        runtime = r;
      },
      fetch: async () => {
        throw new TypeError('no platform in this test');
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('lists a ticket pending on its draw, then settled with the draw numbers', async () => {
    const token = 'trial-token-lottery-0123456789';
    const page = await app.inject({
      method: 'GET',
      url: `/studio/play?token=${token}&game=ELOTT-001&vendor=ELOTT&mode=trial`,
    });
    expect(page.statusCode).toBe(200);
    const headers = { 'x-game-token': token };
    const info = (await app.inject({ method: 'GET', url: '/studio/api/lottery', headers })).json();
    const start = info.balance as number;
    // ELOTT draws every 120 s, closing 30 s before: at 12:00:10 the open draw is the one of 12:02.
    expect(info.open.drawsAt).toBe('2026-11-22T12:02:00.000Z');
    const bought = await app.inject({
      method: 'POST',
      url: '/studio/api/lottery/ticket',
      headers,
      payload: { bet: { type: 'lo2', numbers: ['27'], amount: 1000 } },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const ticket = bought.json();
    expect(ticket).toMatchObject({ numero: info.open.numero, drawsAt: info.open.drawsAt, balance: start - 1000 });

    const pending = (await app.inject({ method: 'GET', url: '/studio/api/lottery', headers })).json();
    expect(pending.tickets[0]).toMatchObject({
      ticketId: ticket.ticketId,
      numero: ticket.numero,
      drawsAt: ticket.drawsAt,
      status: 'open',
      prizes: null,
    });

    expect(pending.closed).toBeNull();
    // Betting closed, the draw not made yet: the next draw is open and the closed one is named.
    clock = Date.parse(ticket.drawsAt) - 20_000;
    const gap = (await app.inject({ method: 'GET', url: '/studio/api/lottery', headers })).json();
    expect(gap.open.numero).not.toBe(ticket.numero);
    expect(gap.closed).toEqual({ numero: ticket.numero, drawsAt: ticket.drawsAt });

    clock = Date.parse(ticket.drawsAt) + 1000;
    const pass = await runtime?.recover();
    expect(pass?.lottery.drawn).toBeGreaterThanOrEqual(1);
    const after = (await app.inject({ method: 'GET', url: '/studio/api/lottery', headers })).json();
    const settled = after.tickets[0];
    expect(settled.status).toBe('closed');
    const result = after.results.find((r: { numero: string }) => r.numero === ticket.numero);
    expect(settled.prizes).toEqual(result.prizes);
    const endings = (settled.prizes as { numbers: string[] }[]).flatMap((p) => p.numbers.map((n) => n.slice(-2)));
    expect(endings).toHaveLength(27);
    const hits = endings.filter((n) => n === '27').length;
    expect(settled.hits).toBe(hits);
    expect(settled.win).toBe(hits * 3500);
    expect(after.balance).toBe(start - 1000 + settled.win);
    expect(after.closed).toBeNull();
  });
});
