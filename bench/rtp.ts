// Long-run RTP report of the house studio's engines: 10^7 rounds per engine (and per sampled slot
// title), with the simulated return, its standard error and z against the exact return, written to
// docs/rtp.svg (a plot drawn here, no dependency) and to the RTP section of docs/benchmarks.md. It also
// derives all 10,400 catalogue slot configurations and reports the largest gap between a title's
// exact and declared RTP.
//
// Run: node --import tsx bench/rtp.ts [--rounds 10000000] [--only <name part>[,<name part>...]]
//        [--json <file>] [--no-docs]
// Split runs (several processes): each with --only and --json, then
//        node --import tsx bench/rtp.ts --render a.json,b.json,...   (writes the docs from the saved rows)
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  ENGINE_SCENARIOS,
  type RtpRow,
  sampleSlotCodes,
  slotScenario,
} from '../apps/studio/src/casino/engines/rtp-scenarios';
import { slotConfigFor } from '../apps/studio/src/casino/engines/slot/slot-config';
import { renderRtpSvg } from './rtp-svg';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const rounds = Number(arg('--rounds') ?? 10_000_000);
const only = arg('--only')?.split(',');
const jsonOut = arg('--json');
const render = arg('--render')?.split(',');
const writeDocs = !args.includes('--no-docs');
const docs = join(import.meta.dirname, '..', 'docs');

function catalogueCheck() {
  const start = performance.now();
  let maxGap = 0;
  let worst = '';
  let min = 1;
  let max = 0;
  const volatility: Record<string, number> = {};
  for (let i = 1; i <= 10_400; i++) {
    const c = slotConfigFor(`SLOT-${String(i).padStart(5, '0')}`);
    const gap = Math.abs(c.exactRtp - c.declaredRtp);
    if (gap > maxGap) {
      maxGap = gap;
      worst = c.gameCode;
    }
    min = Math.min(min, c.declaredRtp);
    max = Math.max(max, c.declaredRtp);
    volatility[c.volatility] = (volatility[c.volatility] ?? 0) + 1;
  }
  return { maxGap, worst, min, max, volatility, seconds: (performance.now() - start) / 1000 };
}

const pct = (x: number, digits = 2) => `${(x * 100).toFixed(digits)}%`;

function table(rows: RtpRow[]): string {
  const lines = [
    '| engine | bet | declared | exact | simulated | std. error | z | rounds | time |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.scenario} | ${r.bet} | ${pct(r.declared)} | ${pct(r.exact, 3)} | ${pct(r.simulated, 3)} | ${pct(r.se, 3)} | ${r.z.toFixed(2)} | ${r.rounds.toExponential(0)} | ${(r.ms / 1000).toFixed(1)} s |`,
    );
  }
  return lines.join('\n');
}

function simulate(): { rows: RtpRow[]; seconds: number } {
  const all = [...sampleSlotCodes(5).map(slotScenario), ...ENGINE_SCENARIOS];
  const rows: RtpRow[] = [];
  const started = performance.now();
  all.forEach((scenario, i) => {
    if (only && !only.some((part) => scenario.name.includes(part))) return;
    // The seed depends on the scenario's place in the full list, so split runs equal a single run.
    const out = scenario.run(rounds, 7_000 + i);
    for (const r of out) {
      rows.push(r);
      console.log(
        `${r.scenario.padEnd(44)} ${r.bet.slice(0, 24).padEnd(24)} declared ${pct(r.declared)} exact ${pct(r.exact, 3)} sim ${pct(r.simulated, 3)} se ${pct(r.se, 3)} z ${r.z.toFixed(2)} ${(r.ms / 1000).toFixed(1)} s`,
      );
    }
  });
  return { rows, seconds: (performance.now() - started) / 1000 };
}

function main() {
  let rows: RtpRow[];
  let totalSeconds: number;
  if (render) {
    const parts = render.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { rows: RtpRow[]; seconds: number });
    const order = [...sampleSlotCodes(5).map(slotScenario), ...ENGINE_SCENARIOS].map((s) => s.name);
    rows = parts.flatMap((p) => p.rows).sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario));
    totalSeconds = parts.reduce((s, p) => s + p.seconds, 0);
  } else {
    ({ rows, seconds: totalSeconds } = simulate());
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ rows, seconds: totalSeconds }));
  }
  if (rows.length === 0) throw new Error('no rows');
  const roundsRun = rows[0]!.rounds;
  if (jsonOut && !render) return;
  const catalogue = catalogueCheck();
  console.log(
    `catalogue: 10,400 slot titles derived in ${catalogue.seconds.toFixed(1)} s; declared ${pct(catalogue.min)}-${pct(catalogue.max)}; largest |exact - declared| ${(catalogue.maxGap * 100).toFixed(4)} pp (${catalogue.worst})`,
  );
  const worstZ = rows.reduce((m, r) => Math.max(m, Math.abs(r.z)), 0);
  console.log(`largest |z| ${worstZ.toFixed(2)} over ${rows.length} rows; ${totalSeconds.toFixed(0)} s of simulation`);
  if (!writeDocs) return;

  writeFileSync(join(docs, 'rtp.svg'), renderRtpSvg(rows, roundsRun));
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    '<!-- rtp:start (written by bench/rtp.ts) -->',
    `Command: \`node --import tsx bench/rtp.ts\` (${roundsRun.toExponential(0)} rounds per row; ${date}; ${cpus().length} cores shared with other work, so the times are noisy).`,
    'Each row plays the real engine code with the seeded sfc32 simulation PRNG. "exact" is the analytic',
    "expected return of the bets simulated (for match and derby, the mean of the selections' exact RTPs,",
    'whose odds are rounded down to 0.01 under the declared 95% ceiling); z = (simulated - exact) / std. error,',
    'the standard error coming from the simulated variance. Stakes are multiples of 100 minor units, where',
    'no payout rounds. Rows of one engine share their rounds (several bets on the same spin or draw).',
    '',
    table(rows),
    '',
    `Largest |z|: ${worstZ.toFixed(2)} over ${rows.length} rows; ${totalSeconds.toFixed(0)} s of simulation in all.`,
    `Slot catalogue: all 10,400 titles derived in ${catalogue.seconds.toFixed(1)} s; declared RTPs ${pct(catalogue.min)} to ${pct(catalogue.max)};`,
    `largest gap between a title's exact and declared RTP ${(catalogue.maxGap * 100).toFixed(4)} pp (${catalogue.worst}); volatility low/medium/high ${catalogue.volatility.low}/${catalogue.volatility.medium}/${catalogue.volatility.high}.`,
    '',
    '![Simulated minus exact RTP per row, with 2 standard error bars](rtp.svg)',
    '<!-- rtp:end -->',
  ].join('\n');
  // Read just before writing: other sections of this file belong to other benchmarks.
  const file = join(docs, 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const startMark = current.indexOf('<!-- rtp:start');
  const endMark = current.indexOf('<!-- rtp:end -->');
  const next =
    startMark >= 0 && endMark > startMark
      ? current.slice(0, startMark) + section + current.slice(endMark + '<!-- rtp:end -->'.length)
      : `${current.trimEnd()}\n\n## Studio RTP (issue 6)\n\n${section}\n`;
  writeFileSync(file, next);
  console.log('wrote docs/rtp.svg and the RTP section of docs/benchmarks.md');
}

main();
