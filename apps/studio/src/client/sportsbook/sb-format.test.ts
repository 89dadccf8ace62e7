import { describe, expect, it } from 'vitest';
import { liveCard } from './sb-fixtures';
import {
  clockSeconds,
  clockText,
  dayLabel,
  dayOf,
  lineText,
  moneyText,
  parseStake,
  signedMoneyText,
  stakeInput,
  timeText,
  zoneName,
} from './sb-format';

// How the page writes lines, amounts, times and clocks.

describe('lines', () => {
  it('writes handicaps signed and totals plain', () => {
    expect(lineText(1, 'handicap', 'quarter')).toBe('+0.25');
    expect(lineText(-3, 'handicap', 'quarter')).toBe('-0.75');
    expect(lineText(2, 'handicap', 'quarter')).toBe('+0.5');
    expect(lineText(-4, 'handicap', 'quarter')).toBe('-1');
    expect(lineText(0, 'handicap', 'quarter')).toBe('0');
    expect(lineText(10, 'total', 'quarter')).toBe('2.5');
    expect(lineText(9, 'total', 'quarter')).toBe('2.25');
  });

  it('writes a quarter line as its two half-stake lines in the split style, the one nearer zero first', () => {
    expect(lineText(1, 'handicap', 'split')).toBe('0/+0.5');
    expect(lineText(-1, 'handicap', 'split')).toBe('0/-0.5');
    expect(lineText(-3, 'handicap', 'split')).toBe('-0.5/-1');
    expect(lineText(5, 'handicap', 'split')).toBe('+1/+1.5');
    expect(lineText(9, 'total', 'split')).toBe('2/2.5');
    expect(lineText(11, 'total', 'split')).toBe('2.5/3');
    // Whole and half lines are one number in either style.
    expect(lineText(10, 'total', 'split')).toBe('2.5');
    expect(lineText(-2, 'handicap', 'split')).toBe('-0.5');
  });

  it("uses the language's decimal sign", () => {
    expect(lineText(10, 'total', 'quarter', 'de')).toBe('2,5');
  });
});

describe('amounts and stakes', () => {
  it('writes minor units with two decimals, grouped', () => {
    expect(moneyText(123_456_78, 'en')).toBe('123,456.78');
    expect(moneyText(5, 'fil')).toBe('0.05');
    expect(signedMoneyText(-150, 'en')).toBe('-1.50');
    expect(signedMoneyText(75, 'en')).toBe('+0.75');
  });

  it('reads typed stakes', () => {
    expect(parseStake('10')).toBe(1000);
    expect(parseStake('10.5')).toBe(1050);
    expect(parseStake('10.')).toBe(1000);
    expect(parseStake('.25')).toBe(25);
    expect(parseStake('1,000')).toBe(100_000);
    expect(parseStake('0')).toBeNull();
    expect(parseStake('1.234')).toBeNull();
    expect(parseStake('-5')).toBeNull();
    expect(parseStake('abc')).toBeNull();
  });

  it('shows a stake as a field reads it back', () => {
    for (const minor of [1000, 1050, 1005, 25]) expect(parseStake(stakeInput(minor))).toBe(minor);
    expect(stakeInput(0)).toBe('');
  });
});

describe("times in the brand's zone", () => {
  const iso = '2026-11-27T16:30:00.000Z'; // 00:30 the next day in Manila (UTC+8)

  it("puts an event on the brand's day and writes its time there", () => {
    expect(dayOf(iso, 'Asia/Manila')).toBe('2026-11-28');
    expect(dayOf(iso, 'UTC')).toBe('2026-11-27');
    expect(timeText(iso, 'Asia/Manila', 'en-GB')).toBe('00:30');
    expect(timeText(iso, 'Asia/Manila', 'en')).toBe('12:30 AM');
    expect(zoneName('Asia/Manila', 'en', new Date(iso))).toBe('GMT+8 (Asia/Manila)');
  });

  it('labels today and tomorrow, the other days by date', () => {
    const words = { today: 'Today', tomorrow: 'Tomorrow' };
    expect(dayLabel('2026-11-27', '2026-11-27', 'en', words)).toBe('Today');
    expect(dayLabel('2026-11-28', '2026-11-27', 'en', words)).toBe('Tomorrow');
    expect(dayLabel('2026-11-30', '2026-11-27', 'en', words)).toBe('Mon, Nov 30');
    expect(dayLabel('2026-12-01', '2026-11-30', 'en', words)).toBe('Tomorrow');
  });
});

describe('match clocks', () => {
  const state = liveCard('x').state!;
  it('runs on from the last state while the clock runs', () => {
    expect(clockSeconds(state, 1000, 1000)).toBe(2520);
    expect(clockSeconds(state, 1000, 62_500)).toBe(2581);
    expect(clockSeconds({ ...state, clock: { seconds: 2700, running: false } }, 0, 99_000)).toBe(2700);
    expect(clockSeconds({ ...state, clock: undefined }, 0, 0)).toBeNull();
  });
  it('writes football in minutes, the others as mm:ss', () => {
    expect(clockText('football', 0)).toBe("1'");
    expect(clockText('football', 2581)).toBe("44'");
    expect(clockText('basketball', 605)).toBe('10:05');
  });
});
