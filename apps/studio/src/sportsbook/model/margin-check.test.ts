import { describe, expect, it } from 'vitest';
import { footballModel } from './football';
import { marginCheck } from './margin-check';

// Each row's z compares the realised hold with the expected one in standard errors of the matches'
// spread; under a model that keeps its margin |z| exceeds 4 with chance 6e-5 per row (some thirty
// rows: 2e-3 for the run), so a row beyond it is a mispriced market or selection, not bad luck. At
// this size a model whose home side's expected goals are 10% off shows |z| near 4 on the rows per
// selection (the bench's 100,000 matches see errors of a few per cent).
describe('margin check', () => {
  it('football keeps its margin over 2,000 matches bet before kick-off', () => {
    const report = marginCheck(footballModel, { matches: 2_000, marginPpm: 50_000, seed: 11 });
    const types = report.rows.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining(['1x2', 'double_chance', 'handicap', 'total', 'correct_score', 'btts', 'all']),
    );
    for (const row of report.rows) {
      expect(row.voids).toBe(0);
      expect(Math.abs(row.z), `${row.type} ${row.key ?? ''}: z ${row.z.toFixed(2)}`).toBeLessThan(4);
    }
    const all = report.rows.find((r) => r.type === 'all')!;
    // The expected hold over all bets lies between the margin's (5/105) and correct score's (15/115).
    expect(all.expected).toBeGreaterThan(0.05 / 1.05);
    expect(all.expected).toBeLessThan(0.15 / 1.15);
  });

  it('football keeps its margin in play, bet at one moment of each of 2,000 matches', () => {
    const report = marginCheck(footballModel, { matches: 2_000, marginPpm: 50_000, seed: 12, moment: 'live' });
    for (const row of report.rows) {
      expect(row.voids).toBe(0);
      expect(Math.abs(row.z), `${row.type} ${row.key ?? ''}: z ${row.z.toFixed(2)}`).toBeLessThan(4);
    }
    expect(report.rows.some((r) => r.key === 'home' && r.type === '1x2')).toBe(true);
  });
});
