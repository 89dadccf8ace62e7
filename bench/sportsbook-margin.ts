// The sportsbook's margin over long simulations: for each sport model named, 100,000 matches bet
// before kick-off and 100,000 bet at one in-play moment each (model/margin-check.ts), the realised
// hold per market type and per selection beside the expected one, written to the "Sportsbook margin"
// section of docs/benchmarks.md (one block per sport, so sports run separately keep each other's).
//
// Run: node --import tsx bench/sportsbook-margin.ts [--matches 100000] [--margin 50000] [--seed 1]
//        [--no-docs] <model>...
//   <model>: a sport (apps/studio/src/sportsbook/model/<sport>.ts, its export <sport>Model), or a
//   module path, optionally with #<export> (else its first export that is a sport model).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type HoldRow, type MarginReport, marginCheck } from '../apps/studio/src/sportsbook/model/margin-check';
import type { SportModel } from '../apps/studio/src/sportsbook/model/sport-model';

const args = process.argv.slice(2);
const flags = new Set(['--matches', '--margin', '--seed']);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const matches = Number(arg('--matches') ?? 100_000);
const marginPpm = Number(arg('--margin') ?? 50_000);
const seed = Number(arg('--seed') ?? 1);
const writeDocs = !args.includes('--no-docs');
const names = args.filter((a, i) => !a.startsWith('--') && !flags.has(args[i - 1] ?? ''));
const root = join(import.meta.dirname, '..');

function isSportModel(x: unknown): x is SportModel<unknown> {
  const m = x as Partial<SportModel<unknown>> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.sport === 'string' &&
    typeof m.price === 'function' &&
    typeof m.step === 'function'
  );
}

async function loadModel(name: string): Promise<SportModel<unknown>> {
  const [path, exported] = name.split('#') as [string, string | undefined];
  const bySport = /^[a-z]+$/.test(path);
  const file = bySport ? join(root, 'apps/studio/src/sportsbook/model', `${path}.ts`) : resolve(path);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const wanted = exported ?? (bySport ? `${path}Model` : undefined);
  const model = wanted === undefined ? Object.values(mod).find(isSportModel) : mod[wanted];
  if (!isSportModel(model)) throw new Error(`${name}: no sport model exported${wanted ? ` as ${wanted}` : ''}`);
  return model;
}

const pct = (x: number, digits = 2) => `${(x * 100).toFixed(digits)}%`;

function table(reports: MarginReport[]): string {
  const lines = [
    '| bets placed | market | selection | bets | realised hold | expected m/(1+m) | + rounding | std. error | z |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of reports) {
    // A moment at which the model prices nothing (a cockfight once the fight is on) has no rows.
    for (const row of r.rows.filter((x) => x.bets > 0)) {
      lines.push(
        `| ${r.moment === 'pre' ? 'before kick-off' : 'in play'} | ${row.type} | ${row.key ?? 'all'} | ${row.bets.toLocaleString('en')} | ${pct(row.hold, 3)} | ${pct(row.expected, 3)} | ${pct(row.rounding, 3)} | ${pct(row.se, 3)} | ${row.z.toFixed(2)} |`,
      );
    }
  }
  return lines.join('\n');
}

function printRow(r: MarginReport, row: HoldRow) {
  console.log(
    `${r.sport.padEnd(11)} ${r.moment.padEnd(4)} ${row.type.padEnd(14)} ${(row.key ?? 'all').padEnd(10)} bets ${String(row.bets).padStart(9)} hold ${pct(row.hold, 3).padStart(8)} expected ${pct(row.expected, 3)} + ${pct(row.rounding, 3)} se ${pct(row.se, 3)} z ${row.z.toFixed(2).padStart(6)}`,
  );
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function writeSection(sport: string, reports: MarginReport[], load: { before: string; after: string }) {
  const date = new Date().toISOString().slice(0, 10);
  const rows = reports.flatMap((r) => r.rows).filter((row) => row.bets > 0);
  const worst = rows.reduce((m, row) => Math.max(m, Math.abs(row.z)), 0);
  const rowCount = rows.length;
  const unpriced = reports.filter((r) => r.rows.every((row) => row.bets === 0)).map((r) => r.moment);
  const seconds = reports.reduce((s, r) => s + r.ms, 0) / 1000;
  const start = `<!-- sportsbook-margin:${sport}:start (written by bench/sportsbook-margin.ts) -->`;
  const end = `<!-- sportsbook-margin:${sport}:end -->`;
  const block = [
    start,
    `### ${sport}`,
    '',
    `Command: \`nice -n 10 node --import tsx bench/sportsbook-margin.ts --matches ${matches} --margin ${marginPpm} ${sport}\` (${date}; ${matches.toLocaleString('en')} matches each way; ${seconds.toFixed(0)} s on ${cpus().length} cores shared with other work, load average ${load.before} before and ${load.after} after).`,
    '',
    table(reports),
    '',
    `Largest |z| ${worst.toFixed(2)} over ${rowCount} rows.${unpriced.includes('live') ? ' No bets in play: the model prices nothing once the match is on.' : ''}`,
    end,
  ].join('\n');
  const file = join(root, 'docs', 'benchmarks.md');
  // Read just before writing: other sections of this file belong to other benchmarks.
  let current = readFileSync(file, 'utf8');
  if (!current.includes('## Sportsbook margin')) {
    current = `${current.trimEnd()}\n\n## Sportsbook margin\n\n${INTRO}\n`;
  }
  const from = current.indexOf(start.slice(0, start.indexOf(' (')));
  const to = current.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) {
    next = current.slice(0, from) + block + current.slice(to + end.length);
  } else {
    // A new sport's block goes at the end of the section: before the next "## " heading, if any.
    const section = current.indexOf('## Sportsbook margin');
    const after = current.indexOf('\n## ', section + 1);
    next =
      after >= 0
        ? `${current.slice(0, after).trimEnd()}\n\n${block}\n${current.slice(after)}`
        : `${current.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(file, next);
  console.log(`wrote the ${sport} block of the Sportsbook margin section of docs/benchmarks.md`);
}

const INTRO = [
  'Does each sport model keep the book’s margin? `bench/sportsbook-margin.ts` simulates matches with the',
  'model’s own match process and bets one unit on every selection the model prices, before kick-off',
  '("before kick-off") or at one in-play state of each match, its k-th step with k drawn before the',
  'match is played ("in play"; a moment chosen knowing the match’s length would favour quiet matches),',
  'settles each bet with `settleSelection` and compares the realised hold with the expected one:',
  'm/(1+m) for the market’s margin (5% here; correct score 3x), plus what rounding odds down to the',
  'hundredth adds (0.005 x the bet’s paying weight on average). z = (realised - expected) / std. error,',
  'the error from the spread of the matches’ returns. The rows per selection are the sharp ones: a',
  'market’s selections together hold its overround whatever the chances, while a wrong chance shows as',
  'one side holding too little and the other too much.',
].join('\n');

async function main() {
  if (names.length === 0) throw new Error('name at least one sport model (e.g. football)');
  for (const name of names) {
    const model = await loadModel(name);
    const reports: MarginReport[] = [];
    const before = loadAverage();
    for (const moment of ['pre', 'live'] as const) {
      const r = marginCheck(model, { matches, marginPpm, seed, moment });
      for (const row of r.rows) printRow(r, row);
      console.log(`${r.sport} ${moment}: ${(r.ms / 1000).toFixed(1)} s`);
      reports.push(r);
    }
    if (writeDocs) writeSection(model.sport, reports, { before, after: loadAverage() });
  }
}

await main();
