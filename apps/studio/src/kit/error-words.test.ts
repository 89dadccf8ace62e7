import { describe, expect, it } from 'vitest';
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

  it('answers a refusal in the language asked for, with the same code, English for anything but TY', () => {
    const error = new StudioError('STUDIO_INSUFFICIENT_FUNDS', { balance: 5 });
    expect(error.message).toBe('Insufficient balance for this bet');
    expect(studioErrorBody(error, 'TY')).toEqual({
      code: 'STUDIO_INSUFFICIENT_FUNDS',
      message: 'Kulang ang balanse para sa taya na ito',
      detail: { balance: 5 },
    });
    expect(studioErrorBody(error, ' ty ').message).toBe('Kulang ang balanse para sa taya na ito');
    for (const other of ['EN', 'ZH', '<script>', undefined, ['TY'], 42]) {
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
});
