// The roulette scene: the wheel that spins while the round deals and lands on the server's number,
// the number shown, the winning areas lit, and on each of the player's winning areas what it returns.
import type { RouletteView } from '../../casino/tables';
import { wheelDisc } from '../games/table-art';
import {
  ballLanding,
  pocketAtTop,
  rouletteReturn,
  rouletteWinningSpots,
  spotLabel,
  wheelLanding,
} from '../games/table-present';
import { h, money } from '../ui';
import type { StageParts } from './table-scene';
import { areaWinsCheck, type MyBet } from './table-state';

export function createRouletteScene(p: StageParts) {
  const { language, words: w, verdict, winBanner, spots, play, say } = p;
  const disc = h('div', { class: 'tb-disc-wrap' }, wheelDisc());
  const ball = h('span', { class: 'tb-ball' });
  const ballTrack = h('div', { class: 'tb-ball-track' }, ball);
  const wheel = h(
    'div',
    { class: 'tb-wheel', 'data-testid': 'wheel', 'aria-hidden': 'true' },
    disc,
    ballTrack,
    h('span', { class: 'tb-marker' }),
  );
  const wheelNumber = h('div', { class: 'tb-number', 'data-testid': 'number' }, '');
  const el = h('div', { class: 'tb-scene' }, wheel, wheelNumber);

  let dealRound = -1;
  let wheelDeg = 0;
  let ballDeg = 0;
  let ballR = 0.8; // the ball's distance from the centre, as a share of the wheel's radius
  let spin: 'rest' | 'spin' | 'land' = 'rest';
  let landing = { t0: 0, dur: 1, w0: 0, w1: 0, b0: 0, b1: 0 };
  let landedRound = -1;
  let lastFrame = performance.now();
  // Frames only while the wheel moves: a wheel at rest between rounds asks the page for nothing.
  let frames = false;

  function drawWheel() {
    disc.style.transform = `rotate(${wheelDeg}deg)`;
    ballTrack.style.transform = `rotate(${ballDeg}deg)`;
    ball.style.top = `${50 - ballR * 50}%`;
  }
  function wheelFrame(now: number) {
    const dt = Math.min(0.1, (now - lastFrame) / 1000);
    lastFrame = now;
    if (spin === 'spin') {
      wheelDeg += 50 * dt;
      ballDeg -= 320 * dt;
      ballR = 0.9;
      drawWheel();
    } else if (spin === 'land') {
      const t = Math.min(1, (now - landing.t0) / landing.dur);
      const e = 1 - (1 - t) ** 3;
      wheelDeg = landing.w0 + (landing.w1 - landing.w0) * e;
      ballDeg = landing.b0 + (landing.b1 - landing.b0) * e;
      ballR = 0.9 - 0.14 * Math.min(1, Math.max(0, (t - 0.55) / 0.4));
      drawWheel();
      if (t >= 1) spin = 'rest';
    }
    if (spin === 'rest') frames = false;
    else requestAnimationFrame(wheelFrame);
  }
  function moveWheel() {
    if (frames) return;
    frames = true;
    lastFrame = performance.now();
    requestAnimationFrame(wheelFrame);
  }
  drawWheel();

  function render(roundId: number, phaseName: string, o: RouletteView, quick: boolean) {
    // The last number, its lit areas and their wins stay on the layout through the next betting
    // phase, until the wheel spins again (as the baccarat hand stays on the felt).
    if (phaseName === 'betting' && dealRound !== roundId) {
      dealRound = roundId;
      winBanner.hidden = true;
    }
    if (phaseName === 'dealing' && spin === 'rest' && landedRound !== roundId) {
      spin = 'spin';
      moveWheel();
      delete wheel.dataset.landed;
      verdict.textContent = '';
      verdict.className = 'tb-verdict';
      wheelNumber.textContent = '';
      wheelNumber.className = 'tb-number';
      for (const b of spots.values()) b.classList.remove('win');
      showAreaWins(null);
      if (!quick) play('wheel');
    }
    if (o && landedRound !== roundId) {
      landedRound = roundId;
      const number = o.number;
      const w1 = wheelLanding(number, wheelDeg);
      const b1 = ballLanding(ballDeg);
      const done = () => {
        wheel.dataset.landed = String(pocketAtTop(wheelDeg));
        wheelNumber.textContent = String(number);
        wheelNumber.className = `tb-number ${o.color}`;
        verdict.textContent = spotLabel(`n${number}`, language);
        verdict.className = `tb-verdict ${o.color}`;
        p.lightSpots(rouletteWinningSpots(number));
        showAreaWins({ roundId, number });
        say(w.ballLands(String(number), o.color));
      };
      if (quick || spin === 'rest') {
        spin = 'rest';
        wheelDeg = w1;
        ballDeg = b1;
        ballR = 0.76;
        drawWheel();
        done();
      } else {
        const dur = 3200;
        landing = { t0: performance.now(), dur, w0: wheelDeg, w1, b0: ballDeg, b1 };
        spin = 'land';
        moveWheel();
        setTimeout(done, dur + 30);
      }
    }
  }

  // Each winning area of the player's shows what it returns (the engine's pay, checked by
  // table-present.test). Once the round's bets are settled, the areas must add up to the server's
  // win; if they do not, the areas' amounts are withdrawn and only the server's total shows.
  let areaWins: { roundId: number; number: number; total: number } | null = null;
  function showAreaWins(on: { roundId: number; number: number } | null) {
    const placed = on ? p.placedIn(on.roundId) : new Map<string, number>();
    let total = 0;
    for (const [key, b] of spots) {
      const back = on ? rouletteReturn(key, placed.get(key) ?? 0, on.number) : 0;
      total += back;
      b.won.hidden = back <= 0;
      b.won.textContent = back > 0 ? w.win(money(back)) : '';
    }
    areaWins = on && total > 0 ? { ...on, total } : null;
  }
  function checkAreaWins(mine: MyBet[]) {
    if (!areaWins) return;
    const check = areaWinsCheck(areaWins, mine);
    if (check === 'wait') return;
    if (check === 'withdraw') showAreaWins(null);
    areaWins = null;
  }

  /** Runs `show` once the wheel has stopped, if it is landing on round `roundId`; at once otherwise. */
  function afterPresentation(roundId: number | undefined, show: () => void) {
    if (spin === 'land' && landedRound === roundId)
      setTimeout(show, Math.max(0, landing.t0 + landing.dur - performance.now() + 60));
    else show();
  }

  return { el, render, afterPresentation, checkAreaWins };
}
