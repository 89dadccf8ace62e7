// What the lottery page knows, without a DOM: the studio's last answer (the open draw, the closed
// one, the results, my tickets), the closed draw the page waits to show being made, and when it last
// asked. The functions here decide what a ticket shows, when the page asks again and which draw the
// board shows after an answer; unit tests check them.
import type { LotteryInfo, LotteryTicket } from '../../api-types';
import { gameWords } from '../game-words';

export type Ticket = LotteryTicket;
export type Result = LotteryInfo['results'][number];
export type AwaitedDraw = { numero: string; drawsAt: string };

export type LotteryModel = {
  data: LotteryInfo | null;
  /** The closed draw the page waits to show: the one that was open when the page last looked. */
  awaiting: AwaitedDraw | null;
  /** When the page last asked the studio (page clock, ms). */
  loadedAt: number;
};

export function initialLotteryModel(): LotteryModel {
  return { data: null, awaiting: null, loadedAt: 0 };
}

/** What a ticket shows as its outcome: pending until its draw settles it, then won or lost. */
export function ticketOutcome(
  t: Pick<Ticket, 'status' | 'win'>,
): 'pending' | 'paying' | 'won' | 'lost' | 'refunding' | 'refunded' {
  if (t.status === 'closed') return t.win > 0 ? 'won' : 'lost';
  if (t.status === 'settling') return t.win > 0 ? 'paying' : 'lost';
  if (t.status === 'rolling_back') return 'refunding';
  if (t.status === 'rolled_back') return 'refunded';
  return 'pending';
}

/** m:ss for a positive number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A pending ticket's wait for its draw. */
export function drawWait(drawsAt: string, now: number, language: unknown = 'EN'): string {
  const words = gameWords(language).lottery;
  const wait = (Date.parse(drawsAt) - now) / 1000;
  return wait > 0 ? words.drawsIn(clock(wait)) : words.drawing;
}

/**
 * Whether the page should ask for the lottery again at `now`: once the open draw closes (the next
 * one opens), while the closed draw the page waits to show is due (`awaiting`, until its result
 * comes), and, while a ticket waits for a draw whose time has passed, every few seconds until the
 * draw has settled it (the studio draws on its recovery loop, a moment after drawsAt).
 */
export function shouldReload(
  data: Pick<LotteryInfo, 'open' | 'tickets'> & { awaiting?: { drawsAt: string } | null },
  loadedAt: number,
  now: number,
  everyMs = 2000,
): boolean {
  if (now - loadedAt < everyMs) return false;
  if (now >= Date.parse(data.open.closesAt)) return true;
  if (data.awaiting && now >= Date.parse(data.awaiting.drawsAt)) return true;
  return data.tickets.some((t) => {
    const o = ticketOutcome(t);
    return (o === 'pending' || o === 'paying' || o === 'refunding') && now >= Date.parse(t.drawsAt);
  });
}

/**
 * The closed draw the page waits to show after a load: the one that was open at the previous load
 * and has closed since, or the one the studio says is closed and not drawn (the page opened between
 * close and draw). Done once a result as late as it is in, or given up a minute after its time.
 */
export function nextAwaiting(
  previous: Pick<LotteryInfo, 'open'> | null,
  data: Pick<LotteryInfo, 'open' | 'closed' | 'results'>,
  awaiting: AwaitedDraw | null,
  now: number,
): AwaitedDraw | null {
  let next = awaiting;
  if (previous && previous.open.numero !== data.open.numero) next = previous.open;
  else if (!next && data.closed) next = data.closed;
  const latest = data.results[0];
  if (!next) return null;
  const due = Date.parse(next.drawsAt);
  if ((latest && Date.parse(latest.drawsAt) >= due) || now > due + 60_000) return null;
  return { numero: next.numero, drawsAt: next.drawsAt };
}

/** The page starts asking the studio at `now`. */
export const loadStarted = (m: LotteryModel, now: number): LotteryModel => ({ ...m, loadedAt: now });

/**
 * An answer of GET /api/lottery. `board`: what the board does with the latest draw: 'drawn' when it
 * was made while the page was open (shown being made, the tickets and balance it settled after),
 * 'found' when the page finds it on opening (shown at once), null when the board already shows it.
 */
export function applyLotteryAnswer(
  m: LotteryModel,
  fresh: LotteryInfo,
  now: number,
  boardNumero: string | null,
): { model: LotteryModel; latest: Result | undefined; board: 'drawn' | 'found' | null } {
  const previous = m.data;
  const awaiting = nextAwaiting(previous, fresh, m.awaiting, now);
  const latest = fresh.results[0];
  const board = !latest || boardNumero === latest.numero ? null : previous !== null ? 'drawn' : 'found';
  return { model: { ...m, data: fresh, awaiting }, latest, board };
}

/** Whether the page should ask the studio again at `now` (shouldReload over what the page knows). */
export const reloadDue = (m: LotteryModel, now: number) =>
  m.data !== null && shouldReload({ ...m.data, awaiting: m.awaiting }, m.loadedAt, now);
