// Hands per second of the Hold'em table engine (apps/studio/src/cardroom/engine/table.ts) on one core: a full
// table of simulated players taking random legal actions (seeded), busted players topping up between
// hands, each hand's deck from the fair stream. Also the time of one engine call (act), whose copy of
// the table state is what a real table pays per action before any network or database work.
//
// Run: nice -n 10 node --import tsx bench/pvp-table.ts [--hands 20000] [--seats 6] [--betting no-limit]
import { loadavg } from 'node:os';
import { dealDeck } from '../apps/studio/src/cardroom/engine/deck';
import {
  act,
  createTable,
  legalActions,
  nextHandPlan,
  sitDown,
  startHand,
  topUp,
} from '../apps/studio/src/cardroom/engine/table';
import type { Action, BettingStructure, TableState } from '../apps/studio/src/cardroom/engine/types';
import { createSimRng } from '../apps/studio/src/kit/fair/sim-rng';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const hands = Number(arg('--hands', '20000'));
const seats = Number(arg('--seats', '6'));
const betting = arg('--betting', 'no-limit') as BettingStructure;

const rng = createSimRng(2026);
let state: TableState = createTable({
  seats,
  betting,
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 2_000,
  maxBuyIn: 10_000,
  rake: { basisPoints: 500, cap: 300 },
});
for (let seat = 0; seat < seats; seat++) state = sitDown(state, { seat, playerId: `p${seat}`, buyIn: 10_000 });

function randomAction(s: TableState): Action {
  const legal = legalActions(s);
  const roll = rng.next();
  if (roll < 0.15) return { type: 'fold' };
  if (roll < 0.3 && legal.canRaise) {
    return { type: 'raise', to: legal.minRaiseTo + rng.int(legal.maxRaiseTo - legal.minRaiseTo + 1) };
  }
  return legal.canCheck ? { type: 'check' } : { type: 'call' };
}

const loadBefore = loadavg().map((x) => x.toFixed(2));
const actTimes: number[] = [];
let actions = 0;
const start = performance.now();
for (let n = 0; n < hands; n++) {
  for (const seat of state.seats) {
    if (seat && seat.stack < 10_000) state = topUp(state, seat.playerId, 10_000 - seat.stack);
  }
  const plan = nextHandPlan(state);
  state = startHand(state, dealDeck({ serverSeed: 'bench', clientSeeds: plan.seats.map((s) => `c${s}`), nonce: n }));
  while (state.hand!.result === null) {
    const action = randomAction(state);
    const t0 = performance.now();
    state = act(state, state.hand!.toAct!, action);
    actTimes.push(performance.now() - t0);
    actions++;
  }
}
const seconds = (performance.now() - start) / 1000;
const loadAfter = loadavg().map((x) => x.toFixed(2));
actTimes.sort((a, b) => a - b);
const pct = (p: number) => actTimes[Math.min(actTimes.length - 1, Math.floor(actTimes.length * p))]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `${fmt(hands)} hands at a ${seats}-seat ${betting} table, ${fmt(actions)} actions, ${seconds.toFixed(1)} s`,
);
console.log(`hands per second: ${fmt(hands / seconds)}; actions per second: ${fmt(actions / seconds)}`);
console.log(
  `act(): median ${(pct(0.5) * 1000).toFixed(0)} us, p99 ${(pct(0.99) * 1000).toFixed(0)} us, max ${(actTimes.at(-1)! * 1000).toFixed(0)} us`,
);
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
