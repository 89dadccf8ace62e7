// Prints the failed tests of the given reports with the start of their messages: vitest's JSON
// reports (testResults[].assertionResults[]) and e2e/run.ts's report (failures[]). scripts/test.sh
// prints this last, beside the timings, because a CI log may keep only a run's final lines.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MESSAGE_LINES = 25;
/** The browser run's description of the pages a failed test left open: a few lines for each. */
const PAGES_LINES = 30;

function clip(message, most = MESSAGE_LINES) {
  const lines = String(message ?? '')
    // Colour codes of the reporters' output.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n');
  const kept = lines.slice(0, most);
  if (lines.length > most) kept.push(`... (${lines.length - most} more lines)`);
  return kept.map((line) => `      ${line}`).join('\n');
}

const found = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  const run = path.basename(file, '.json');
  for (const failure of report.failures ?? []) {
    found.push({ run, name: failure.name, where: failure.file, message: failure.message, pages: failure.pages });
  }
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      found.push({
        run,
        name: test.fullName ?? test.title,
        where: path.relative(process.cwd(), result.name ?? ''),
        message: (test.failureMessages ?? []).join('\n'),
      });
    }
    // A file that failed to load has no failed test, only its own message.
    if (result.status === 'failed' && (result.assertionResults ?? []).every((t) => t.status !== 'failed')) {
      found.push({
        run,
        name: 'the file did not run',
        where: path.relative(process.cwd(), result.name ?? ''),
        message: result.message,
      });
    }
  }
}
if (found.length > 0) {
  console.log('\nFailed tests:');
  for (const f of found) {
    console.log(`  [${f.run}] ${f.name}${f.where ? ` (${f.where})` : ''}`);
    if (f.message) console.log(clip(f.message));
    if (f.pages) console.log(`      the pages open when it failed:\n${clip(f.pages.trimEnd(), PAGES_LINES)}`);
  }
}
