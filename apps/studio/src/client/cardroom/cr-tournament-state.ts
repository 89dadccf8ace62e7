// The card room page's sit-and-gos, pure (docs/pvp.md "Sit-and-go tournaments"): what a lobby card
// offers (register, unregister, open the table), the prizes by place, the level's line with the time
// to the next level, and the player's finish. Drawn by cr-lists.ts (the lobby) and cardroom-page.ts
// (the bar above a tournament's table).
import type { SngView } from '../../cardroom/room/sng';
import { fill } from '../i18n';
import type { CrWords } from './cr-words';

export type SngRun = SngView;

/** What a run's card offers the player: register, unregister, open its table, or nothing. */
export function sngAction(run: SngRun): 'register' | 'unregister' | 'open' | null {
  if (run.status === 'registering') {
    if (run.you.registered) return 'unregister';
    return run.registered < run.seats ? 'register' : null;
  }
  if (run.status === 'running' && run.you.registered && run.you.place === null) return 'open';
  return null;
}

/** The running run the player still plays in, to go straight back to its table (a reload, a lost tab). */
export function runToResume(runs: readonly SngRun[]): string | null {
  return runs.find((r) => sngAction(r) === 'open')?.id ?? null;
}

/** Each place's prize, "1. ₱21.00 · 2. ₱9.00". */
export function prizesText(run: Pick<SngRun, 'prizes'>, money: (minor: number) => string): string {
  return run.prizes.map((p, i) => `${i + 1}. ${money(p)}`).join(' · ');
}

/** The minutes of a level: one figure when all levels are alike, else the shortest to the longest. */
export function levelMinutes(run: Pick<SngRun, 'levels'>): string {
  const minutes = run.levels.map((l) => l.minutes);
  const lo = Math.min(...minutes);
  const hi = Math.max(...minutes);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/** The time left until `endsAt` as m:ss (the server's time, by the page's clock plus `skew`); null for the last level. */
export function timeLeft(endsAt: string | null, nowMs: number, skew = 0): string | null {
  if (endsAt === null) return null;
  const s = Math.max(0, Math.ceil((Date.parse(endsAt) - (nowMs + skew)) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The lines of a running (or finished) run's bar above its table. */
export function sngBarLines(
  run: SngRun,
  words: CrWords['sng'],
  money: (minor: number) => string,
  nowMs: number,
): string[] {
  const lines: string[] = [];
  if (run.level) {
    const l = run.level;
    lines.push(fill(words.level, { n: l.number, sb: l.smallBlind, bb: l.bigBlind }));
    const left = timeLeft(l.endsAt, nowMs);
    lines.push(left === null ? words.lastLevel : fill(words.nextLevel, { time: left }));
  }
  if (run.playersLeft !== null) lines.push(fill(words.playersLeft, { n: run.playersLeft, total: run.seats }));
  lines.push(`${words.prizes} ${prizesText(run, money)}`);
  const mine = finishLine(run, words, money);
  if (mine) lines.push(mine);
  return lines;
}

/** The player's finish once they are out or have won: their place and prize. */
export function finishLine(run: SngRun, words: CrWords['sng'], money: (minor: number) => string): string | null {
  if (run.you.place === null) return null;
  return fill(words.yourPlace, { place: run.you.place, amount: money(run.you.prize ?? 0) });
}
