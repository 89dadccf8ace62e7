import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchLanguage } from '../i18n';
import { placeholdersOf } from '../words-check';
import { englishTongitsWords, loadTongitsWords } from './tongits-words';
import en from './tongits-words/en.json';

// The Tongits page's words: the sportsbook's 38 languages, each file with every English phrase (a
// counted phrase with its `other` form) and the same placeholders, loaded by the platform's code.

const dir = fileURLToPath(new URL('./tongits-words/', import.meta.url));
const sbDir = fileURLToPath(new URL('../sportsbook/words/', import.meta.url));

describe('the Tongits page’s words', () => {
  it('has a file for every language of the sportsbook, each with every phrase and its placeholders', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(readdirSync(sbDir).sort());
    expect(files).toHaveLength(38);
    for (const file of files) {
      const words = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Record<string, unknown>;
      expect(Object.keys(words).sort(), file).toEqual(Object.keys(en).sort());
      for (const [key, phrase] of Object.entries(en)) {
        const theirs = words[key];
        if (typeof phrase === 'string') {
          expect(typeof theirs, `${file} ${key}`).toBe('string');
          expect(placeholdersOf(theirs as string), `${file} ${key}`).toEqual(placeholdersOf(phrase));
          if (file !== 'en.json' && key !== 'title') expect(theirs, `${file} ${key}`).not.toBe('');
        } else {
          expect(typeof (theirs as { other?: unknown }).other, `${file} ${key}`).toBe('string');
        }
      }
    }
  });

  it('loads a language by the platform’s code, English for one with no file', async () => {
    expect((await loadTongitsWords(launchLanguage('TY'))).sapaw).toBe('Sapaw');
    expect((await loadTongitsWords(launchLanguage('ZH-HANT'))).draw).toBe('摸牌');
    expect(await loadTongitsWords(launchLanguage('XX'))).toBe(englishTongitsWords);
  });
});
