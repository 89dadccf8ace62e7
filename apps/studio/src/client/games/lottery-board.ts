// The lottery's draw board ("the lottery shows the draw being made"): one row per prize
// tier, each number a row of digit balls. A draw is revealed number by number in drawSequence's order
// (the top prize last): the balls of a number tumble, then land on the server's digits one by one.
// Reduced motion, or a draw the page did not see being made, shows the numbers at once.

import { gameWords } from '../game-words';
import type { Sound } from '../sound';
import { h } from '../ui';
import { type DrawStep, drawSequence, type Prize, tierName } from './lottery-present';

const TUMBLE_MS = 120;
const DIGIT_MS = 35;

export type LotteryBoard = {
  el: HTMLElement;
  /** Shows a draw; animated when asked (the returned promise ends when the last number lands). */
  show(draw: { numero: string; prizes: Prize[] }, o: { animate: boolean; hits: Set<string> }): Promise<void>;
  /** What the board says before any draw was made. */
  empty(text: string): void;
  /** Ends a running reveal at once (the numbers all shown). */
  finish(): void;
  readonly numero: string | null;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createLotteryBoard(sound: Sound | undefined, language: unknown = 'EN'): LotteryBoard {
  const words = gameWords(language).lottery;
  const title = h('h2', { class: 'lot-board-title' }, words.latestDraw);
  const rows = h('div', { class: 'lot-rows' });
  const el = h(
    'section',
    { class: 'lot-board', 'data-testid': 'draw-board', 'aria-label': words.drawResults },
    title,
    rows,
  );
  let numero: string | null = null;
  let run = 0;
  let skip = false;

  function land(cell: HTMLElement, number: string) {
    cell.replaceChildren(...[...number].map((d) => h('span', { class: 'lot-ball' }, d)));
    cell.dataset.number = number;
    cell.classList.remove('rolling');
    cell.classList.add('landed');
    cell.setAttribute('aria-label', number);
  }

  return {
    el,
    get numero() {
      return numero;
    },
    empty(text) {
      rows.replaceChildren(h('p', { class: 'lot-board-empty' }, text));
    },
    finish() {
      skip = true;
    },
    async show(draw, o) {
      const mine = ++run;
      skip = false;
      numero = draw.numero;
      title.textContent = words.drawTitle(draw.numero);
      el.dataset.numero = draw.numero;
      el.dataset.state = o.animate ? 'drawing' : 'done';
      const cells = new Map<string, HTMLElement>();
      rows.replaceChildren(
        ...draw.prizes.map((p) =>
          h(
            'div',
            { class: `lot-row tier-${p.tier}` },
            h('span', { class: 'lot-tier' }, tierName(p.tier, language)),
            h(
              'span',
              { class: 'lot-numbers' },
              ...p.numbers.map((n, i) => {
                const key = `${p.tier}:${i}`;
                const cell = h('span', {
                  class: `lot-number${o.hits.has(key) ? ' hit' : ''}`,
                  'data-tier': p.tier,
                  role: 'img',
                  'aria-label': words.notDrawn,
                });
                cell.append(...[...n].map(() => h('span', { class: 'lot-ball empty' }, '·')));
                cells.set(key, cell);
                return cell;
              }),
            ),
          ),
        ),
      );
      const steps: DrawStep[] = drawSequence(draw.prizes);
      if (!o.animate) {
        for (const s of steps) land(cells.get(`${s.tier}:${s.index}`)!, s.number);
        return;
      }
      for (const s of steps) {
        const cell = cells.get(`${s.tier}:${s.index}`)!;
        if (!skip && run === mine) {
          cell.classList.add('rolling');
          const balls = Array.from(cell.children) as HTMLElement[];
          // Tumbling digits, then each ball lands on the server's digit, left to right.
          const start = performance.now();
          while (performance.now() - start < TUMBLE_MS && !skip && run === mine) {
            for (const b of balls) {
              b.classList.remove('empty');
              b.textContent = String(Math.floor(Math.random() * 10));
            }
            await wait(40);
          }
          for (let i = 0; i < balls.length && !skip && run === mine; i++) {
            balls[i]!.textContent = s.number[i] ?? '';
            await wait(DIGIT_MS);
          }
          sound?.play('stop');
        }
        if (run !== mine) return;
        land(cell, s.number);
      }
      el.dataset.state = 'done';
    },
  };
}
