import type { BetRecordDetail } from '@gamehall/shared/api/games';
import { createInstance } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { BetCorrections, BetLegs, BetSummary } from './bet-detail';

// The betting record's sportsbook legs come as codes and proper nouns; the page writes the market,
// the selection, the line and the match in the member's language. Legs a vendor sent in words (and
// rounds kept from before) show those words in any language.

async function i18n(language: string) {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  });
  return instance;
}

/** What a member reads: the rendered markup's text, one entry per element. */
async function render(language: string, element: ReturnType<typeof createElement>): Promise<string[]> {
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: await i18n(language) }, element));
  return html
    .split(/<[^>]+>/)
    .map((s) => s.replace(/&amp;/g, '&').trim())
    .filter(Boolean);
}

const base = { sport: 'football', league: 'Kapuluan Premier Division', startsAt: null, inPlay: false } as const;

const parlay: BetRecordDetail = {
  kind: 'sportsbook',
  betId: 'b-1',
  betType: 'multiple',
  system: null,
  combinations: 1,
  stake: 10,
  odds: 7.22,
  potentialPayout: 72.2,
  status: 'won',
  payout: 52.36,
  cashedOut: 0,
  placedAt: '2026-03-01T12:00:00.000Z',
  settledAt: '2026-03-01T18:00:00.000Z',
  legs: [
    {
      form: 'coded',
      ...base,
      home: 'Puerto Alon FC',
      away: 'San Kislap Mariners',
      marketType: 'handicap',
      period: 'h1',
      line: -0.25,
      selection: 'away',
      odds: 1.9,
      result: 'half_win',
      score: { decided: { home: 1, away: 1 }, counted: { home: 1, away: 1 } },
    },
    {
      form: 'coded',
      ...base,
      sport: 'tennis',
      league: null,
      inPlay: true,
      home: 'Ana Dalisay',
      away: 'Mika Santos',
      marketType: 'total',
      period: 'ft',
      line: 22.5,
      selection: 'over',
      odds: 1.9,
      result: 'win',
      score: { decided: { home: 2, away: 1 }, counted: { home: 14, away: 12 } },
    },
    {
      form: 'coded',
      ...base,
      home: 'Bagong Dalisay United',
      away: 'Amihan Rovers',
      marketType: 'double_chance',
      period: 'ft',
      line: null,
      selection: 'home_draw',
      odds: 2,
      result: 'win',
      score: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } },
    },
  ],
  corrections: [],
};

describe('a parlay in the betting record', () => {
  it('reads in English', async () => {
    const text = await render('en', createElement(BetLegs, { detail: parlay }));
    expect(text).toEqual(
      expect.arrayContaining([
        'Puerto Alon FC v San Kislap Mariners',
        'Asian handicap, 1st half:',
        'San Kislap Mariners +0.25',
        'Half won',
        'Ana Dalisay v Mika Santos',
        'Total:',
        'Over 22.5',
        '@ 1.90 · Score 2-1 (14-12)',
        'Double chance:',
        'Bagong Dalisay United or Draw',
      ]),
    );
  });

  it('reads in German, the teams and league as they are named', async () => {
    const text = await render('de', createElement(BetLegs, { detail: parlay }));
    expect(text).toEqual(
      expect.arrayContaining([
        'Puerto Alon FC – San Kislap Mariners',
        'Kapuluan Premier Division',
        'Asian Handicap, 1. Halbzeit:',
        'San Kislap Mariners +0,25',
        'Halb gewonnen',
        'Über/Unter:',
        'Über 22,5',
        '@ 1.90 · Ergebnis 2-1 (14-12)',
        'Doppelte Chance:',
        'Bagong Dalisay United oder Unentschieden',
      ]),
    );
    // No English word of the market or selection is left.
    expect(text.join(' ')).not.toMatch(/Over|Draw|half|Double chance/);
  });

  it('shows a single in one line, and a leg its vendor sent in words as it came', async () => {
    const single: BetRecordDetail = { ...parlay, betType: 'single', legs: [parlay.legs[1]!] };
    expect(await render('de', createElement(BetSummary, { detail: single }))).toEqual([
      'Ana Dalisay – Mika Santos: Über 22,5 @ 1.90',
    ]);
    const words: BetRecordDetail = {
      ...parlay,
      legs: [
        {
          form: 'words',
          ...base,
          event: 'Harbour City v Northgate Rovers',
          market: 'Total goals 2.5',
          selection: 'Over 2.5',
          odds: 1.9,
          result: 'win',
          score: '3-1',
        },
      ],
    };
    const text = await render('de', createElement(BetLegs, { detail: words }));
    expect(text).toEqual(
      expect.arrayContaining([
        'Harbour City v Northgate Rovers',
        'Total goals 2.5:',
        'Over 2.5',
        '@ 1.90 · Ergebnis 3-1',
      ]),
    );
  });
});

describe('a bet builder in the betting record', () => {
  it('is named as a bet builder with its legs, in the member language', async () => {
    const builder: BetRecordDetail = { ...parlay, betType: 'builder', legs: parlay.legs.slice(0, 2) };
    expect(await render('en', createElement(BetSummary, { detail: builder }))).toEqual(['Bet builder · Selections: 2']);
    expect((await render('de', createElement(BetSummary, { detail: builder })))[0]).toMatch(/^Wett-Builder · .*2/);
  });
});

describe('corrections in the betting record', () => {
  it("give the trader's reason as written, and a correction without one in the member's language", async () => {
    const corrected: BetRecordDetail = {
      ...parlay,
      corrections: [
        { at: '2026-03-01T19:00:00.000Z', amount: -52.36, reason: null },
        { at: '2026-03-01T20:00:00.000Z', amount: 52.36, reason: 'VAR' },
      ],
    };
    const text = (await render('de', createElement(BetCorrections, { detail: corrected }))).join(' ');
    expect(text).toContain('Korrekturen');
    expect(text).toMatch(/· Ergebnis korrigiert/);
    expect(text).toMatch(/· VAR/);
    expect(text).not.toMatch(/result corrected/i);
    expect(await render('de', createElement(BetCorrections, { detail: parlay }))).toEqual([]);
  });
});
