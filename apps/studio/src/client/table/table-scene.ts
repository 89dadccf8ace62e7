// The live table's stage: the phase, the countdown and its timer bar, the round number, the engine's
// scene (the cards or the wheel), the verdict and the win banner. What it shows comes from the
// server's round; the first state seen is drawn at once, later ones animate.
import type { BaccaratView, RouletteView, TableState } from '../../casino/tables';
import type { gameWords } from '../game-words';
import type { SpotButton } from '../games/table-art';
import type { tableSound } from '../table-sound';
import { h, money } from '../ui';
import { createBaccaratScene } from './baccarat-scene';
import { createRouletteScene } from './roulette-scene';
import { type MyBet, phaseSpan, type TableEngine } from './table-state';

/** What the engine scenes share with the stage. */
export type StageParts = {
  language: unknown;
  words: ReturnType<typeof gameWords>['table'];
  verdict: HTMLElement;
  winBanner: HTMLElement;
  spots: Map<string, SpotButton>;
  play: ReturnType<typeof tableSound>;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  lightSpots: (keys: string[]) => void;
  /** My chips taken in round `roundId`, by area (none when it is not the current round). */
  placedIn: (roundId: number) => Map<string, number>;
};

export type TableSceneOptions = Omit<StageParts, 'verdict' | 'winBanner' | 'lightSpots'> & {
  engine: TableEngine;
  reduced: () => boolean;
};

export function createTableScene(o: TableSceneOptions) {
  const { engine, words: w, spots, play, say } = o;
  const phase = h('strong', { 'data-testid': 'phase' }, w.connecting);
  const countdown = h('span', { class: 'countdown', 'data-testid': 'countdown' }, '');
  const roundNo = h('span', { class: 'muted small', 'data-testid': 'round-no' }, '');
  const timer = h('div', { class: 'timer-bar' }, h('span'));
  const verdict = h('p', { class: 'tb-verdict', 'data-testid': 'verdict' }, '');
  const winBanner = h('p', { class: 'tb-win', 'data-testid': 'win-amount', hidden: true });
  const lightSpots = (keys: string[]) => {
    for (const [key, b] of spots) b.classList.toggle('win', keys.includes(key));
  };
  const parts: StageParts = { ...o, verdict, winBanner, lightSpots };
  const baccarat = engine === 'baccarat' ? createBaccaratScene(parts) : null;
  const roulette = engine === 'roulette' ? createRouletteScene(parts) : null;
  const scene = (baccarat ?? roulette)?.el;

  const el = h(
    'section',
    { class: `tb-stage ${engine}` },
    h('div', { class: 'phase-line' }, phase, countdown, roundNo),
    timer,
    scene,
    verdict,
    winBanner,
  );

  let seenFirst = false;
  function render(state: TableState | null) {
    const r = state?.round;
    if (!r) {
      phase.textContent = state ? w.opening : w.connecting;
      countdown.textContent = '';
      return;
    }
    phase.textContent = w.phases[r.phase] ?? r.phase;
    roundNo.textContent = w.round(r.no);
    // The first state seen shows what is already on the table at once; later ones animate.
    const quick = o.reduced() || !seenFirst;
    seenFirst = true;
    if (baccarat) baccarat.render(r.id, r.outcome as BaccaratView, quick);
    else roulette?.render(r.id, r.phase, r.outcome as RouletteView, quick);
  }

  /** The countdown and the timer bar of the round's phase at server time `now`. */
  function showClock(state: TableState | null, bettingSpan: number, now: number) {
    const r = state?.round;
    if (!r) return;
    const [from, to] = phaseSpan(r, bettingSpan);
    const left = Math.max(0, to - now);
    countdown.textContent = r.phase === 'done' ? '' : `${Math.ceil(left / 1000)} s`;
    (timer.firstElementChild as HTMLElement).style.width = `${Math.min(100, (left / Math.max(1, to - from)) * 100)}%`;
    timer.classList.toggle('closing', r.phase === 'betting' && left < 3000);
  }

  /** The settled bets of a round: the win amount, once the cards or the wheel have shown the result. */
  function showWin(settled: MyBet[]) {
    const won = settled.reduce((t, b) => t + b.win, 0);
    const stake = settled.reduce((t, b) => t + b.stake, 0);
    const roundId = settled[0]?.roundId;
    const show = () => {
      if (won > 0) {
        winBanner.textContent = w.youWin(money(won));
        winBanner.hidden = false;
        setTimeout(() => {
          winBanner.hidden = true;
        }, 4000);
        play('win');
        say(`${verdict.textContent ? `${verdict.textContent}. ` : ''}You win ${money(won)}`, 'ok');
      } else {
        say(`${verdict.textContent ? `${verdict.textContent}. ` : ''}No win this round (stake ${money(stake)})`);
      }
    };
    // Wait for the presentation of that round to finish (cards turned, wheel stopped).
    (baccarat ?? roulette)?.afterPresentation(roundId, show);
  }

  return {
    el,
    render,
    showClock,
    showWin,
    checkAreaWins: (mine: MyBet[]) => roulette?.checkAreaWins(mine),
  };
}
