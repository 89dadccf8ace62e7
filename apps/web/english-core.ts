import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { coreStrings } from './src/lib/core-namespaces';

// `virtual:locale-en-core`: the English strings of the first chunk (lib/core-namespaces.ts); the
// whole en.json is a lazy chunk like every other language. The site's build and the unit tests
// (vitest.config.ts) both resolve it, so any module of the site can be imported in a test.
export function englishCore(): Plugin {
  const id = 'virtual:locale-en-core';
  const file = fileURLToPath(new URL('./src/locales/en.json', import.meta.url));
  return {
    name: 'gamehall-english-core',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(file);
      return `export const strings = ${JSON.stringify(coreStrings(JSON.parse(readFileSync(file, 'utf8'))))};`;
    },
  };
}
