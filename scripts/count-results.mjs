// Prints "<passed> <failed>" for a test report: vitest's JSON reporter output, or the report that
// e2e/run.ts writes in the same shape. Used by scripts/test.sh for its summary line.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/count-results.mjs <report.json>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const passed = Number(report.numPassedTests);
const failed = Number(report.numFailedTests);
if (!Number.isInteger(passed) || !Number.isInteger(failed)) {
  console.error(`${file}: no numPassedTests/numFailedTests`);
  process.exit(1);
}
console.log(`${passed} ${failed}`);
