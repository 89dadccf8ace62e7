import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchLanguage, PAGE_LANGUAGES } from './i18n';
import { englishKitWords, kitWords, loadKitWords } from './kit-words';
import { ApiError, request } from './ui';
import { phraseLeaves, placeholdersOf } from './words-check';

// The kit's words every studio page shares (frame, reality check, session ended, request errors):
// one file per platform language, each with every English phrase, its placeholders, and no phrase
// left in English but those a language writes as English does.

const dir = fileURLToPath(new URL('./kit-words/', import.meta.url));
const sportsbookDir = fileURLToPath(new URL('./sportsbook/words/', import.meta.url));
const codes = (d: string) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

// What a language may write as English does: the demo badge, and the reality check's name (the
// industry's term, kept in English by Filipino players and some others); German's word for fairness.
const MAY_STAY_ENGLISH = new Set(['frame.demo', 'realityCheck.title']);
const SAME_IN: Record<string, string[]> = { de: ['frame.fairness'] };

describe('the kit words', () => {
  const english = phraseLeaves(englishKitWords);

  it('come in every language the sportsbook and card room speak, each phrase translated with its placeholders', () => {
    expect(codes(dir)).toEqual(codes(sportsbookDir));
    // The languages a page may be in are exactly those with words: any other code is English.
    expect([...PAGE_LANGUAGES].sort()).toEqual(codes(dir));
    for (const code of codes(dir).filter((c) => c !== 'en')) {
      const theirs = phraseLeaves(JSON.parse(readFileSync(`${dir}${code}.json`, 'utf8')));
      expect([...theirs.keys()].sort(), code).toEqual([...english.keys()].sort());
      for (const [key, phrase] of english) {
        const their = theirs.get(key) ?? '';
        expect(their.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholdersOf(their), `${code} ${key}`).toEqual(placeholdersOf(phrase));
        if (!MAY_STAY_ENGLISH.has(key) && !SAME_IN[code]?.includes(key))
          expect(their, `${code} ${key} is still English`).not.toBe(phrase);
      }
    }
  });

  describe('on a page', () => {
    afterEach(async () => {
      vi.unstubAllGlobals();
      await loadKitWords(launchLanguage('EN'));
    });

    it("are the frame's Filipino for a TY launch and English otherwise, before any load", () => {
      const ty = kitWords('TY').frame;
      const en = kitWords('EN').frame;
      expect(ty.backToLobby).toBe('Bumalik sa lobby');
      for (const key of Object.keys(en) as (keyof typeof en)[])
        if (key !== 'demo') expect(ty[key], key).not.toBe(en[key]);
      expect(kitWords('ty').frame).toBe(ty);
      expect(kitWords('DE').frame).toBe(en);
      expect(kitWords(undefined).frame).toBe(en);
    });

    it("are the loaded language's once the page loaded them, English and Filipino without loading", async () => {
      expect(kitWords('TY').frame.backToLobby).toBe('Bumalik sa lobby');
      expect(kitWords('TH')).toBe(englishKitWords);
      const thai = await loadKitWords(launchLanguage('TH'));
      expect(thai.frame.backToLobby).not.toBe(englishKitWords.frame.backToLobby);
      expect(kitWords('th')).toBe(thai);
      expect(kitWords('DE')).toBe(englishKitWords);
      expect(await loadKitWords(launchLanguage('XX'))).toBe(englishKitWords);
    });

    it("word a request's failure in the page's language", async () => {
      const thai = await loadKitWords(launchLanguage('TH'));
      vi.stubGlobal('fetch', async () => {
        throw new TypeError('network down');
      });
      const lost = (await request('/api/session', {}, 'TH').catch((e: unknown) => e)) as ApiError;
      expect(lost).toBeInstanceOf(ApiError);
      expect(lost.message).toBe(thai.errors.connectionLost);
      vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
      const failed = (await request('/api/session', {}, 'TH').catch((e: unknown) => e)) as ApiError;
      expect(failed.message).toBe(thai.errors.requestFailed.replace('{status}', '502'));
    });
  });
});
