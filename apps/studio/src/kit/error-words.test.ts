import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchLanguage, PAGE_LANGUAGES } from '../client/i18n';
import { phraseLeaves, placeholdersOf } from '../client/words-check';
import { errorWords } from './error-words';
import { internalErrorBody, StudioError, studioErrorBody, studioErrors } from './errors';

describe("the studio server's words", () => {
  const en = errorWords('EN');
  const ty = errorWords('TY');

  it('has a Filipino message, not the English one, for every error code', () => {
    for (const code of [...Object.keys(studioErrors), 'STUDIO_INTERNAL'] as (keyof typeof en.codes)[]) {
      expect(ty.codes[code], code).toBeTruthy();
      expect(en.codes[code], code).toBeTruthy();
      expect(ty.codes[code], code).not.toBe(en.codes[code]);
    }
    const sentences = (w: typeof en) =>
      Object.entries(w).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    for (const [key, text] of sentences(ty)) expect(text, key).not.toBe(en[key as keyof typeof en]);
    for (const key of Object.keys(en.launch) as (keyof typeof en.launch)[]) {
      expect(ty.launch[key], key).not.toBe(en.launch[key]);
    }
  });

  it('answers a refusal in the language asked for, with the same code, English for a language the platform has not', () => {
    const error = new StudioError('STUDIO_INSUFFICIENT_FUNDS', { balance: 5 });
    expect(error.message).toBe('Insufficient balance for this bet');
    expect(studioErrorBody(error, 'TY')).toEqual({
      code: 'STUDIO_INSUFFICIENT_FUNDS',
      message: 'Kulang ang balanse para sa taya na ito',
      detail: { balance: 5 },
    });
    expect(studioErrorBody(error, ' ty ').message).toBe('Kulang ang balanse para sa taya na ito');
    for (const other of ['EN', 'XX', 'tl', '<script>', undefined, ['TY'], 42]) {
      expect(studioErrorBody(error, other), String(other)).toEqual(studioErrorBody(error));
    }
    const worded = new StudioError('STUDIO_BAD_BET', 'amount must be positive', (w) =>
      w.badBet('amount must be positive'),
    );
    expect(worded.message).toBe('The bet is not valid: amount must be positive');
    expect(worded.messageIn('TY')).toBe('Hindi tanggap ang taya: tingnan ang halaga at ang mga pinili mo');
    expect(internalErrorBody('TY').message).toBe('May hindi inaasahang mali, pakisubukan ulit');
    expect(internalErrorBody().message).toBe('Unexpected error, please try again');
  });

  // Filipino's refusal of a bad bet and a wallet status leave out the engine's English reason and the
  // status code (a Filipino player reads what to do instead); every other language keeps them.
  const MAY_LEAVE_OUT: Record<string, string[]> = { ty: ['badBet', 'walletRefused'] };
  const dir = fileURLToPath(new URL('./error-words/', import.meta.url));

  it('come in every platform language, each phrase translated with its placeholders', () => {
    const codes = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(codes).toEqual([...PAGE_LANGUAGES].sort());
    const english = phraseLeaves(JSON.parse(readFileSync(`${dir}en.json`, 'utf8')));
    for (const code of codes.filter((c) => c !== 'en')) {
      const theirs = phraseLeaves(JSON.parse(readFileSync(`${dir}${code}.json`, 'utf8')));
      for (const [key, phrase] of english) {
        const counted = /\.(one|other)$/.test(key);
        const their = theirs.get(key) ?? (counted ? theirs.get(key.replace(/\.one$/, '.other')) : undefined) ?? '';
        expect(their.trim(), `${code} ${key}`).not.toBe('');
        if (!MAY_LEAVE_OUT[code]?.includes(key))
          expect(placeholdersOf(their), `${code} ${key}`).toEqual(placeholdersOf(phrase));
        expect(their, `${code} ${key} is still English`).not.toBe(phrase);
      }
      // Every plural form the language's rules pick has its own phrase.
      const forms = new Intl.PluralRules(launchLanguage(code).locale).resolvedOptions().pluralCategories;
      for (const form of forms) expect(theirs.has(`tooManyLegs.${form}`), `${code} tooManyLegs.${form}`).toBe(true);
    }
  });

  it('words a refusal in Thai, Chinese or Arabic for a launch in that language', () => {
    const error = new StudioError('STUDIO_INSUFFICIENT_FUNDS', { balance: 5 });
    const th = JSON.parse(readFileSync(`${dir}th.json`, 'utf8')) as { codes: Record<string, string> };
    expect(studioErrorBody(error, 'TH').message).toBe(th.codes.STUDIO_INSUFFICIENT_FUNDS);
    for (const code of ['TH', 'zh-hant', 'ZH', 'AR']) {
      expect(studioErrorBody(error, code).message, code).not.toBe(error.message);
      expect(studioErrorBody(error, code).code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    }
    expect(errorWords('RU').tooManyLegs(2)).toMatch(/2/);
    expect(errorWords('RU').tooManyLegs(5)).not.toBe(errorWords('RU').tooManyLegs(2).replace('2', '5'));
  });
});
