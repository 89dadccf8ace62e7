// The lottery page's stage: the schedule (the open draw, the countdown to its close with its bar,
// the closed draw being waited for) and the draw board that shows each draw being made from the
// server's result (games/lottery-board.ts), with replay and skip.
import type { LotteryInfo } from '../../api-types';
import type { gameWords } from '../game-words';
import { createLotteryBoard } from '../games/lottery-board';
import { hitKeys, topPrize } from '../games/lottery-present';
import type { Sound } from '../sound';
import { h, money } from '../ui';
import { type AwaitedDraw, clock, type Result, type Ticket } from './lottery-state';

export type LotterySceneOptions = {
  language: unknown;
  words: ReturnType<typeof gameWords>['lottery'];
  sound: Sound;
  reduced: boolean;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  /** My tickets as the page last heard of them. */
  tickets: () => Ticket[];
  /** The latest draw, for replay. */
  latest: () => Result | undefined;
};

export function createLotteryScene(o: LotterySceneOptions) {
  const { language, words: w, sound, say } = o;
  const countdown = h('strong', { 'data-testid': 'countdown' });
  const openLine = h('p', { class: 'lot-open' });
  const awaitingLine = h('p', { class: 'lot-awaiting', 'data-testid': 'awaiting' });
  const timer = h('span');
  const timerBar = h('div', { class: 'lot-timer', 'aria-hidden': 'true' }, timer);
  const replay = h('button', { class: 'button small-btn', type: 'button', 'data-testid': 'replay' }, w.replay);
  const skip = h('button', { class: 'button small-btn', type: 'button', hidden: true }, w.showAll);
  const board = createLotteryBoard(sound, language);
  const schedule = h('section', { class: 'panel lot-schedule' }, openLine, timerBar, awaitingLine);
  const stage = h('div', { class: 'lot-stage' }, board.el, h('div', { class: 'lot-board-actions' }, replay, skip));

  /** Shows a draw on the board; the draw being made when it is new to this page. */
  async function present(r: Result, animate: boolean) {
    const mine = o.tickets().filter((t) => t.numero === r.numero);
    skip.hidden = !animate;
    replay.disabled = animate;
    if (animate) {
      say(w.beingDrawn(r.numero));
      const box = board.el.getBoundingClientRect();
      if (box.bottom < 0 || box.top > innerHeight) board.el.scrollIntoView({ block: 'nearest' });
    }
    await board.show(r, { animate: animate && !o.reduced, hits: hitKeys(r.prizes, mine) });
    skip.hidden = true;
    replay.disabled = false;
    if (!animate) return;
    const won = mine.reduce((sum, t) => sum + t.win, 0);
    const special = topPrize(r.prizes, language);
    const top = `${special.tier} ${special.numbers}`;
    if (won > 0) {
      say(w.drawWon(r.numero, top, money(won)), 'ok');
      sound.play('win');
    } else if (mine.length) say(w.drawNoWin(r.numero, top));
    else say(w.drawTop(r.numero, top));
  }
  replay.addEventListener('click', () => {
    const r = o.latest();
    if (r) void present(r, true);
  });
  skip.addEventListener('click', () => board.finish());

  /** After an answer: replay is offered once there is a draw, and the board says when there is none yet. */
  function showLatest(latest: Result | undefined) {
    replay.disabled = !latest;
    if (!latest && board.numero === null) board.empty(w.firstDraw);
  }

  let barFor = '';
  let barSpan = 1;
  /** The open draw's line and bar and the awaited draw's line at page time `now`. */
  function showSchedule(data: LotteryInfo, awaiting: AwaitedDraw | null, now: number) {
    const left = (Date.parse(data.open.closesAt) - now) / 1000;
    countdown.textContent = left > 0 ? w.toClose(clock(left)) : w.closed;
    if (!openLine.firstChild)
      openLine.append(
        w.draw,
        h('strong', { 'data-testid': 'open-numero' }),
        ' · ',
        countdown,
        h('span', { class: 'muted small' }),
      );
    const numeroEl = openLine.querySelector('[data-testid=open-numero]');
    if (numeroEl && numeroEl.textContent !== data.open.numero) numeroEl.textContent = data.open.numero;
    const when = openLine.lastElementChild as HTMLElement;
    when.textContent = w.drawsAt(new Date(data.open.drawsAt).toLocaleTimeString());
    // The bar empties as the betting time runs out (from the time left when the page first saw the draw).
    if (barFor !== data.open.numero) {
      barFor = data.open.numero;
      barSpan = Math.max(1, left);
    }
    timer.style.transform = `scaleX(${Math.max(0, Math.min(1, left / barSpan))})`;
    if (awaiting) {
      const wait = (Date.parse(awaiting.drawsAt) - now) / 1000;
      awaitingLine.textContent =
        wait > 0 ? w.awaitingClosed(awaiting.numero, clock(wait)) : w.awaitingDrawing(awaiting.numero);
    } else awaitingLine.textContent = '';
  }

  return { schedule, stage, present, showLatest, showSchedule, shownNumero: () => board.numero };
}
