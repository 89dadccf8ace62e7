import { describe, expect, it } from 'vitest';
import { ENGINE_SCENARIOS } from './rtp-scenarios';

// Every non-slot engine, 10^6 rounds each (slot titles: slot/slot.test.ts). A simulated return more
// than 5 standard errors from the exact return fails; the exact return must be the declared one
// (lottery, tables, crash, fish, duel) or within 1 pp under the declared ceiling (match, derby,
// whose odds are rounded down to 0.01).
describe('RTP by simulation, 10^6 rounds per engine', () => {
  ENGINE_SCENARIOS.forEach((scenario, i) => {
    it(scenario.name, { timeout: 120_000 }, () => {
      const rows = scenario.run(1_000_000, 2026 + i);
      for (const row of rows) {
        expect(row.rounds, row.bet).toBe(1_000_000);
        expect(Math.abs(row.z), `${row.scenario} ${row.bet}: z = ${row.z}`).toBeLessThan(5);
        expect(row.exact, row.bet).toBeLessThanOrEqual(row.declared + 1e-9);
        expect(row.exact, row.bet).toBeGreaterThan(row.declared - 0.01);
      }
    });
  });
});
