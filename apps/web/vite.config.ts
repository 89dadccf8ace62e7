import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress';
import { reactRouterProduction } from '../../scripts/production-builds';
import { englishCore } from './english-core';
import { serviceWorker } from './src/pwa/build-plugin';

// The dev server proxies the API to a running server (npm start) so `npx vite` works beside it.
const api = process.env.GAMEHALL_API ?? 'http://127.0.0.1:3000';
const proxied = [
  '/wps',
  '/lgw',
  '/art',
  '/dev',
  '/ws',
  '/lotto',
  '/manifest.webmanifest',
  '/pwa',
  '/download',
  '/media',
];

export default defineConfig({
  plugins: [react(), reactRouterProduction(), tailwindcss(), englishCore(), serviceWorker(), precompress()],
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/ws' }])) },
});
