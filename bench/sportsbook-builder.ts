// The bet builder's joint price over a long simulation: matches played with the football model's
// own steps, each combination priced as the book prices it (model/builder-check.ts), its realised
// rate and hold beside the fair chance and the expected hold.
//
// Run: node --import tsx bench/sportsbook-builder.ts [--matches 200000] [--margin 50000] [--seed 1]

import type { BuilderLeg } from '../apps/studio/src/sportsbook/model/builder';
import { builderCheck } from '../apps/studio/src/sportsbook/model/builder-check';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const matches = Number(arg('--matches') ?? 200_000);
const marginPpm = Number(arg('--margin') ?? 50_000);
const seed = Number(arg('--seed') ?? 1);

const leg = (type: BuilderLeg['type'], key: string, line4?: number): BuilderLeg => ({
  type,
  period: 'ft',
  line4: line4 ?? null,
  key,
});
const combos: BuilderLeg[][] = [
  [leg('1x2', 'home'), leg('total', 'over', 10)],
  [leg('btts', 'yes'), leg('total', 'over', 10)],
  [leg('double_chance', 'home_draw'), leg('total', 'under', 10), leg('btts', 'no')],
  [leg('handicap', 'home', -6), leg('btts', 'no')],
  [leg('1x2', 'draw'), leg('btts', 'yes')],
  [leg('1x2', 'home'), leg('correct_score', '2-1'), leg('total', 'over', 10)],
];
const name = (legs: BuilderLeg[]) =>
  legs.map((l) => `${l.type}${l.line4 === null ? '' : `(${l.line4! / 4})`} ${l.key}`).join(' + ');

for (const params of [
  { homeXg: 1.6, awayXg: 1.1 },
  { homeXg: 1.2, awayXg: 1.3 },
]) {
  const started = performance.now();
  const rows = builderCheck(params, combos, matches, marginPpm, seed);
  console.log(
    `xG ${params.homeXg}-${params.awayXg}, ${matches} matches, margin ${marginPpm} ppm, ${Math.round(performance.now() - started)} ms`,
  );
  for (const r of rows) {
    console.log(
      `  ${name(r.legs).padEnd(60)} odds ${(r.odds1000 / 1000).toFixed(2).padStart(7)} fair ${r.fair.toFixed(4)} rate ${r.rate.toFixed(4)} z ${r.z.toFixed(2).padStart(5)} hold ${(100 * r.hold).toFixed(2)}% expected ${(100 * r.expectedHold).toFixed(2)}% (se ${(100 * r.holdSe).toFixed(2)})`,
    );
  }
}
