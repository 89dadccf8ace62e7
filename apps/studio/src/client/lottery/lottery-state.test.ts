import { describe, expect, it } from 'vitest';
import type { LotteryInfo } from '../../api-types';
import {
  applyLotteryAnswer,
  clock,
  drawWait,
  initialLotteryModel,
  loadStarted,
  nextAwaiting,
  reloadDue,
  shouldReload,
  type Ticket,
  ticketOutcome,
} from './lottery-state';

// The lottery page's state: what a ticket shows, when the page asks the studio again, and what the
// board does with an answer.

const at = (s: string) => Date.parse(`2026-11-22T12:${s}Z`);
const ticket = (over: Partial<Ticket>): Ticket => ({
  ticketId: 't1',
  numero: '20261122-0361',
  drawsAt: '2026-11-22T12:02:00.000Z',
  bet: { region: 'VN', type: 'lo2', numbers: ['27'], amount: 1000 },
  stake: 1000,
  win: 0,
  hits: 0,
  status: 'open',
  prizes: null,
  ...over,
});
const open = {
  numero: '20261122-0362',
  closesAt: '2026-11-22T12:03:30.000Z',
  drawsAt: '2026-11-22T12:04:00.000Z',
  serverSeedHash: 'ab',
};

describe('lottery page', () => {
  it('shows a ticket as pending until settled, then won or lost by its win', () => {
    expect(ticketOutcome({ status: 'betting', win: 0 })).toBe('pending');
    expect(ticketOutcome({ status: 'open', win: 0 })).toBe('pending');
    expect(ticketOutcome({ status: 'settling', win: 3500 })).toBe('paying');
    expect(ticketOutcome({ status: 'settling', win: 0 })).toBe('lost');
    expect(ticketOutcome({ status: 'closed', win: 3500 })).toBe('won');
    expect(ticketOutcome({ status: 'closed', win: 0 })).toBe('lost');
    expect(ticketOutcome({ status: 'rolling_back', win: 0 })).toBe('refunding');
    expect(ticketOutcome({ status: 'rolled_back', win: 0 })).toBe('refunded');
  });

  it('formats countdowns as m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(59.6)).toBe('1:00');
    expect(clock(125)).toBe('2:05');
    expect(clock(-3)).toBe('0:00');
    expect(drawWait('2026-11-22T12:02:00.000Z', at('00:30'))).toBe('draws in 1:30');
    expect(drawWait('2026-11-22T12:02:00.000Z', at('02:00'))).toBe('drawing…');
  });

  it('reloads when the open draw closes and while a ticket waits on a passed draw, at most every 2 s', () => {
    const pending = { open, tickets: [ticket({})] };
    // Before the ticket's draw and the open draw's close: nothing to fetch.
    expect(shouldReload(pending, at('01:00'), at('01:30'))).toBe(false);
    // The ticket's draw time has passed: poll, but not twice within 2 s.
    expect(shouldReload(pending, at('01:00'), at('02:01'))).toBe(true);
    expect(shouldReload(pending, at('02:01'), at('02:02'))).toBe(false);
    expect(shouldReload(pending, at('02:01'), at('02:03'))).toBe(true);
    // Settled: no more polling for it.
    const settled = { open, tickets: [ticket({ status: 'closed', win: 0 })] };
    expect(shouldReload(settled, at('02:01'), at('02:10'))).toBe(false);
    // The open draw closed: the next one opens, ask for it.
    expect(shouldReload(settled, at('03:00'), at('03:30'))).toBe(true);
  });

  it('awaits the draw that closed, whether the page saw it close or opened between close and draw', () => {
    const closed = { numero: '20261122-0361', drawsAt: '2026-11-22T12:02:00.000Z' };
    const before = {
      numero: '20261122-0361',
      closesAt: '2026-11-22T12:01:30.000Z',
      drawsAt: closed.drawsAt,
      serverSeedHash: 'aa',
    };
    const drawn = { numero: closed.numero, drawsAt: closed.drawsAt, prizes: [], serverSeed: 's', serverSeedHash: 'aa' };
    // Seen open at the previous load, closed since: awaited.
    expect(nextAwaiting({ open: before }, { open, closed: null, results: [] }, null, at('01:40'))).toEqual(closed);
    // Opened in the gap: the studio names the closed draw, and the page awaits it from its first load.
    expect(nextAwaiting(null, { open, closed, results: [] }, null, at('01:40'))).toEqual(closed);
    // Its result is in: nothing to await.
    expect(nextAwaiting(null, { open, closed: null, results: [drawn] }, closed, at('02:03'))).toBeNull();
    // Never drawn: given up a minute after its time, and not taken up again from the studio's answer.
    expect(nextAwaiting(null, { open, closed, results: [] }, closed, at('03:01'))).toBeNull();
    expect(nextAwaiting({ open }, { open, closed, results: [] }, null, at('03:03'))).toBeNull();
    // Nothing closed: nothing awaited.
    expect(nextAwaiting(null, { open, closed: null, results: [] }, null, at('01:00'))).toBeNull();
  });

  it('shows a draw made while the page was open being made, and the one found on opening at once', () => {
    const result = (numero: string, drawsAt: string) => ({
      numero,
      drawsAt,
      prizes: [],
      serverSeed: 's',
      serverSeedHash: 'h',
    });
    const answer = (over: Partial<LotteryInfo>): LotteryInfo =>
      ({
        region: 'VN',
        betTypes: [],
        open,
        closed: null,
        tickets: [],
        results: [],
        balance: 5000,
        ...over,
      }) as LotteryInfo;
    const drawn = result('20261122-0361', '2026-11-22T12:02:00.000Z');
    // Opening: no draw yet, nothing for the board; then a draw already made: shown at once.
    const empty = applyLotteryAnswer(initialLotteryModel(), answer({}), at('01:00'), null);
    expect(empty).toMatchObject({ latest: undefined, board: null });
    const found = applyLotteryAnswer(initialLotteryModel(), answer({ results: [drawn] }), at('01:00'), null);
    expect(found.board).toBe('found');
    expect(found.model.data?.results[0]).toEqual(drawn);
    // The board shows it already: nothing to do.
    expect(applyLotteryAnswer(found.model, answer({ results: [drawn] }), at('01:05'), drawn.numero).board).toBeNull();

    // Seen open, closed since: awaited until its result comes, which is then shown being made.
    const before = {
      numero: '20261122-0361',
      closesAt: '2026-11-22T12:01:30.000Z',
      drawsAt: '2026-11-22T12:02:00.000Z',
      serverSeedHash: 'aa',
    };
    const seen = applyLotteryAnswer(
      loadStarted(initialLotteryModel(), at('01:00')),
      answer({ open: before }),
      at('01:00'),
      null,
    );
    expect(seen.model.loadedAt).toBe(at('01:00'));
    const closedSince = applyLotteryAnswer(seen.model, answer({}), at('01:40'), null);
    expect(closedSince.model.awaiting).toEqual({ numero: before.numero, drawsAt: before.drawsAt });
    // Its draw time has passed: the page asks again (not within 2 s of the last time).
    const waiting = loadStarted(closedSince.model, at('01:40'));
    expect(reloadDue(waiting, at('02:01'))).toBe(true);
    expect(reloadDue(loadStarted(waiting, at('02:00')), at('02:01'))).toBe(false);
    const made = applyLotteryAnswer(waiting, answer({ results: [drawn] }), at('02:03'), null);
    expect(made.board).toBe('drawn');
    expect(made.model.awaiting).toBeNull();
    expect(reloadDue(initialLotteryModel(), at('02:03'))).toBe(false);
  });
});
