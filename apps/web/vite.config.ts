import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/precompress';
import { coreStrings } from './src/lib/core-namespaces';
import { serviceWorker } from './src/pwa/build-plugin';

// The dev server proxies the API to a running server (npm start) so `npx vite` works beside it.
const api = process.env.GAMEHALL_API ?? 'http://127.0.0.1:3000';
const proxied = ['/wps', '/lgw', '/art', '/dev', '/ws', '/lotto', '/manifest.webmanifest', '/pwa', '/download'];

// `virtual:locale-en-core`: the English strings of the first chunk (lib/core-namespaces.ts); the
// whole en.json is a lazy chunk like every other language.
function englishCore(): Plugin {
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

export default defineConfig({
  plugins: [react(), tailwindcss(), englishCore(), serviceWorker(), precompress()],
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/ws' }])) },
});
