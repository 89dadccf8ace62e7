import { addDays } from '@gamehall/shared/calendar-day';
import { describe, expect, it } from 'vitest';
import { EMPTY_TIER, parseTiers, percentToPpm, ratePercent } from './contract-rules';
import { AGENT_MENU, visibleAgentMenu } from './menu';

describe('contract rates', () => {
  it('reads a typed percentage as parts per million (1% = 10,000)', () => {
    expect(percentToPpm('1')).toBe(10_000);
    expect(percentToPpm(' 0.01 ')).toBe(100);
    expect(percentToPpm('12.3456')).toBe(123_456);
    expect(percentToPpm('100')).toBe(1_000_000);
  });

  it('refuses what is not a percentage from 0 to 100 with at most four decimals', () => {
    for (const text of ['', 'abc', '-1', '1.23456', '100.5', '1000', '1e2', '0x10'])
      expect(percentToPpm(text), text).toBeNull();
  });

  it('shows ppm as a percentage', () => {
    expect(ratePercent(5_000)).toBe('0.5%');
    expect(ratePercent(100)).toBe('0.01%');
  });
});

describe('offered tiers', () => {
  const tier = (minValidBet: string, minActiveMembers: string, rate: string) => ({
    minValidBet,
    minActiveMembers,
    rate,
  });

  it('turns rising tiers into the API shape', () => {
    expect(parseTiers([tier('0', '0', '0.2'), tier('1000.50', '3', '0.5')], 5_000)).toEqual([
      { minValidBet: 0, minActiveMembers: 0, ratePpm: 2_000 },
      { minValidBet: 1000.5, minActiveMembers: 3, ratePpm: 5_000 },
    ]);
  });

  it('refuses a rate above the agent’s own (docs/agents.md)', () => {
    expect(parseTiers([tier('0', '0', '0.51')], 5_000)).toBe('agent.offer.aboveOwnRate');
  });

  it('refuses a missing rate, bad thresholds and tiers that do not rise', () => {
    expect(parseTiers([EMPTY_TIER], 5_000)).toBe('agent.offer.badRate');
    expect(parseTiers([tier('', '0', '0.1')], 5_000)).toBe('agent.offer.badThreshold');
    expect(parseTiers([tier('1.234', '0', '0.1')], 5_000)).toBe('agent.offer.badThreshold');
    expect(parseTiers([tier('0', '1.5', '0.1')], 5_000)).toBe('agent.offer.badThreshold');
    expect(parseTiers([tier('100', '1', '0.2'), tier('50', '2', '0.3')], 5_000)).toBe('agent.offer.tiersRising');
    expect(parseTiers([tier('100', '1', '0.2'), tier('100', '1', '0.3')], 5_000)).toBe('agent.offer.tiersRising');
    expect(parseTiers([tier('100', '1', '0.3'), tier('200', '2', '0.2')], 5_000)).toBe('agent.offer.tiersRising');
  });
});

describe('agent centre menu', () => {
  it('shows a contract entry only for a kind the agent holds, in the spec order', () => {
    const plain = visibleAgentMenu(new Set()).map((e) => e.name);
    expect(plain).not.toContain('dividendRecord');
    expect(plain).toHaveLength(AGENT_MENU.length - 4);
    const withRealtime = visibleAgentMenu(new Set(['realtime_salary'])).map((e) => e.name);
    expect(withRealtime.indexOf('realtimeSalary')).toBe(withRealtime.indexOf('downlineTransactions') + 1);
    expect(withRealtime).not.toContain('hourlySalary');
  });
});

describe('report days', () => {
  it('steps brand days on the calendar, across months and years', () => {
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
