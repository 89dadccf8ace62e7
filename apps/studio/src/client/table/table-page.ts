/// <reference lib="dom" />
// The live table page (LIVE baccarat and roulette) on the shared game frame (frame.ts): the table's
// shared round over the WebSocket /studio/ws/table (phase, countdown, cards as they are dealt, the
// result, the road), bets through the HTTP API with the game token (several per round, each a wallet
// bet), your bets and results, and the fairness drawer (the round's seed hash before betting, the
// seed at the result, a verify link that recomputes the round on /studio/fair). A lost socket
// reconnects; a poll keeps the balance and your bets fresh. It reads the server's own views through
// type-only imports (nothing of the server is bundled).
//
// A live table: a felt with the betting areas, chips placed on them (undo, clear, repeat),
// cards dealt and turned one by one in the server's order, a wheel that lands on the server's number,
// the winning areas lit, sounds, and the road maps. Everything shown comes from the server's round
// (games/table-present.ts, checked by its test).
import type { RoundRequest, TableAnswer, TableBetAnswer, TableSocketMessage } from '../../api-types';
import type { BaccaratView, MyTableBet as MyBet, RouletteView, TableState } from '../../tables';
import { bindSpace, createFrame } from '../frame';
import { pageLanguage, pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import {
  baccaratFelt,
  beadPlateEl,
  bigRoadEl,
  cardEl,
  chipEl,
  numberBall,
  rouletteBoard,
  type SpotButton,
  wheelDisc,
} from '../games/table-art';
import {
  baccaratVerdict,
  baccaratWinningSpots,
  ballLanding,
  beadPlate,
  betTypes,
  bigRoad,
  type DealtCard,
  dealSequence,
  handTotal,
  type InsideType,
  nextSpot,
  pocketAtTop,
  rouletteBet,
  rouletteReturn,
  rouletteSpot,
  rouletteWinningSpots,
  spotAccessibleName,
  spotLabel,
  spotsInMode,
  spotsOfBet,
  thirdCardNotes,
  wheelLanding,
} from '../games/table-present';
import { tableSound } from '../games/table-sound';
import { injectTableStyle } from '../games/table-style';
import type { SessionInfo } from '../types';
import { ApiError, h, money, shortHash } from '../ui';
import { fairUrl } from '../words';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** An area as the bet slip and the bets table name it: a straight number by its number alone. */
const spotName = (key: string, language: unknown) => (/^n\d+$/.test(key) ? key.slice(1) : spotLabel(key, language));
/** Arrow keys as steps along and across the layout: wide (zero on the left) and upright (zero on top). */
const ARROWS: Record<string, { wide: [number, number]; upright: [number, number] }> = {
  ArrowRight: { wide: [1, 0], upright: [0, 1] },
  ArrowLeft: { wide: [-1, 0], upright: [0, -1] },
  ArrowUp: { wide: [0, 1], upright: [-1, 0] },
  ArrowDown: { wide: [0, -1], upright: [1, 0] },
};
const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function betText(engine: 'baccarat' | 'roulette', bet: unknown, language: unknown): string {
  return spotsOfBet(engine, bet)
    .map(([k, v]) => `${spotName(k, language)} ${money(v)}`)
    .join(', ');
}

export function tablePage(app: HTMLElement, info: SessionInfo, api: Api, token: string): void {
  injectTableStyle();
  const language = pageLanguage();
  const w = gameWords(language).table;
  const typeList = betTypes(language);
  const engine = info.engine === 'roulette' ? 'roulette' : 'baccarat';
  const game = info.game as { chips?: number[] } | null;
  const chips = game?.chips?.length ? game.chips : [100, 500, 1000, 5000, 10000];
  const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  let state: TableState | null = null;
  let mine: MyBet[] = [];
  let offset = 0; // server clock minus page clock
  let bettingSpan = 15_000; // the betting phase's length (from /api/table), for the timer bar
  let busy = false;
  let chipIndex = 0;
  // The chips not yet sent (area -> amount), the order they went down (for undo), the last bet sent.
  const slip = new Map<string, number>();
  let placedOrder: { spot: string; amount: number }[] = [];
  let lastBet: [string, number][] = [];

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });
  const frame = createFrame({
    title: pageTitle(engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
    currency: info.currency,
    drawerContent: [h('section', { class: 'panel fairness' }, h('h2', {}, w.provablyFair), fair)],
  });
  frame.header.querySelector('h1')?.append(h('span', { class: 'badge tb-live' }, 'LIVE'));
  const { message } = frame;
  const play = tableSound(frame.sound);
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };

  // ---- the stage: the phase and countdown, then the cards or the wheel ----
  const phase = h('strong', { 'data-testid': 'phase' }, w.connecting);
  const countdown = h('span', { class: 'countdown', 'data-testid': 'countdown' }, '');
  const roundNo = h('span', { class: 'muted small', 'data-testid': 'round-no' }, '');
  const timer = h('div', { class: 'timer-bar' }, h('span'));
  const verdict = h('p', { class: 'tb-verdict', 'data-testid': 'verdict' }, '');
  const winBanner = h('p', { class: 'tb-win', 'data-testid': 'win-amount', hidden: true });

  const playerCards = h('div', { class: 'tb-cards', 'data-testid': 'player-cards' });
  const bankerCards = h('div', { class: 'tb-cards', 'data-testid': 'banker-cards' });
  const playerTotal = h('span', { class: 'tb-total', 'data-testid': 'player-total' }, '');
  const bankerTotal = h('span', { class: 'tb-total', 'data-testid': 'banker-total' }, '');
  const playerHand = h('div', { class: 'tb-hand player' }, h('h2', {}, `${w.player} `, playerTotal), playerCards);
  const bankerHand = h('div', { class: 'tb-hand banker' }, h('h2', {}, `${w.banker} `, bankerTotal), bankerCards);
  const notes = h('p', { class: 'tb-notes small', 'data-testid': 'draw-notes' }, '');

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

  const scene =
    engine === 'baccarat'
      ? h('div', { class: 'tb-scene' }, h('div', { class: 'tb-hands' }, playerHand, bankerHand), notes)
      : h('div', { class: 'tb-scene' }, wheel, wheelNumber);
  const stage = h(
    'section',
    { class: `tb-stage ${engine}` },
    h('div', { class: 'phase-line' }, phase, countdown, roundNo),
    timer,
    scene,
    verdict,
    winBanner,
  );

  // ---- the felt and the chips ----
  const felt = engine === 'baccarat' ? baccaratFelt(language) : rouletteBoard(language);
  const spots: Map<string, SpotButton> = felt.spots;
  for (const [key, b] of spots) b.addEventListener('click', () => addChip(key));
  // Roulette: the bet type decides what a tap on the numbers means (see typeList): straight on a
  // number, or the split, street, corner or line whose area it falls in.
  let mode: InsideType = 'straight';
  const typeHint = h('p', { class: 'muted small tb-type-hint', 'aria-live': 'polite', 'data-testid': 'bet-type-hint' });
  const typeButtons = typeList.map((t) =>
    h(
      'button',
      {
        class: 'tb-type',
        type: 'button',
        'aria-pressed': 'false',
        'data-bet-type': t.type,
        onclick: () => setMode(t.type),
      },
      t.name,
    ),
  );
  const typeBar =
    engine === 'roulette'
      ? h('div', { class: 'tb-types', role: 'group', 'aria-label': w.betType }, ...typeButtons, typeHint)
      : null;
  const covered: HTMLElement[] = [];
  const cover = (key: string | null) => {
    for (const el of covered.splice(0)) el.classList.remove('cover');
    const spot = key ? rouletteSpot(key) : undefined;
    if (!spot?.inside || spot.type === 'straight') return;
    for (const n of spot.numbers) {
      const cell = spots.get(`n${n}`);
      if (cell) {
        cell.classList.add('cover');
        covered.push(cell);
      }
    }
  };
  function setMode(next: InsideType) {
    mode = next;
    const active = new Set(spotsInMode(mode).map((s) => s.key));
    for (const [key, b] of spots) {
      if (key.startsWith('n')) {
        b.tabIndex = active.has(key) ? 0 : -1;
      } else if (b.classList.contains('mark')) {
        const on = active.has(key);
        b.tabIndex = on ? 0 : -1;
        if (on) b.removeAttribute('aria-hidden');
        else b.setAttribute('aria-hidden', 'true');
      }
    }
    for (const t of typeList) felt.el.classList.toggle(`mode-${t.type}`, t.type === mode);
    felt.el.classList.toggle('inside', mode !== 'straight');
    for (const b of typeButtons) b.setAttribute('aria-pressed', String(b.dataset.betType === mode));
    typeHint.textContent = typeList.find((t) => t.type === mode)?.hint ?? '';
    cover(null);
  }
  if (engine === 'roulette') {
    for (const [key, b] of spots) {
      if (!b.classList.contains('mark')) continue;
      b.addEventListener('pointerenter', () => cover(key));
      b.addEventListener('pointerleave', () => cover(null));
      b.addEventListener('focus', () => cover(key));
      b.addEventListener('blur', () => cover(null));
    }
    setMode('straight');
  }
  const chipRow = h('div', { class: 'tb-chip-row', role: 'radiogroup', 'aria-label': w.chipValue });
  const drawChips = () =>
    chipRow.replaceChildren(
      ...chips.map((c, i) => {
        const b = h(
          'button',
          {
            class: `tb-chip-button${i === chipIndex ? ' selected' : ''}`,
            type: 'button',
            role: 'radio',
            'aria-checked': i === chipIndex ? 'true' : 'false',
            'aria-label': w.chip(money(c)),
            'data-testid': `chip-${c}`,
            onclick: () => {
              chipIndex = i;
              play('chip');
              drawChips();
            },
          },
          chipEl(c, i),
        );
        return b;
      }),
    );
  drawChips();
  const undoButton = h('button', { class: 'button', type: 'button', 'data-testid': 'undo' }, w.undo);
  const clearButton = h('button', { class: 'button', type: 'button', 'data-testid': 'clear' }, w.clear);
  const repeatButton = h('button', { class: 'button', type: 'button', 'data-testid': 'repeat' }, w.repeat);
  const placeButton = h(
    'button',
    { class: 'button primary', type: 'button', 'data-testid': 'place-bet', 'data-primary': '' },
    w.placeBet,
  );
  const slipText = h('p', { class: 'muted small tb-slip', 'data-testid': 'slip' }, w.pickChip);
  const chipBar = h(
    'div',
    { class: 'tb-chipbar' },
    chipRow,
    h('div', { class: 'tb-actions' }, undoButton, clearButton, repeatButton, placeButton),
    slipText,
  );

  // ---- roads, players, my bets ----
  const road = h('div', { class: 'tb-road-box', 'data-testid': 'road' });
  const bigRoadBox = h('div', { class: 'tb-road-box', 'data-testid': 'big-road' });
  const players = h('tbody', { 'data-testid': 'players' });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const tableOf = (head: string[], body: HTMLElement) =>
    h(
      'div',
      { class: 'table-wrap' },
      h('table', {}, h('thead', {}, h('tr', {}, ...head.map((t) => h('th', {}, t)))), body),
    );
  const roads =
    engine === 'baccarat'
      ? h('section', { class: 'panel tb-roads' }, h('h2', {}, w.beadPlate), road, h('h2', {}, w.bigRoad), bigRoadBox)
      : h('section', { class: 'panel tb-roads' }, h('h2', {}, w.recentNumbers), road);

  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: `tb-layout ${engine}` },
      h('div', { class: 'tb-main' }, stage, typeBar, felt.el, chipBar, message),
      h(
        'div',
        { class: 'tb-side' },
        roads,
        h('section', { class: 'panel' }, h('h2', {}, w.yourBets), tableOf(w.myColumns, myBody)),
        h('section', { class: 'panel' }, h('h2', {}, w.playersThisRound), tableOf(w.playerColumns, players)),
        h('p', { class: 'muted small tb-keys' }, w.keys(chips.length, engine === 'roulette')),
      ),
    ),
    frame.drawer,
  );
  bindSpace(app);

  const serverNow = () => Date.now() + offset;
  const bettingOpen = () => {
    const r = state?.round;
    return !!r && r.phase === 'betting' && serverNow() < Date.parse(r.bettingEndsAt);
  };

  // ---- chips on the felt ----
  function addChip(spot: string) {
    if (!bettingOpen()) {
      say(w.bettingClosed, 'info');
      return;
    }
    const amount = chips[chipIndex] ?? chips[0] ?? 100;
    slip.set(spot, (slip.get(spot) ?? 0) + amount);
    placedOrder.push({ spot, amount });
    play('chip');
    drawSpots();
  }
  function undo() {
    const last = placedOrder.pop();
    if (!last) return;
    const left = (slip.get(last.spot) ?? 0) - last.amount;
    if (left > 0) slip.set(last.spot, left);
    else slip.delete(last.spot);
    play('chip');
    drawSpots();
  }
  function clear() {
    slip.clear();
    placedOrder = [];
    drawSpots();
  }
  function repeat() {
    if (!bettingOpen() || !lastBet.length) return;
    for (const [spot, amount] of lastBet) {
      slip.set(spot, (slip.get(spot) ?? 0) + amount);
      placedOrder.push({ spot, amount });
    }
    play('chip');
    drawSpots();
  }
  undoButton.addEventListener('click', undo);
  clearButton.addEventListener('click', clear);
  repeatButton.addEventListener('click', repeat);

  /** My chips already taken this round (confirmed bets), by area. */
  function placedThisRound(): Map<string, number> {
    const placed = new Map<string, number>();
    const id = state?.round?.id;
    for (const b of mine) {
      if (b.roundId !== id || b.status === 'rolled_back' || b.status === 'rolling_back') continue;
      for (const [spot, amount] of spotsOfBet(engine, b.bet)) placed.set(spot, (placed.get(spot) ?? 0) + amount);
    }
    return placed;
  }
  function drawSpots() {
    const placed = placedThisRound();
    for (const [key, b] of spots) {
      const pending = slip.get(key) ?? 0;
      const taken = placed.get(key) ?? 0;
      const total = pending + taken;
      b.classList.toggle('has-bet', total > 0);
      b.stack.replaceChildren(...(total > 0 ? [chipEl(total, chipColour(total), pending ? ' pending' : '')] : []));
      b.sr.textContent = spotAccessibleName(b.note, taken, pending, money, language);
    }
    const total = [...slip.values()].reduce((t, v) => t + v, 0);
    slipText.textContent = slip.size
      ? w.toPlace([...slip.entries()].map(([k, v]) => `${spotName(k, language)} ${money(v)}`).join(' · '), money(total))
      : w.pickChip;
    syncControls();
  }
  const chipColour = (amount: number) => {
    let best = 0;
    chips.forEach((c, i) => {
      if (amount >= c) best = i;
    });
    return best;
  };

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, [contenteditable]')) return;
    // Arrows move between the areas of the chosen bet type as they lie on screen (the layout runs
    // down the screen on a phone held upright).
    const arrow = ARROWS[e.key];
    const from = engine === 'roulette' ? target?.closest<HTMLElement>('[data-spot]')?.dataset.spot : undefined;
    if (arrow && from && rouletteSpot(from)?.inside) {
      const upright = window.matchMedia?.('(max-width: 600px) and (orientation: portrait)').matches ?? false;
      const [along, across] = upright ? arrow.upright : arrow.wide;
      const next = nextSpot(from, along, across, mode);
      if (next) spots.get(next)?.focus();
      e.preventDefault();
      return;
    }
    const k = e.key.toLowerCase();
    if (/^[1-9]$/.test(k) && Number(k) <= chips.length) {
      chipIndex = Number(k) - 1;
      drawChips();
    } else if (k === 'z') undo();
    else if (k === 'c') clear();
    else if (k === 'r') repeat();
    else if (k === 't' && engine === 'roulette') {
      const i = typeList.findIndex((t) => t.type === mode);
      setMode(typeList[(i + 1) % typeList.length]?.type ?? 'straight');
    } else return;
    e.preventDefault();
  });

  // ---- baccarat: cards dealt one by one ----
  let dealRound = -1;
  let dealt: DealtCard[] = [];
  let dealChain: Promise<void> = Promise.resolve();
  let resultShown = -1;
  const handCards = { player: [] as DealtCard[], banker: [] as DealtCard[] };

  function resetRound() {
    playerCards.replaceChildren();
    bankerCards.replaceChildren();
    playerTotal.textContent = '';
    bankerTotal.textContent = '';
    notes.textContent = '';
    verdict.textContent = '';
    verdict.className = 'tb-verdict';
    winBanner.hidden = true;
    dealt = [];
    handCards.player = [];
    handCards.banker = [];
    dealChain = Promise.resolve();
    playerHand.classList.remove('winner');
    bankerHand.classList.remove('winner');
    for (const b of spots.values()) b.classList.remove('win');
  }

  async function showCard(d: DealtCard, index: number, round: number, quick: boolean) {
    if (round !== dealRound) return;
    const el = cardEl(d.card, index, language);
    (d.hand === 'player' ? playerCards : bankerCards).append(el);
    handCards[d.hand].push(d);
    if (quick) {
      el.classList.add('up');
    } else {
      play('deal');
      await wait(320);
      if (round !== dealRound) return;
      el.classList.add('up');
      play('flip');
      await wait(320);
    }
    (d.hand === 'player' ? playerTotal : bankerTotal).textContent = String(
      handTotal(handCards[d.hand].map((c) => c.card)),
    );
  }

  function renderBaccarat(roundId: number, o: BaccaratView, quick: boolean) {
    const seq = dealSequence(o);
    if (roundId !== dealRound) {
      // The last hand stays on the felt through the next betting phase, until the new deal begins:
      // players read it while they place their chips, as at a real table.
      if (seq.length === 0 && dealRound !== -1) return;
      resetRound();
      dealRound = roundId;
    }
    for (let k = dealt.length; k < seq.length; k++) {
      const d = seq[k] as DealtCard;
      dealt.push(d);
      dealChain = dealChain.then(() => showCard(d, k, roundId, quick));
    }
    if (o.result && resultShown !== roundId) {
      resultShown = roundId;
      const result = o.result;
      void dealChain.then(() => {
        if (roundId !== dealRound) return;
        notes.textContent = thirdCardNotes(o, language).join(' · ');
        verdict.textContent = baccaratVerdict({ ...o, result }, language);
        verdict.className = `tb-verdict ${result}`;
        playerHand.classList.toggle('winner', result === 'player');
        bankerHand.classList.toggle('winner', result === 'banker');
        lightSpots(baccaratWinningSpots({ ...o, result }));
        say(verdict.textContent ?? '');
      });
    }
  }

  // ---- roulette: the wheel ----
  let wheelDeg = 0;
  let ballDeg = 0;
  let ballR = 0.8; // the ball's distance from the centre, as a share of the wheel's radius
  let spin: 'rest' | 'spin' | 'land' = 'rest';
  let landing = { t0: 0, dur: 1, w0: 0, w1: 0, b0: 0, b1: 0 };
  let landedRound = -1;
  let lastFrame = performance.now();

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
      const p = Math.min(1, (now - landing.t0) / landing.dur);
      const e = 1 - (1 - p) ** 3;
      wheelDeg = landing.w0 + (landing.w1 - landing.w0) * e;
      ballDeg = landing.b0 + (landing.b1 - landing.b0) * e;
      ballR = 0.9 - 0.14 * Math.min(1, Math.max(0, (p - 0.55) / 0.4));
      drawWheel();
      if (p >= 1) spin = 'rest';
    }
    requestAnimationFrame(wheelFrame);
  }
  drawWheel();

  function renderRoulette(roundId: number, phaseName: string, o: RouletteView, quick: boolean) {
    // The last number, its lit areas and their wins stay on the layout through the next betting
    // phase, until the wheel spins again (as the baccarat hand stays on the felt).
    if (phaseName === 'betting' && dealRound !== roundId) {
      dealRound = roundId;
      winBanner.hidden = true;
    }
    if (phaseName === 'dealing' && spin === 'rest' && landedRound !== roundId) {
      spin = 'spin';
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
        lightSpots(rouletteWinningSpots(number));
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
        setTimeout(done, dur + 30);
      }
    }
  }

  function lightSpots(keys: string[]) {
    for (const [key, b] of spots) b.classList.toggle('win', keys.includes(key));
  }

  // Each winning area of the player's shows what it returns (the engine's pay, checked by
  // table-present.test). Once the round's bets are settled, the areas must add up to the server's
  // win; if they do not, the areas' amounts are withdrawn and only the server's total shows.
  let areaWins: { roundId: number; number: number; total: number } | null = null;
  function showAreaWins(on: { roundId: number; number: number } | null) {
    const placed = on && on.roundId === state?.round?.id ? placedThisRound() : new Map<string, number>();
    let total = 0;
    for (const [key, b] of spots) {
      const back = on ? rouletteReturn(key, placed.get(key) ?? 0, on.number) : 0;
      total += back;
      b.won.hidden = back <= 0;
      b.won.textContent = back > 0 ? w.win(money(back)) : '';
    }
    areaWins = on && total > 0 ? { ...on, total } : null;
  }
  function checkAreaWins() {
    if (!areaWins) return;
    const round = mine.filter((b) => b.roundId === areaWins?.roundId);
    if (!round.length || round.some((b) => b.status !== 'closed' && b.status !== 'rolled_back')) return;
    const server = round.filter((b) => b.status === 'closed').reduce((t, b) => t + b.win, 0);
    if (server !== areaWins.total) showAreaWins(null);
    areaWins = null;
  }

  // ---- state from the server ----
  let seenFirst = false;
  function renderStage() {
    const r = state?.round;
    if (!r) {
      phase.textContent = state ? w.opening : w.connecting;
      countdown.textContent = '';
      return;
    }
    phase.textContent = w.phases[r.phase] ?? r.phase;
    roundNo.textContent = w.round(r.no);
    // The first state seen shows what is already on the table at once; later ones animate.
    const quick = reduced() || !seenFirst;
    seenFirst = true;
    if (engine === 'baccarat') renderBaccarat(r.id, r.outcome as BaccaratView, quick);
    else renderRoulette(r.id, r.phase, r.outcome as RouletteView, quick);
  }

  function tick() {
    const r = state?.round;
    if (r) {
      const [from, to] =
        r.phase === 'betting'
          ? [Date.parse(r.bettingEndsAt) - bettingSpan, Date.parse(r.bettingEndsAt)]
          : r.phase === 'dealing'
            ? [Date.parse(r.bettingEndsAt), Date.parse(r.revealAt)]
            : [Date.parse(r.revealAt), Date.parse(r.endsAt)];
      const left = Math.max(0, to - serverNow());
      countdown.textContent = r.phase === 'done' ? '' : `${Math.ceil(left / 1000)} s`;
      (timer.firstElementChild as HTMLElement).style.width = `${Math.min(100, (left / Math.max(1, to - from)) * 100)}%`;
      timer.classList.toggle('closing', r.phase === 'betting' && left < 3000);
    }
    syncControls();
    setTimeout(tick, 200);
  }

  function syncControls() {
    const open = bettingOpen();
    placeButton.disabled = busy || !open || slip.size === 0;
    repeatButton.disabled = !open || !lastBet.length;
    undoButton.disabled = !placedOrder.length;
    clearButton.disabled = !slip.size;
    felt.el.classList.toggle('closed', !open);
  }

  let historyKey = '';
  function renderLists() {
    const s = state;
    if (!s) return;
    const key = `${s.history[0]?.no ?? ''}:${s.history.length}`;
    if (key !== historyKey) {
      historyKey = key;
      const oldestFirst = [...s.history].reverse();
      if (engine === 'baccarat') {
        road.replaceChildren(beadPlateEl(beadPlate(oldestFirst), language));
        bigRoadBox.replaceChildren(bigRoadEl(bigRoad(oldestFirst), language));
        bigRoadBox.scrollLeft = bigRoadBox.scrollWidth;
      } else {
        road.replaceChildren(
          ...s.history.slice(0, 18).map((b) => numberBall(b.number ?? Number(b.result), b.no, language)),
        );
      }
    }
    players.replaceChildren(
      ...s.bets.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, b.player),
          h('td', {}, money(b.stake)),
          h('td', {}, b.status === 'in' ? '…' : b.status === 'won' ? money(b.win) : w.lost),
        ),
      ),
    );
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          { 'data-status': b.status },
          h('td', {}, `#${b.roundNo}`),
          h('td', { class: 'small' }, betText(engine, b.bet, language)),
          h('td', {}, money(b.stake)),
          h(
            'td',
            {},
            b.status === 'open' || b.status === 'settling'
              ? '…'
              : b.status === 'rolled_back' || b.status === 'rolling_back'
                ? w.refunded
                : b.win > 0
                  ? money(b.win)
                  : w.lost,
          ),
        ),
      ),
    );
    if (!mine.length) myBody.append(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, w.noBets)));
    renderFair(s);
    drawSpots();
  }

  function renderFair(s: TableState) {
    const r = s.round;
    if (!r) return;
    const myBet = mine.find((b) => b.roundId === r.id)?.bet;
    const query = new URLSearchParams({
      seed: r.serverSeed ?? '',
      client: r.clientSeed,
      nonce: String(r.nonce),
      game: s.table.gameCode,
      vendor: s.table.vendor,
      hash: r.serverSeedHash,
    });
    if (myBet) query.set('bet', JSON.stringify(myBet));
    fair.replaceChildren(
      h('p', {}, w.seedHashShown(r.no), h('code', { 'data-testid': 'seed-hash' }, r.serverSeedHash)),
      h('p', {}, w.clientSeed, h('code', {}, r.clientSeed), w.nonce(r.nonce)),
      r.serverSeed
        ? h(
            'p',
            {},
            w.serverSeed,
            h('code', { 'data-testid': 'server-seed' }, r.serverSeed),
            ' · ',
            h(
              'a',
              { href: fairUrl(query, language), target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' },
              w.verify,
            ),
          )
        : h('p', { class: 'muted' }, w.seedRevealedLater),
      h('p', { class: 'muted' }, w.outcomeDrawn(shortHash(r.serverSeedHash))),
    );
  }

  let loaded = false;
  async function refresh() {
    try {
      const data = await api<TableAnswer>('/api/table');
      const settledBefore = new Set(mine.filter((b) => b.status === 'closed').map((b) => b.betId));
      const fresh = loaded ? data.mine.filter((b) => b.status === 'closed' && !settledBefore.has(b.betId)) : [];
      loaded = true;
      mine = data.mine;
      bettingSpan = data.timing.bettingMs;
      if (data.balance !== null) balance.textContent = money(data.balance);
      if (!state || Date.parse(data.state.serverNow) > Date.parse(state.serverNow)) apply(data.state);
      if (fresh.length) showWin(fresh);
      renderLists();
      if (engine === 'roulette') checkAreaWins();
    } catch (err) {
      if (err instanceof ApiError) say(err.message, 'error');
    }
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
    if (engine === 'baccarat') void dealChain.then(show);
    else if (spin === 'land' && landedRound === roundId)
      setTimeout(show, Math.max(0, landing.t0 + landing.dur - performance.now() + 60));
    else show();
  }

  let lastKey = '';
  function apply(s: TableState) {
    offset = Date.parse(s.serverNow) - Date.now();
    const r = s.round;
    const key = `${r?.id}:${r?.phase}`;
    const toResult = key !== lastKey && r?.phase === 'result';
    const newRound = r && state?.round?.id !== r.id;
    lastKey = key;
    state = s;
    if (newRound) {
      slip.clear();
      placedOrder = [];
    }
    renderStage();
    renderLists();
    // The result settles the bets: fetch balance and my bets (once now, once after delivery).
    if (toResult) {
      void refresh();
      setTimeout(() => void refresh(), 1200);
    }
  }

  let socketOpen = false;
  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/table?token=${encodeURIComponent(token)}`,
    );
    ws.onopen = () => {
      socketOpen = true;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as TableSocketMessage;
      if (msg.type === 'state') apply(msg.data);
    };
    ws.onclose = () => {
      socketOpen = false;
      setTimeout(connect, 1500);
    };
  }

  placeButton.addEventListener('click', async () => {
    if (!slip.size || busy) return;
    const entries = [...slip.entries()];
    const bet = engine === 'baccarat' ? Object.fromEntries(entries) : rouletteBet(entries);
    busy = true;
    try {
      const answer = await api<TableBetAnswer>('/api/table/bet', {
        method: 'POST',
        body: { bet } satisfies RoundRequest,
      });
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      balance.textContent = money(answer.balance);
      lastBet = entries;
      slip.clear();
      placedOrder = [];
      say(w.betPlaced(betText(engine, answer.bet.bet, language)), 'info');
      renderLists();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotBet, 'error');
    } finally {
      busy = false;
    }
  });

  // Without the socket, the poll carries the table's state too (and keeps the table running).
  setInterval(() => {
    if (!socketOpen || mine.some((b) => b.status === 'open' || b.status === 'settling')) void refresh();
  }, 3000);

  void refresh();
  connect();
  tick();
  if (engine === 'roulette') requestAnimationFrame(wheelFrame);
  drawSpots();
}
