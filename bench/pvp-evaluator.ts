// Evaluations per second of the Hold'em hand evaluator (apps/studio/src/cardroom/engine/evaluator.ts) on seeded
// random 7-card hands, beside the enumeration evaluator the tests check it against (21 five-card
// subsets per hand) as the reference in the same run. The hands are dealt before timing starts.
//
// Run: nice -n 10 node --import tsx bench/pvp-evaluator.ts [--hands 1000000] [--rounds 5]
import { loadavg } from 'node:os';
import { evaluate } from '../apps/studio/src/cardroom/engine/evaluator';
import { referenceEvaluate } from '../apps/studio/src/cardroom/engine/reference-evaluator';
import { randomCards, seededRng } from '../apps/studio/src/cardroom/engine/test-support';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const handCount = arg('--hands', 1_000_000);
const rounds = arg('--rounds', 5);

const rng = seededRng(2026);
const hands = Array.from({ length: handCount }, () => randomCards(rng, 7));

function rate(evaluateOne: (cards: number[]) => number, count: number): { perSecond: number; checksum: number } {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < count; i++) checksum = (checksum + evaluateOne(hands[i]!)) | 0;
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: count / seconds, checksum };
}

const loadBefore = loadavg().map((x) => x.toFixed(2));
// One warm-up pass so the timed rounds measure optimised code.
rate(evaluate, handCount);
const fast = Array.from({ length: rounds }, () => rate(evaluate, handCount).perSecond).sort((a, b) => a - b);
const referenceCount = Math.min(handCount, 100_000);
const reference = rate(referenceEvaluate, referenceCount).perSecond;
const loadAfter = loadavg().map((x) => x.toFixed(2));

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`hands: ${fmt(handCount)} seeded random 7-card hands, ${rounds} timed rounds after one warm-up`);
console.log(
  `fast evaluator: median ${fmt(fast[Math.floor(rounds / 2)]!)} /s, best ${fmt(fast.at(-1)!)} /s, worst ${fmt(fast[0]!)} /s`,
);
console.log(`enumeration reference (${fmt(referenceCount)} hands): ${fmt(reference)} /s`);
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
