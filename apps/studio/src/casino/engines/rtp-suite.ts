// The RTP test body shared by rtp.test.ts and rtp-lottery.test.ts (two files, so the two test workers
// share the load). A simulated return more than 5 standard errors from the exact return fails; the
// exact return must be the declared one (lottery, tables, crash, fish, duel) or within 1 pp under the
// declared ceiling (match, derby, whose odds are rounded down to 0.01).
import { describe, expect, it } from 'vitest';
import { ENGINE_SCENARIOS, type RtpScenario } from './rtp-scenarios';

export const TEST_ROUNDS = 1_000_000;

export function rtpSuite(title: string, scenarios: readonly RtpScenario[]): void {
  describe(title, () => {
    for (const scenario of scenarios) {
      const seed = 2026 + ENGINE_SCENARIOS.indexOf(scenario);
      it(scenario.name, { timeout: 180_000 }, () => {
        const rounds = scenario.testRounds ?? TEST_ROUNDS;
        const rows = scenario.run(rounds, seed);
        for (const row of rows) {
          expect(row.rounds, row.bet).toBe(rounds);
          expect(Math.abs(row.z), `${row.scenario} ${row.bet}: z = ${row.z}`).toBeLessThan(5);
          expect(row.exact, row.bet).toBeLessThanOrEqual(row.declared + 1e-9);
          expect(row.exact, row.bet).toBeGreaterThan(row.declared - 0.01);
        }
      });
    }
  });
}
