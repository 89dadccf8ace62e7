import { describe, expect, it } from 'vitest';
import { loadTerms } from '../messages/message-texts';
import { brandMoment, brandPeriod } from './contract-messages';

// The words contract messages are made of (contract-messages.ts): every language has a term for
// every code a contract message carries, so no code reaches a reader; times are the brand's clock.

describe('contract message terms', () => {
  const terms = loadTerms();
  const english = terms.EN ?? {};
  const codes = [
    'contractKind.dividend',
    'contractKind.daily_salary',
    'contractKind.hourly_salary',
    'contractKind.realtime_salary',
    'party.@operator',
    'why.agreement',
    'why.operator',
    'why.upline_rate_lowered',
    'why.upline_contract_ended',
    'why.upline_period_changed',
  ];

  it('English has a term for every code', () => {
    for (const code of codes) expect(english[code], code).toBeTruthy();
  });

  it.each(Object.keys(terms))('%s has every term, in its own words', (language) => {
    const own = terms[language] ?? {};
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const code of codes) {
      expect(own[code]?.trim(), `${language} ${code}`).toBeTruthy();
      if (language !== 'EN' && code.startsWith('why.'))
        expect(own[code], `${language} ${code}`).not.toBe(english[code]);
    }
  });
});

describe('brand times in messages', () => {
  const tz = 'Asia/Manila';
  it('names a moment on the brand clock with its zone', () => {
    expect(brandMoment(new Date('2026-11-24T10:05:00Z'), tz)).toBe('2026-11-24 18:05 (Asia/Manila)');
  });
  it('shows whole days as days and shorter windows with their times', () => {
    const day = (iso: string) => new Date(iso);
    expect(brandPeriod(day('2026-11-23T16:00:00Z'), day('2026-11-24T16:00:00Z'), tz)).toBe('2026-11-24 (Asia/Manila)');
    expect(brandPeriod(day('2026-11-15T16:00:00Z'), day('2026-11-22T16:00:00Z'), tz)).toBe(
      '2026-11-16 – 2026-11-22 (Asia/Manila)',
    );
    expect(brandPeriod(day('2026-11-24T10:00:00Z'), day('2026-11-24T11:00:00Z'), tz)).toBe(
      '2026-11-24 18:00–19:00 (Asia/Manila)',
    );
    expect(brandPeriod(day('2026-11-24T15:55:00Z'), day('2026-11-24T16:00:00Z'), tz)).toBe(
      '2026-11-24 23:55–2026-11-25 00:00 (Asia/Manila)',
    );
  });
});
