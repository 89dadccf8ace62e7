import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a running server (npm start) so `npx vite` works beside it.
const api = process.env.GAMEHALL_API ?? 'http://127.0.0.1:3000';
const proxied = ['/wps', '/lgw', '/art', '/dev', '/ws', '/lotto'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/ws' }])) },
});
