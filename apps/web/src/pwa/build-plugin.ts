import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { OFFLINE_SCRIPT } from './cache-rules';
import { type OfflineTexts, offlineScript, offlineTextsOf } from './offline-texts';

// Builds the service worker (sw.ts) into /sw.js beside the site and writes into it the build's
// version and the files to precache, taken from this build's output (docs/pwa.md). No
// PWA library: the worker is about a hundred lines and its rules are the platform's own.

const entry = fileURLToPath(new URL('./sw.ts', import.meta.url));
export const SW_FILE = 'sw.js';
const locales = fileURLToPath(new URL('../locales/', import.meta.url));

/** The offline page's strings of every locale file that has them (offline-texts.ts). */
function offlineTexts(): Record<string, OfflineTexts> {
  const texts: Record<string, OfflineTexts> = {};
  for (const file of readdirSync(locales).filter((f) => f.endsWith('.json'))) {
    const own = offlineTextsOf(JSON.parse(readFileSync(`${locales}${file}`, 'utf8')));
    if (own) texts[file.slice(0, -'.json'.length)] = own;
  }
  return texts;
}

/** The app shell and the hashed scripts and styles; of the 38 language files only English (the fallback). */
export function precacheList(files: { fileName: string; facadeModuleId?: string | null }[]): string[] {
  return files
    .filter(({ fileName }) => fileName.startsWith('assets/') && /\.(js|css)$/.test(fileName))
    .filter(({ facadeModuleId }) => {
      const locale = /\/locales\/([^/]+)\.json$/.exec(facadeModuleId ?? '');
      return !locale || locale[1] === 'en';
    })
    .map(({ fileName }) => `/${fileName}`)
    .sort();
}

export function serviceWorker(): Plugin {
  return {
    name: 'gamehall-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: OFFLINE_SCRIPT.slice(1), source: offlineScript(offlineTexts()) });
      const sw = bundle[SW_FILE];
      if (sw?.type !== 'chunk') throw new Error('service worker chunk missing');
      const files = Object.values(bundle)
        .filter((out) => out.fileName !== SW_FILE)
        .map((out) => ({ fileName: out.fileName, facadeModuleId: out.type === 'chunk' ? out.facadeModuleId : null }));
      const precache = precacheList(files);
      const version = createHash('sha256')
        .update(
          files
            .map((f) => f.fileName)
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 12);
      const placeholder = /(["'`])__PWA_BUILD__\1/;
      if (!placeholder.test(sw.code)) throw new Error('service worker build placeholder missing');
      sw.code = sw.code.replace(placeholder, () => JSON.stringify(JSON.stringify({ version, precache })));
      // A worker script is a classic script: it must not import anything (no shared chunk).
      if (/^\s*import\b|\bimport\s*\(/m.test(sw.code) || sw.imports.length > 0) {
        throw new Error('the service worker must not import other chunks');
      }
    },
  };
}
