import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress';
import { reactRouterProduction } from '../../scripts/production-builds';

// The console is served by the API server under /console/ (apps/server/src/http/web-static.ts);
// the dev server proxies the API to a running server (npm start) so `npx vite apps/console` works beside it.
const api = process.env.GAMEHALL_API ?? 'http://127.0.0.1:3000';
const proxied = ['/admin', '/wps', '/media'];

export default defineConfig({
  base: '/console/',
  plugins: [react(), reactRouterProduction(), tailwindcss(), precompress()],
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api }])) },
});
