import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchLanguage } from '../i18n';
import { phraseLeaves, placeholdersOf } from '../words-check';
import { englishCardRoomWords, loadCardRoomWords } from './cr-words';
import en from './words/en.json';

// The card room page's words: a file for each of the player site's languages, each with every
// English phrase (none left in English by mistake but the poker terms the language borrows), with
// the same placeholders; a language is loaded by the platform's code.

const dir = fileURLToPath(new URL('./words/', import.meta.url));
const siteLocales = readdirSync(fileURLToPath(new URL('../../../../web/src/locales/', import.meta.url)))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

describe('the card room words', () => {
  it("has a file for each of the site's languages, each with every phrase and its placeholders", () => {
    const files = readdirSync(dir).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...siteLocales].sort());
    const e = phraseLeaves(en);
    for (const lang of files) {
      const t = phraseLeaves(JSON.parse(readFileSync(`${dir}${lang}.json`, 'utf8')));
      expect([...t.keys()].sort(), lang).toEqual([...e.keys()].sort());
      for (const [key, phrase] of e)
        expect(placeholdersOf(t.get(key)!), `${lang} ${key}`).toEqual(placeholdersOf(phrase));
      // The sentences are translated (short poker terms may be the same word).
      if (lang !== 'en') expect(t.get('lobby.noHouse'), lang).not.toBe(e.get('lobby.noHouse'));
    }
  });

  it('loads a language by its platform code, English for an unknown one', async () => {
    expect((await loadCardRoomWords(launchLanguage('TY'))).table.sit).toBe('Umupo');
    expect((await loadCardRoomWords(launchLanguage('ZH-HANT'))).table.sit).toBe('入座');
    expect(await loadCardRoomWords(launchLanguage('XX'))).toBe(englishCardRoomWords);
  });
});
